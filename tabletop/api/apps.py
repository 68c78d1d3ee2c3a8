from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "tabletop.api"
    label = "api"
