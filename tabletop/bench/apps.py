from django.apps import AppConfig


class BenchConfig(AppConfig):
    name = "tabletop.bench"
    label = "bench"
