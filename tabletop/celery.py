import os

from celery import Celery
from celery.signals import task_postrun, worker_init
from django.db import close_old_connections, connections

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tabletop.settings")

app = Celery("tabletop")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Celery's own Django fixup closes the database connections around every task, and in a
# prefork worker it closes Django's whole connection pool with them (celery/celery#10554):
# each email then opened two new PostgreSQL connections, a server process forked and every
# query planned afresh, about 130 a second at 1,000 players online. settings.
# CELERY_DB_REUSE_MAX turns that closing off; the two receivers below do what it was for.


@worker_init.connect
def start_without_connections(**_) -> None:
    """A worker starts with no connection open (the fixup's closing did this too): one left
    open here would be closed under the pool's feet where the fixup closes the connections a
    worker process inherits, and handed out again with a dead socket."""
    connections.close_all()


@task_postrun.connect
def hand_back_the_connections(sender=None, **_) -> None:
    """After each task the connections go back to the pool (or close when they are old or
    broken), as Django hands them back after each request."""
    if not getattr(getattr(sender, "request", None), "is_eager", False):
        # An eager task runs inside its caller's transaction (a test's, a request's).
        close_old_connections()
