"""Pages about email: one-click unsubscribe, and the local outbox of the embedded default."""

from __future__ import annotations

import re
from email import message_from_string, policy
from email.message import EmailMessage

from csp.constants import NONE, SELF, UNSAFE_INLINE
from csp.decorators import csp
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.clickjacking import xframe_options_sameorigin
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from tabletop.accounts.links import BadLink
from tabletop.accounts.views import bad_link
from tabletop.mail import subscriptions
from tabletop.mail.models import LocalMail

LOCAL_BACKEND = "tabletop.mail.backends.LocalOutboxBackend"
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


def local_outbox_link(request: HttpRequest) -> dict:
    """A context processor: the navigation and the "we sent" flashes link the outbox while DEBUG
    is on and mail stays here, so a newcomer finds the email `make run` keeps."""
    if settings.DEBUG and mail_stays_here():
        return {"local_outbox_url": reverse("local-outbox")}
    return {}


def mail_stays_here() -> bool:
    return settings.EMAIL_BACKEND == LOCAL_BACKEND


def outbox_open_to(request: HttpRequest) -> bool:
    """While DEBUG is on (a developer's own machine, as `make run` runs it, whose error pages
    show far more) anyone reads every email, an invitee without an account too; without DEBUG
    only staff do: the emails hold log-in links."""
    return mail_stays_here() and (settings.DEBUG or request.user.is_staff)


def local_outbox(request: HttpRequest) -> HttpResponse:
    """Every email the embedded default kept, newest first."""
    if not outbox_open_to(request):
        raise Http404("No local outbox here.")
    context = {"mails": LocalMail.objects.all()[:OUTBOX_PAGE], **origins(request)}
    return render(request, "web/local_outbox.html", context)


def local_mail(request: HttpRequest, mail_id: int) -> HttpResponse:
    """One email as its reader sees it: the HTML part framed, the text part with live links."""
    if not outbox_open_to(request):
        raise Http404("No local outbox here.")
    mail = get_object_or_404(LocalMail, pk=mail_id)
    message = parsed(mail)
    context = {
        "mail": mail,
        "reply_to": message.get("Reply-To", ""),
        "text": part(message, "plain"),
        "has_html": part(message, "html") is not None,
        **origins(request),
    }
    return render(request, "web/local_mail.html", context)


# The HTML part is the email's own markup: it runs no script, submits no form and, framed in
# the email's page, sits in a sandbox apart from the site; a link a person clicks opens in the
# whole window, as a mail program opens it in a browser.
HTML_PART_POLICY = {
    "default-src": [NONE],
    "style-src": [UNSAFE_INLINE],
    "img-src": [SELF, "data:"],
    "base-uri": [NONE],
    "form-action": [NONE],
    "frame-ancestors": [SELF],
    "sandbox": ["allow-top-navigation-by-user-activation"],
}


@xframe_options_sameorigin
@csp(HTML_PART_POLICY)
def local_mail_html(request: HttpRequest, mail_id: int) -> HttpResponse:
    if not outbox_open_to(request):
        raise Http404("No local outbox here.")
    html = part(parsed(get_object_or_404(LocalMail, pk=mail_id)), "html")
    if html is None:
        raise Http404("This email has no HTML part.")
    return HttpResponse(links_open_the_window(html), content_type="text/html; charset=utf-8")


def parsed(mail: LocalMail) -> EmailMessage:
    return message_from_string(mail.message, policy=policy.default)


def part(message: EmailMessage, subtype: str) -> str | None:
    """The decoded text of the message's text/<subtype> part; None when it has none."""
    body = message.get_body(preferencelist=(subtype,))
    if body is None or body.get_content_subtype() != subtype:
        return None
    return body.get_content()


def links_open_the_window(html: str) -> str:
    """A framed page's links would open inside the frame, where the site refuses to be shown."""
    base = '<base target="_top">'
    head = re.search(r"<head(\s[^>]*)?>", html, flags=re.IGNORECASE)
    if head is None:
        return base + html
    return html[: head.end()] + base + html[head.end() :]


def origins(request: HttpRequest) -> dict:
    """The emails' links open SITE_URL: browsed at another origin, a click lands logged out."""
    here = request.build_absolute_uri("/").rstrip("/")
    return {"site_url": settings.SITE_URL, "browsed_at": here if here != settings.SITE_URL else ""}
