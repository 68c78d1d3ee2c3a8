from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "tabletop.play"
    label = "play"

    def ready(self) -> None:
        from tabletop.accounts.signals import (
            address_confirmed,
            clock_settings_changed,
            signed_up_by_invitation,
        )
        from tabletop.play import invitations, store

        clock_settings_changed.connect(store.on_clock_settings_changed, dispatch_uid="play-clock")
        signed_up_by_invitation.connect(
            invitations.accept_on_sign_up, dispatch_uid="play-invited-sign-up"
        )
        address_confirmed.connect(
            invitations.accept_on_confirmation, dispatch_uid="play-invited-address-confirmed"
        )
