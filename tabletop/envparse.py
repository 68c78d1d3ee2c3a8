"""Reading settings from environment variables."""

import os
from urllib.parse import unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

TRUE = {"1", "true", "yes", "on"}
# Public, so it only ever signs anything on a developer's machine (DEBUG on).
DEVELOPMENT_SECRET_KEY = "embedded-default-key-set-SECRET_KEY-in-production"


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value in (None, "") else value.strip().lower() in TRUE


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    return default if not value else [item.strip() for item in value.split(",") if item.strip()]


def secret_key(debug: bool) -> str:
    """SECRET_KEY; without one, the public development key while DEBUG is on, else a refusal.

    The key signs sessions, log-in links, reply addresses and unsubscribe links: a server
    running on the public key would accept links and replies that anyone can forge.
    """
    key = os.environ.get("SECRET_KEY", "").strip()
    if key:
        return key
    if debug:
        return DEVELOPMENT_SECRET_KEY
    raise ImproperlyConfigured(
        "SECRET_KEY is not set. It signs log-in links, reply addresses and unsubscribe links, "
        "so tabletop refuses to run without one when DEBUG is off. Set SECRET_KEY to a long "
        "random value, e.g. the output of: "
        "python -c 'import secrets; print(secrets.token_urlsafe(50))' "
        "(on a developer's machine, DEBUG=1 uses a public key instead)."
    )


def proxy_ssl_header(value: str) -> tuple[str, str] | None:
    """SECURE_PROXY_SSL_HEADER -> Django's setting.

    "X-Forwarded-Proto" trusts that header when it says https; "X-Forwarded-Proto=on" names
    another value. Empty: no proxy is trusted.
    """
    name, _, expected = value.partition("=")
    name = name.strip()
    if not name:
        return None
    return "HTTP_" + name.upper().replace("-", "_"), expected.strip() or "https"


def email_settings(url: str) -> dict:
    """EMAIL_URL -> Django email settings.

    smtp://user:pass@host:port, smtp+tls://... (STARTTLS), smtp+ssl://... (implicit TLS),
    console: ; empty keeps mail in the local outbox.
    """
    if not url:
        return {"EMAIL_BACKEND": "tabletop.mail.backends.LocalOutboxBackend"}
    parts = urlsplit(url)
    if parts.scheme == "console":
        return {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}
    if parts.scheme not in ("smtp", "smtp+tls", "smtp+ssl"):
        raise ValueError(
            f"EMAIL_URL scheme {parts.scheme!r}: use smtp, smtp+tls, smtp+ssl or console"
        )
    return {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": parts.hostname or "localhost",
        "EMAIL_PORT": parts.port or (465 if parts.scheme == "smtp+ssl" else 25),
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_TLS": parts.scheme == "smtp+tls",
        "EMAIL_USE_SSL": parts.scheme == "smtp+ssl",
        "EMAIL_TIMEOUT": 20,
    }
