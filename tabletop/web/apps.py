from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "tabletop.web"
    label = "web"
