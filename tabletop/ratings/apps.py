from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "tabletop.ratings"
    label = "ratings"

    def ready(self) -> None:
        from tabletop.ratings import listeners

        listeners.connect()
