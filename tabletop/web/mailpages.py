"""Pages about email: one-click unsubscribe, and the local outbox of the embedded default."""

from __future__ import annotations

from email.utils import getaddresses
from itertools import islice

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from tabletop.accounts.links import BadLink
from tabletop.accounts.views import bad_link
from tabletop.mail import subscriptions
from tabletop.mail.models import LocalMail

OUTBOX_PAGE = 200


@csrf_exempt  # RFC 8058: the provider POSTs without cookies; the signed token is the proof
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """GET asks to confirm (link scanners must not unsubscribe anyone); POST unsubscribes, and
    a POST with `undo` (the button on the page that confirms it) turns the email back on."""
    try:
        user, email = subscriptions.open_unsubscribe_link(token)
    except BadLink as problem:
        return bad_link(request, problem)
    context = {"email": email, "has_account": user is not None}
    if request.method == "POST" and request.POST.get("undo"):
        subscriptions.resubscribe(user, email)
        return render(request, "web/resubscribed.html", context)
    if request.method == "POST":
        subscriptions.unsubscribe(user, email)
        return render(request, "web/unsubscribed.html", context)
    return render(request, "web/unsubscribe.html", context)


def local_outbox(request: HttpRequest) -> HttpResponse:
    """Mail kept by the embedded default's backend: each player reads their own, staff all.

    Only there, with DEBUG on or for staff: the mail holds log-in links.
    """
    local = settings.EMAIL_BACKEND == "tabletop.mail.backends.LocalOutboxBackend"
    if not local:
        raise Http404("No local outbox here.")
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not (settings.DEBUG or request.user.is_staff):
        raise Http404("No local outbox here.")
    context = {"mails": mail_to(request.user), "everyone": request.user.is_staff}
    return render(request, "web/local_outbox.html", context)


def mail_to(user) -> list[LocalMail]:
    """The newest local mail addressed to `user`; every message for staff."""
    if user.is_staff:
        return list(LocalMail.objects.all()[:OUTBOX_PAGE])
    address = (user.email or "").strip().lower()
    if not address:
        return []
    # icontains narrows the rows; the parsed addresses decide (ann@x is inside joann@x).
    candidates = LocalMail.objects.filter(recipients__icontains=address).iterator()
    theirs = (mail for mail in candidates if address in addresses(mail.recipients))
    return list(islice(theirs, OUTBOX_PAGE))


def addresses(recipients: str) -> set[str]:
    return {address.lower() for _, address in getaddresses([recipients]) if address}
