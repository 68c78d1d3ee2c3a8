from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "tabletop.play"
    label = "play"

    def ready(self) -> None:
        from tabletop.accounts.signals import (
            account_deleted,
            address_confirmed,
            clock_settings_changed,
            data_asked,
            signed_up_by_invitation,
        )
        from tabletop.play import analysis_requests, invitations, leaving, my_data, signals, store

        clock_settings_changed.connect(store.on_clock_settings_changed, dispatch_uid="play-clock")
        signed_up_by_invitation.connect(
            invitations.accept_on_sign_up, dispatch_uid="play-invited-sign-up"
        )
        address_confirmed.connect(
            invitations.accept_on_confirmation, dispatch_uid="play-invited-address-confirmed"
        )
        account_deleted.connect(leaving.let_the_player_go, dispatch_uid="play-account-deleted")
        data_asked.connect(my_data.sections, dispatch_uid="play-my-data")
        signals.game_ended.connect(analysis_requests.on_game_over, dispatch_uid="play-analysis")
        signals.game_imported.connect(
            analysis_requests.on_game_over, dispatch_uid="play-analysis-imported"
        )
