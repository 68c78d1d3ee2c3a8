from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "tabletop.play"
    label = "play"
