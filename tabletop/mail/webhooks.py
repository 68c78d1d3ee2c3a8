"""Inbound email from a provider's webhook (django-anymail, /anymail/<provider>/inbound/).

Only the provider named by MAIL_INBOUND_PROVIDER is mounted: every other provider's URL is a
404. anymail checks the webhook's basic-auth secret (ANYMAIL_WEBHOOK_SECRET, which settings
demand with a provider) before the signal fires; a caller without it gets a 400.

Whether the sender is who its From says is the provider's verdict, where anymail passes one on:
Amazon SES's DMARC verdict, the SpamAssassin tests Postmark adds (DKIM_VALID_AU: a valid
signature of the author's domain), SendGrid's DKIM results checked for alignment with the From
domain. Any other provider's mail counts as unauthenticated, and so does mail the provider
marks as spam.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

from anymail.exceptions import AnymailConfigurationError
from anymail.signals import inbound
from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import SuspiciousOperation
from django.db import InterfaceError, OperationalError
from django.dispatch import receiver
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import re_path
from django.views.decorators.csrf import csrf_exempt

from tabletop.mail import inbound as mail_inbound
from tabletop.mail import senders

log = logging.getLogger(__name__)


# ---------------------------------------------------------------------------- the URL


def anymail_view(provider: str) -> Callable | None:
    """anymail's own inbound view for a provider (Mandrill has one view for everything)."""
    from anymail import urls

    names = (f"{provider}_inbound_webhook", f"{provider}_webhook")
    return next((p.callback for p in urls.urlpatterns if p.name in names), None)


@csrf_exempt
@login_not_required
def inbound_webhook(request: HttpRequest, provider: str) -> HttpResponse:
    configured = settings.MAIL_INBOUND_PROVIDER
    view = anymail_view(provider) if provider == configured else None
    if view is None:
        raise Http404("No inbound email is taken here.")
    try:
        return view(request)
    except (SuspiciousOperation, AnymailConfigurationError, OperationalError, InterfaceError):
        raise  # a caller without the secret (400), our setup, or a database away: not the mail
    except Exception as error:
        # The provider's payload could not be turned into a message (anymail's parser failed
        # on it): recorded as rejected, and a 200, or the provider would post it again forever.
        log.exception("inbound webhook post from %s could not be handled; rejected", provider)
        mail_inbound.reject(request.body, "webhook", f"{type(error).__name__}: {error}")
        return HttpResponse()


urlpatterns = [
    re_path(r"^(?P<provider>[a-z_]+)/inbound(?:_mime)?/$", inbound_webhook, name="inbound_email"),
]


# ---------------------------------------------------------------------------- the signal


@receiver(inbound, dispatch_uid="tabletop.mail.webhooks.inbound_email")
def inbound_email(sender, event, esp_name: str, **kwargs) -> None:
    provider = settings.MAIL_INBOUND_PROVIDER
    if esp_name.lower().replace(" ", "_") != provider:
        log.warning("inbound from %s ignored: MAIL_INBOUND_PROVIDER is %r", esp_name, provider)
        return
    message = event.message
    recipients = [message.envelope_recipient] if message.envelope_recipient else []
    mail_inbound.receive(
        message.as_bytes(), "webhook", recipients, authenticated=vouched_for(provider, event)
    )


# ---------------------------------------------------------------------------- verdicts


def vouched_for(provider: str, event) -> bool:
    """Whether the provider vouches that the From domain sent this message."""
    message = event.message
    domain = mail_inbound.domain_of(mail_inbound.sender_of(message))
    verdict = VERDICTS.get(provider)
    if message.spam_detected or not domain or verdict is None:
        return False
    try:
        return verdict(event, domain)
    except Exception:  # a payload without the expected fields: no verdict
        log.warning("no sender verdict in the %s payload", provider, exc_info=True)
        return False


def amazon_ses(event, domain: str) -> bool:
    """SES's DMARC verdict: SPF or DKIM passed, aligned with the From domain."""
    receipt = event.esp_event.get("receipt") or {}
    return (receipt.get("dmarcVerdict") or {}).get("status", "").upper() == "PASS"


def postmark(event, domain: str) -> bool:
    """Postmark's SpamAssassin tests. A message that brought its own X-Spam-Tests header has
    two, and is not believed."""
    found = [
        str(item.get("Value", ""))
        for item in event.esp_event.get("Headers", [])
        if str(item.get("Name", "")).lower() == "x-spam-tests"
    ]
    tests = {test.strip().upper() for test in found[0].split(",")} if len(found) == 1 else set()
    return "DKIM_VALID_AU" in tests


def sendgrid(event, domain: str) -> bool:
    """SendGrid's "dkim" field: "{@example.com : pass, @other.example : fail}"."""
    results = re.findall(r"@([^\s:,{}]+)\s*:\s*(\w+)", event.esp_event.POST.get("dkim", ""))
    return any(
        status.lower() == "pass" and senders.aligned(domain, signer) for signer, status in results
    )


VERDICTS: dict[str, Callable] = {
    "amazon_ses": amazon_ses,
    "postmark": postmark,
    "sendgrid": sendgrid,
}
