"""Production settings: no start without a secret key, and a clean `check --deploy`."""

from __future__ import annotations

import os
import subprocess
import sys

from django.conf import settings

from tabletop.envparse import proxy_ssl_header

# What the operator sets, and what the test run itself sets (the browser tests allow the ORM in
# async code): every test here starts from an environment without any of it.
SETTINGS_VARIABLES = {
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    "SECRET_KEY",
    "DEBUG",
    "ALLOWED_HOSTS",
    "SITE_URL",
    "REDIS_URL",
    "SECURE_PROXY_SSL_HEADER",
    "SECURE_HSTS_SECONDS",
}
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "k3y-for-the-deploy-check-only_7Qe9ZxV2mT4wR8yU1iO6pA3sD5fG0hJ",
    "ALLOWED_HOSTS": "tabletop.example.com",
    "SITE_URL": "https://tabletop.example.com",
    "SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto",
}


def run_django(*args: str, **variables: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS_VARIABLES}
    return subprocess.run(
        [sys.executable, *args],
        cwd=settings.BASE_DIR,
        env={**env, **variables},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_it_refuses_to_start_without_a_secret_key_when_debug_is_off():
    result = run_django("manage.py", "check", DEBUG="0")

    assert result.returncode != 0
    assert "ImproperlyConfigured: SECRET_KEY is not set." in result.stderr
    assert "refuses to run without one when DEBUG is off" in result.stderr


def test_debug_without_a_secret_key_runs_on_the_public_development_key():
    result = run_django("manage.py", "check", DEBUG="1")

    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout


def test_a_production_environment_passes_check_deploy_without_a_warning():
    assert len(PRODUCTION["SECRET_KEY"]) >= 50

    result = run_django("manage.py", "check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_an_https_site_redirects_plain_http_and_sends_hsts_behind_its_proxy():
    script = (
        "import django; django.setup();"
        "from django.test import Client;"
        "c = Client();"
        "plain = c.get('/accounts/login/', HTTP_HOST='tabletop.example.com');"
        "proxied = c.get('/accounts/login/', HTTP_HOST='tabletop.example.com',"
        " HTTP_X_FORWARDED_PROTO='https');"
        "health = c.get('/health/', HTTP_HOST='tabletop.example.com');"
        "print(plain.status_code, plain['Location']);"
        "print(proxied.status_code, proxied['Strict-Transport-Security']);"
        "print(health.status_code != 301)"
    )
    result = run_django("-c", script, DJANGO_SETTINGS_MODULE="tabletop.settings", **PRODUCTION)

    assert result.returncode == 0, result.stderr
    plain, proxied, health = result.stdout.splitlines()[-3:]
    assert plain == "301 https://tabletop.example.com/accounts/login/"
    assert proxied == "200 max-age=31536000; includeSubDomains; preload"
    assert health == "True"  # the container's health check asks over plain HTTP


def test_the_proxy_header_is_named_as_the_proxy_sends_it():
    assert proxy_ssl_header("X-Forwarded-Proto") == ("HTTP_X_FORWARDED_PROTO", "https")
    assert proxy_ssl_header("X-Forwarded-Ssl=on") == ("HTTP_X_FORWARDED_SSL", "on")
    assert proxy_ssl_header("") is None


def test_the_cache_is_redis_when_redis_url_is_set():
    script = (
        "import django; django.setup(); from django.conf import settings;"
        "print(settings.CACHES['default']['BACKEND'])"
    )
    with_redis = run_django(
        "-c",
        script,
        DJANGO_SETTINGS_MODULE="tabletop.settings",
        DEBUG="1",
        REDIS_URL="redis://127.0.0.1:6379/0",
    )
    without = run_django("-c", script, DJANGO_SETTINGS_MODULE="tabletop.settings", DEBUG="1")

    assert with_redis.stdout.split()[-1] == "tabletop.rediscache.KeptClientRedisCache"
    # Files, not each process's memory: the worker reads who has a game open (presence.py).
    assert without.stdout.split()[-1] == "tabletop.filecache.OccasionallyCulledFileCache"


def test_every_page_carries_a_policy_that_runs_no_inline_script(client, db):
    response = client.get("/accounts/login/")

    policy = dict(
        directive.strip().split(" ", 1)
        for directive in response["Content-Security-Policy"].split(";")
    )
    assert policy["default-src"] == "'self'"
    assert policy["script-src"] == "'self'"
    assert policy["style-src"] == "'self'"
    assert policy["object-src"] == "'none'"
    assert policy["frame-ancestors"] == "'none'"
