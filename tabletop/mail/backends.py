"""An email backend that keeps every message in the database, for the embedded default."""

from django.core.mail.backends.base import BaseEmailBackend


class LocalOutboxBackend(BaseEmailBackend):
    def send_messages(self, email_messages) -> int:
        from tabletop.mail.models import LocalMail

        for message in email_messages:
            LocalMail.objects.create(
                sender=message.from_email,
                recipients=", ".join(message.recipients()),
                subject=message.subject,
                message=message.message().as_string(),
            )
        return len(email_messages)
