from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "tabletop.accounts"
    label = "accounts"

    def ready(self) -> None:
        from allauth.account.signals import email_confirmed
        from django.contrib.auth.signals import user_logged_in, user_login_failed

        from tabletop.accounts import addresses, limits, link_sessions

        # A password log-in (or any other) lifts the limits of a session a link started.
        user_logged_in.connect(link_sessions.end, dispatch_uid="accounts-end-link-session")
        # Wrong passwords at any door count against the name they were tried for.
        user_login_failed.connect(
            limits.count_password_failure, dispatch_uid="accounts-count-password-failure"
        )
        # A confirmed address takes the seats its invitations hold (play listens).
        email_confirmed.connect(addresses.announce_confirmed, dispatch_uid="accounts-confirmed")
