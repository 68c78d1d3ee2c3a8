from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "tabletop.mail"
    label = "mail"
