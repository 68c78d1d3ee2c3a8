"""Pages about email: one-click unsubscribe, and the local outbox of the embedded default."""

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from tabletop.accounts.links import BadLink
from tabletop.accounts.views import bad_link
from tabletop.mail import subscriptions
from tabletop.mail.models import LocalMail


@csrf_exempt  # RFC 8058: the provider POSTs without cookies; the signed token is the proof
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """GET asks to confirm (link scanners must not unsubscribe anyone); POST unsubscribes."""
    try:
        user, email = subscriptions.open_unsubscribe_link(token)
    except BadLink as problem:
        return bad_link(request, problem)
    if request.method == "POST":
        subscriptions.unsubscribe(user, email)
        return render(request, "web/unsubscribed.html", {"email": email})
    return render(request, "web/unsubscribe.html", {"email": email})


def local_outbox(request: HttpRequest) -> HttpResponse:
    """Mail kept by the embedded default's backend; only there, or for staff."""
    local = settings.EMAIL_BACKEND == "tabletop.mail.backends.LocalOutboxBackend"
    if not (local and (settings.DEBUG or request.user.is_staff)):
        raise Http404("No local outbox here.")
    return render(request, "web/local_outbox.html", {"mails": LocalMail.objects.all()[:200]})
