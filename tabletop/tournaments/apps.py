from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tabletop.tournaments"
    label = "tournaments"

    def ready(self) -> None:
        from tabletop.tournaments import listeners

        listeners.connect()
