"""Inbound email from a provider's webhook (django-anymail, /anymail/<provider>/inbound/).

Only the provider named by MAIL_INBOUND_PROVIDER is listened to; anymail checks the webhook's
basic-auth secret (ANYMAIL_WEBHOOK_SECRET) before the signal fires.
"""

from __future__ import annotations

import logging

from anymail.signals import inbound
from django.conf import settings
from django.dispatch import receiver

from tabletop.mail import inbound as mail_inbound

log = logging.getLogger(__name__)


@receiver(inbound, dispatch_uid="tabletop.mail.webhooks.inbound_email")
def inbound_email(sender, event, esp_name: str, **kwargs) -> None:
    provider = settings.MAIL_INBOUND_PROVIDER.strip().lower()
    if esp_name.lower().replace(" ", "_") != provider:
        log.warning("inbound from %s ignored: MAIL_INBOUND_PROVIDER is %r", esp_name, provider)
        return
    message = event.message
    recipients = [message.envelope_recipient] if message.envelope_recipient else []
    mail_inbound.receive(message.as_bytes(), "webhook", recipients)
