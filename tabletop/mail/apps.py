from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "tabletop.mail"
    label = "mail"

    def ready(self) -> None:
        from tabletop.mail import listeners, webhooks  # noqa: F401 - webhooks connects on import

        listeners.connect()
