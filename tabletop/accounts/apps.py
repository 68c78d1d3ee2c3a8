from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "tabletop.accounts"
    label = "accounts"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from tabletop.accounts import link_sessions

        # A password log-in (or any other) lifts the limits of a session a link started.
        user_logged_in.connect(link_sessions.end, dispatch_uid="accounts-end-link-session")
