from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "tabletop.play"
    label = "play"

    def ready(self) -> None:
        from tabletop.accounts.signals import clock_settings_changed
        from tabletop.play import store

        clock_settings_changed.connect(store.on_clock_settings_changed, dispatch_uid="play-clock")
