import os

from celery import Celery
from celery.signals import task_postrun, worker_init
from django.db import close_old_connections, connections

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tabletop.settings")

app = Celery("tabletop")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Celery's own Django fixup closes the database connections around every task, and in a
# prefork worker Django's whole connection pool with them (celery/celery#10554): each email
# then opened two new PostgreSQL connections, each a server process forked and every query on
# it planned afresh, about 140 a second at 1,000 players online. CELERY_DB_REUSE_MAX (settings)
# turns that closing off; the two receivers below do what it was for.


@worker_init.connect
def start_without_connections(**_) -> None:
    """A worker starts with no connection open, as the fixup's closing left it. In a solo or
    threaded worker the fixup then closes the socket of any connection still open (it means
    those a forked process inherits) and gives the connection back to the pool, which later
    lends it to a task whose socket number another connection holds by then: the task hangs."""
    connections.close_all()


@task_postrun.connect
def hand_back_the_connections(sender=None, **_) -> None:
    """After each task the connections go back to the pool (or close when they are old or
    broken), as Django hands them back after each request."""
    if not getattr(getattr(sender, "request", None), "is_eager", False):
        # An eager task runs inside its caller's transaction (a test's, a request's).
        close_old_connections()
