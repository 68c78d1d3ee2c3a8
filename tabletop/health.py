"""The operators' health page at /health/: the database, the cache, the Celery broker and Redis.

`Accept: application/json` (or ?format=json) answers JSON; any failed check makes it a 500, which
is what the container health check and a load balancer look for. A worker that is down does not
make the web process unhealthy: the worker's own container health check pings it.
"""

import dataclasses
import os
from collections.abc import Iterator
from urllib.parse import urlsplit

from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.conf import settings
from django.http import HttpResponse
from health_check import Cache, Database
from health_check.base import HealthCheck
from health_check.contrib.redis import Redis
from health_check.exceptions import ServiceUnavailable
from health_check.views import HealthCheckView
from redis.asyncio import Redis as RedisClient

from tabletop.celery import app as celery_app

CONNECT_SECONDS = 3


@dataclasses.dataclass
class CeleryBroker(HealthCheck):
    """A task can be handed to the broker: Redis answers, or the broker folder takes files.

    The embedded default's filesystem broker has no server to connect to (kombu "connects" to
    any folder, even a missing one), so there the check is that its folders are writable.
    """

    transport: str = dataclasses.field(
        default_factory=lambda: urlsplit(settings.CELERY_BROKER_URL).scheme
    )

    def run(self) -> None:
        if self.transport == "filesystem":
            self.check_folders()
        else:
            self.check_connection()

    def check_folders(self) -> None:
        options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
        # kombu makes the control folder itself when it first needs it.
        for key in ("data_folder_in", "data_folder_out"):
            folder = options.get(key)
            if folder and not os.access(folder, os.W_OK):
                raise ServiceUnavailable(f"the broker folder {key} is missing or read-only")

    def check_connection(self) -> None:
        try:
            with celery_app.connection_for_write() as connection:
                connection.ensure_connection(max_retries=0, timeout=CONNECT_SECONDS)
        except Exception as problem:
            raise ServiceUnavailable(
                f"cannot reach the broker ({type(problem).__name__})"
            ) from problem


def redis_client() -> RedisClient:
    return RedisClient.from_url(
        settings.REDIS_URL,
        socket_connect_timeout=CONNECT_SECONDS,
        socket_timeout=CONNECT_SECONDS,
    )


class HealthView(HealthCheckView):
    def get_checks(self) -> Iterator[HealthCheck]:
        yield Database()
        yield Cache()
        yield CeleryBroker()
        if settings.REDIS_URL:
            yield Redis(client_factory=redis_client)

    def render_to_response(self, context: dict, **kwargs) -> HttpResponse:
        # The package's HTML page styles itself with a <style> block; it shows no user content.
        render = csp_update({"style-src": [UNSAFE_INLINE]})(super().render_to_response)
        return render(context, **kwargs)


health = HealthView.as_view()
