"""Reading settings from environment variables."""

import os
from urllib.parse import unquote, urlsplit

TRUE = {"1", "true", "yes", "on"}


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value in (None, "") else value.strip().lower() in TRUE


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    return default if not value else [item.strip() for item in value.split(",") if item.strip()]


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
