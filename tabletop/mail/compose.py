"""Turning an outbox row into an email message from the templates in templates/emails/."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string


def compose(row) -> EmailMultiAlternatives:
    context = {"row": row, "game": row.game, "user": row.user, "site_url": settings.SITE_URL}
    context.update(row.context)
    name = row.kind
    subject = render_to_string(f"emails/{name}-subject.txt", context).strip()
    text = render_to_string(f"emails/{name}-body.txt", context)
    html = render_to_string(f"emails/{name}-body.html", context)
    message = EmailMultiAlternatives(subject, text, settings.DEFAULT_FROM_EMAIL, [row.to])
    message.attach_alternative(html, "text/html")
    return message
