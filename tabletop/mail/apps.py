from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "tabletop.mail"
    label = "mail"

    def ready(self) -> None:
        from tabletop.mail import webhooks  # noqa: F401 - connects the inbound webhook
