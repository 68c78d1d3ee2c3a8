from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "tabletop.mail"
    label = "mail"

    def ready(self) -> None:
        from tabletop.mail import listeners, webhooks  # noqa: F401 - webhooks connects on import

        listeners.connect()
        self.watch_channels_set_up()

    @staticmethod
    def watch_channels_set_up() -> None:
        from django.db.models.signals import post_save

        from tabletop.accounts.models import PlayerWebhook, PushSubscription
        from tabletop.mail.models import TableWebhook
        from tabletop.mail.outgoing import mark_in_use

        for model in (PlayerWebhook, TableWebhook, PushSubscription):
            post_save.connect(mark_in_use, sender=model, dispatch_uid=f"mail-in-use-{model}")
