import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tabletop.settings")

app = Celery("tabletop")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
