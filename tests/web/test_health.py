"""The operators' health page at /health/."""

from __future__ import annotations

from django.conf import settings

DATABASE = "Database(alias='default')"


def health(client, accept: str = "application/json"):
    return client.get("/health/", HTTP_ACCEPT=accept)


def test_it_answers_200_with_every_check_ok_on_the_embedded_default(client, db):
    response = health(client)

    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "application/json"
    checks = response.json()
    assert checks[DATABASE] == "OK"
    assert checks["Cache(alias='default')"] == "OK"
    broker = f"CeleryBroker(transport='{'redis' if settings.REDIS_URL else 'filesystem'}')"
    assert checks[broker] == "OK"


def test_it_answers_500_and_names_the_broken_check(client, db, settings, tmp_path):
    settings.CELERY_BROKER_URL = "filesystem://"
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(tmp_path / "gone"),
        "data_folder_out": str(tmp_path / "gone"),
    }

    response = health(client)

    assert response.status_code == 500
    checks = response.json()
    assert checks["CeleryBroker(transport='filesystem')"] == (
        "Unavailable: the broker folder data_folder_in is missing or read-only"
    )
    assert checks[DATABASE] == "OK"


def test_it_checks_redis_when_redis_url_is_set(client, db, settings, redis_url):
    settings.REDIS_URL = redis_url

    checks = health(client).json()

    assert [checks[name] for name in checks if name.startswith("Redis(")] == ["OK"]


def test_a_person_gets_a_page(client, db):
    response = health(client, accept="text/html")

    assert response.status_code == 200
    assert b"Database" in response.content
    assert "'unsafe-inline'" in response["Content-Security-Policy"]  # the page's own <style>
