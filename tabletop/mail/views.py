"""Mail pages: the signed way into a game, one-click unsubscribe, the local outbox."""

from django.conf import settings
from django.contrib.auth import login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from tabletop.mail import links, subscriptions
from tabletop.mail.models import LocalMail

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


def go(request: HttpRequest, token: str) -> HttpResponse:
    """The link in a turn email: log the player in and open the game."""
    try:
        user, game_id = links.open_game_link(token)
    except links.BadLink as problem:
        return bad_link(request, problem)
    if request.user != user:
        login(request, user, backend=MODEL_BACKEND)
    return redirect(links.game_path(game_id))


def bad_link(request: HttpRequest, problem: links.BadLink) -> HttpResponse:
    context = {"problem": str(problem), "login_url": links.login_path()}
    return render(request, "mail/bad_link.html", context, status=400)


@csrf_exempt  # RFC 8058: the provider POSTs without cookies; the signed token is the proof
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """GET asks to confirm (link scanners must not unsubscribe anyone); POST unsubscribes."""
    try:
        user, email = links.open_unsubscribe_link(token)
    except links.BadLink as problem:
        return bad_link(request, problem)
    if request.method == "POST":
        subscriptions.unsubscribe(user, email)
        return render(request, "mail/unsubscribed.html", {"email": email})
    return render(request, "mail/unsubscribe.html", {"email": email})


def local_outbox(request: HttpRequest) -> HttpResponse:
    """Mail kept by the embedded default's backend; only there, or for staff."""
    local = settings.EMAIL_BACKEND == "tabletop.mail.backends.LocalOutboxBackend"
    if not (local and (settings.DEBUG or request.user.is_staff)):
        raise Http404("No local outbox here.")
    return render(request, "mail/local_outbox.html", {"mails": LocalMail.objects.all()[:200]})
