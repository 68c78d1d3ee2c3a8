"""Settings from environment variables only.

No variables at all gives the embedded default: SQLite, a Celery worker and beat on a
filesystem broker, and email kept in a local outbox readable in the browser.
`DATABASE_URL` and `REDIS_URL` switch to the production stack.
"""

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF, UNSAFE_INLINE
from django.core.exceptions import ImproperlyConfigured

from tabletop.envparse import email_settings, env_bool, env_list, proxy_ssl_header, secret_key

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("TABLETOP_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)

DEBUG = env_bool("DEBUG", False)
SECRET_KEY = secret_key(DEBUG)  # refuses to start without one unless DEBUG is on
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000").rstrip("/")
CSRF_TRUSTED_ORIGINS = [SITE_URL]

# A site served over HTTPS (SITE_URL https://...) redirects plain HTTP, sends HSTS and keeps
# its cookies off plain HTTP. Behind a proxy that ends TLS, Django sees plain HTTP unless
# SECURE_PROXY_SSL_HEADER names the header the proxy sets (X-Forwarded-Proto); without it the
# redirect never ends. The proxy must overwrite that header, never pass a client's through.
HTTPS = SITE_URL.startswith("https://")
SECURE_PROXY_SSL_HEADER = proxy_ssl_header(os.environ.get("SECURE_PROXY_SSL_HEADER", ""))
SECURE_SSL_REDIRECT = HTTPS
# The container's health check asks from inside, over plain HTTP.
SECURE_REDIRECT_EXEMPT = [r"^health/$"]
# HSTS is remembered by browsers for this long: SECURE_HSTS_SECONDS=300 while trying HTTPS out.
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS") or (31_536_000 if HTTPS else 0))
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
SESSION_COOKIE_SECURE = HTTPS
# Sessions in the database, read from the cache (tabletop/accounts/sessions.py).
SESSION_ENGINE = "tabletop.accounts.sessions"
CSRF_COOKIE_SECURE = HTTPS
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp): scripts and stylesheets only from the site's own
# static files, so injected markup cannot run script. Style attributes stay allowed: the
# boards size bars with them (DOS's score bar), and they cannot run script.
# htmx's own indicator <style> is switched off in base.html (includeIndicatorStyles).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "style-src-attr": [UNSAFE_INLINE],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "anymail",
    "csp",
    "health_check",
    "allauth",
    "allauth.account",
    "tabletop.accounts",
    "tabletop.play",
    "tabletop.tournaments",
    "tabletop.mail",
    "tabletop.ratings",
    "tabletop.web",
    "tabletop.api",
    "tabletop.bench",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "tabletop.accounts.middleware.LinkSessionMiddleware",
    "tabletop.accounts.middleware.PlayerTimeZoneMiddleware",
    "tabletop.accounts.middleware.PlayerLanguageMiddleware",
    "tabletop.accounts.former_players.FormerPlayerMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "tabletop.urls"
WSGI_APPLICATION = "tabletop.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tabletop.web.waiting.games_waiting",
                "tabletop.web.mailpages.local_outbox_link",
            ],
        },
    },
]

SQLITE_OPTIONS = {
    # IMMEDIATE takes the write lock when a transaction starts, so two submissions queue
    # instead of both reading the same seq; WAL lets readers go on meanwhile.
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'tabletop.sqlite3'}", conn_max_age=60
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = SQLITE_OPTIONS
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test.sqlite3")}
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool(
    "DATABASE_PREPARED_STATEMENTS", True
):
    # Parameters bound by the server, and a statement run five times on a connection kept
    # prepared there: the move's and the polls' queries are planned once per connection, not
    # on every request. Off (0) behind a connection pooler in transaction mode (PgBouncer).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        server_side_binding=True, prepare_threshold=5
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Connections from psycopg's pool (Django's own, psycopg[pool]), per process: a request
    # or a task takes one and gives it back, kept open with its prepared statements; a
    # threaded server shares DATABASE_POOL_MAX among its threads. 0 turns the pool off
    # (behind PgBouncer, say), and each thread then keeps its own connection for a minute.
    POOL_MAX = int(os.environ.get("DATABASE_POOL_MAX", "8"))
    if POOL_MAX > 0:
        DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool keeps them; Django must not
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": 1,
            "max_size": POOL_MAX,
            # Longer than this without a free connection fails the request instead of piling up.
            "timeout": 10,
        }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "dashboard"
LOGOUT_REDIRECT_URL = "login"

# Accounts are django-allauth's, adapted in tabletop/accounts (adapter.py, forms.py, views.py):
# log in by username or address, or by a code emailed to the address. Sign-up sends a link
# that verifies the address; until it is clicked the player plays, but no game email goes to
# it (tabletop/accounts/addresses.py). Signing up from an invitation's link verifies at once.
# The backends are Django's and allauth's, reading the player with their preferences in one
# query (tabletop/accounts/backends.py).
AUTHENTICATION_BACKENDS = [
    "tabletop.accounts.backends.PlayerBackend",
    "tabletop.accounts.backends.PlayerAuthenticationBackend",
]
ACCOUNT_ADAPTER = "tabletop.accounts.adapter.AccountAdapter"
ACCOUNT_FORMS = {
    "login": "tabletop.accounts.forms.LoginForm",
    "signup": "tabletop.accounts.forms.SignupForm",
}
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_EMAIL_CONFIRMATION_EXPIRE_DAYS = 7
ACCOUNT_LOGIN_BY_CODE_ENABLED = True
# One address per account; a new one is verified before it replaces the old.
ACCOUNT_CHANGE_EMAIL = True
# A password reset or log-in code asked for an address nobody plays with sends nothing: no
# mail to strangers on anyone's say-so.
ACCOUNT_EMAIL_UNKNOWN_ACCOUNTS = False
ACCOUNT_SESSION_REMEMBER = True
# A session opened by an email's link must reach the log-in page (accounts/link_sessions.py).
ACCOUNT_AUTHENTICATED_LOGIN_REDIRECTS = False
ACCOUNT_EMAIL_SUBJECT_PREFIX = ""
# Behind reverse proxies the client's IP (what every per-IP rate limit counts) is read from
# X-Forwarded-For, that many hops from the right: TRUSTED_PROXY_COUNT=1 behind one proxy.
# Leave it 0 without a proxy, or anyone can pick their IP with the header.
ALLAUTH_TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))

LANGUAGE_CODE = "en"
# The player's setting picks one of these, else the browser's Accept-Language, else English
# (tabletop/accounts/middleware.py). Catalogues: tabletop/locale/<code>/LC_MESSAGES/django.po,
# compiled by `make` (pybabel compile); the .mo files are not kept in the repository.
LANGUAGES = [("en", "English"), ("pl", "Polski"), ("cs", "Čeština")]
LOCALE_PATHS = [BASE_DIR / "tabletop" / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)  # whitenoise warns on every request without it

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "tabletop.api.authentication.PlayerTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # The API reads JSON only, with its size and nesting limited (auth/token/ takes forms too).
    "DEFAULT_PARSER_CLASSES": ["tabletop.api.parsers.JSONParser"],
    "EXCEPTION_HANDLER": "tabletop.api.errors.handle_exception",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "tabletop API",
    "DESCRIPTION": "Slow tabletop games: create, join, move and replay.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Separate request and answer components, so that read-only fields are not asked for.
    "COMPONENT_SPLIT_REQUEST": True,
    # A webhook and a tournament both have a format: each its own enum, named.
    "ENUM_NAME_OVERRIDES": {
        "WebhookFormatEnum": ["json", "discord", "slack"],
        "TournamentFormatEnum": ["round_robin", "swiss"],
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "tabletop.api.schema.tell_what_text_may_hold",
    ],
}

# Celery: Redis when REDIS_URL is set, else a broker in files under var/ so that the
# embedded default still runs a real worker and beat without any server.
REDIS_URL = os.environ.get("REDIS_URL", "")
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    # A move must not wait long on a broker that is down: the beat sweep sends what a failed
    # publish left behind.
    CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 3, "socket_timeout": 10}
else:
    BROKER_DIR = VAR_DIR / "broker"
    (BROKER_DIR / "processed").mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_URL = "filesystem://"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(BROKER_DIR),
        "data_folder_out": str(BROKER_DIR),
        "processed_folder": str(BROKER_DIR / "processed"),
        "store_processed": False,
        # Else kombu keeps its exchange table in ./control, wherever the worker started.
        "control_folder": str(BROKER_DIR / "control"),
    }
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Sites (or test runs) sharing one Redis keep their tasks apart by naming their own queue.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "celery")
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.2}
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
# How many tasks before Celery's Django fixup closes the database connections, pool and all
# (by default around every task): never, since tabletop/celery.py hands them back to the pool
# after each task instead.
CELERY_DB_REUSE_MAX = 10**12
CELERY_BEAT_SCHEDULE = {
    "deadlines-every-minute": {"task": "tabletop.play.tasks.sweep_deadlines", "schedule": 60.0},
    "mail-every-minute": {"task": "tabletop.mail.tasks.sweep", "schedule": 60.0},
    "tournaments-every-minute": {
        "task": "tabletop.tournaments.tasks.sweep_tournaments",
        "schedule": 60.0,
    },
}

# The cache (rate limits count in it, and who has a game open: tabletop/play/presence.py):
# Redis when REDIS_URL is set, so that every web process counts together; else files under
# var/, which the embedded default's worker reads too (it holds a turn email back while its
# player has the game open). It shares the broker's Redis database, so never cache.clear()
# there: that empties the task queue too.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "tabletop.rediscache.KeptClientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "tabletop",
            "OPTIONS": {"socket_connect_timeout": 3, "socket_timeout": 3},
        }
    }
else:
    CACHES = {
        "default": {
            # Django's file cache, which lists its folder at most every 30 s, not on each write.
            "BACKEND": "tabletop.filecache.OccasionallyCulledFileCache",
            "LOCATION": str(VAR_DIR / "cache"),
            "OPTIONS": {"MAX_ENTRIES": 10_000},
        }
    }

# Rate limits, counted in that cache, each well above what a real player does. Over one the
# answer is 429 with Retry-After (a page, or JSON in the API).
# allauth's doors, "count/period/per": per IP, per key (the name or address typed).
ACCOUNT_RATE_LIMITS = {
    # Every log-in form sent, right or wrong.
    "login": "30/m/ip",
    # Wrong passwords; past these even the right one is refused until the window passes.
    # Households share an IP, so it gets more; a log-in code by email still works meanwhile.
    "login_failed": "30/15m/ip,10/15m/key",
    # Sign-up forms sent, typos included: a family signing up together stays well under.
    "signup": "10/h/ip",
    # Password-reset emails: 5 an hour to one address, 20 an hour from one IP.
    "reset_password": "20/h/ip,5/h/key",
    # Log-in codes by email, likewise.
    "request_login_code": "20/h/ip,5/h/key",
}
# tabletop's own (tabletop/accounts/limits.py), django-ratelimit's "count/period".
RATE_LIMITS = {
    # POST /api/auth/token/ from one IP, right password or wrong.
    "api-token": "10/m",
    # Wrong passwords for one name at any door (log-in page, API, admin): past it the log-in
    # page and the API's token refuse the right password too, until the window passes.
    "password-failures": "10/15m",
    # Games one player creates, on the web and through the API together.
    "create-game": "20/h",
    # Invitations one player sends, from a game page or the new-game form together.
    "invite": "30/h",
    # Table talk one player posts, on the page, the API and by email together: a lively
    # table stays well under; a script filling the game's record does not.
    "chat": "30/10m",
    # Lines of talk one player reports to the moderators (the same line twice counts once).
    "report": "10/h",
}

# Email: EMAIL_URL picks the backend; unset keeps mail in the local outbox page.
vars().update(email_settings(os.environ.get("EMAIL_URL", "")))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "tabletop <play@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
REPLY_DOMAIN = os.environ.get("REPLY_DOMAIN", "localhost")
ANYMAIL = {"WEBHOOK_SECRET": os.environ.get("ANYMAIL_WEBHOOK_SECRET", "")}
# The longest vacation a player may take at once: a vacation stops their clock.
MAIL_MAX_VACATION_DAYS = int(os.environ.get("MAIL_MAX_VACATION_DAYS", "30"))
# How long the log-in link of an email works (once, and only for its game): a forwarded
# email must not hand over the account for long.
MAIL_LINK_MAX_AGE_HOURS = int(os.environ.get("MAIL_LINK_MAX_AGE_HOURS", "48"))
# A reply address works for the game's days per move plus this many days.
MAIL_REPLY_GRACE_DAYS = int(os.environ.get("MAIL_REPLY_GRACE_DAYS", "14"))
# Put in front of every reply address: "play+" when replies land in one plus-addressed mailbox.
MAIL_REPLY_PREFIX = os.environ.get("MAIL_REPLY_PREFIX", "")
# Sending: attempts before a row is marked failed, and the first retry delay (then doubling).
MAIL_SEND_ATTEMPTS = int(os.environ.get("MAIL_SEND_ATTEMPTS", "8"))
MAIL_RETRY_SECONDS = int(os.environ.get("MAIL_RETRY_SECONDS", "30"))
# Turn and timeout emails wait this long, so that what happens to a player in a game in a
# burst (a quick game's many small steps) makes one email (tabletop/mail/coalescing.py).
MAIL_COALESCE_SECONDS = int(os.environ.get("MAIL_COALESCE_SECONDS", "120"))
# A player who had a game open (its page polls every few seconds) or moved in it this long ago
# is still at the table: no turn email until they have gone (tabletop/play/presence.py).
PRESENCE_SECONDS = int(os.environ.get("PRESENCE_SECONDS", "300"))
# A finished game's analysis (tabletop/play/analysis.py): playouts per position. The default
# keeps a 300-step game under a minute on one worker (`manage.py benchmark --only analysis`);
# 0 turns the analysis after a game ends off (`manage.py analyse_game` then refuses too).
ANALYSIS_PLAYOUTS = int(os.environ.get("ANALYSIS_PLAYOUTS", "10"))
# Inbound: larger messages are refused with an answer (a move needs a line of text).
MAIL_INBOUND_MAX_BYTES = int(os.environ.get("MAIL_INBOUND_MAX_BYTES", str(2 * 1024 * 1024)))
# Inbound: replies are played only when their sender is authenticated (a DKIM signature of the
# From domain, or the webhook provider's verdict); anyone can write any From. Off by default
# only while DEBUG is on, for a developer's unsigned test mail.
MAIL_REQUIRE_AUTHENTICATED_SENDER = env_bool("MAIL_REQUIRE_AUTHENTICATED_SENDER", not DEBUG)
# Inbound: more messages than this from one sender within a clock hour are recorded, neither
# played nor answered (0: no limit). Counted in the cache.
MAIL_INBOUND_PER_SENDER_PER_HOUR = int(os.environ.get("MAIL_INBOUND_PER_SENDER_PER_HOUR", "30"))
# Inbound by webhook: the django-anymail provider whose inbound webhook is mounted and trusted
# (/anymail/<provider>/inbound/); empty mounts none. It needs ANYMAIL_WEBHOOK_SECRET.
MAIL_INBOUND_PROVIDER = os.environ.get("MAIL_INBOUND_PROVIDER", "").strip().lower()
if MAIL_INBOUND_PROVIDER and not ANYMAIL["WEBHOOK_SECRET"]:
    raise ImproperlyConfigured(
        f"MAIL_INBOUND_PROVIDER is {MAIL_INBOUND_PROVIDER!r} but ANYMAIL_WEBHOOK_SECRET is not "
        "set: anyone could post email to the webhook as any player. Set ANYMAIL_WEBHOOK_SECRET "
        "to 'user:password' and give the provider https://user:password@<site>/anymail/"
        f"{MAIL_INBOUND_PROVIDER}/inbound/."
    )
# Outgoing webhooks (tabletop/mail/outgoing.py): how long a receiver may take to answer, and
# after how many events in a row given up (each after MAIL_SEND_ATTEMPTS tries) a webhook is
# switched off and its owner told by email. Webhooks go to public hosts only; the tests'
# receivers listen on loopback, which WEBHOOK_ALLOW_LOOPBACK lets through (never in production).
WEBHOOK_TIMEOUT_SECONDS = float(os.environ.get("WEBHOOK_TIMEOUT_SECONDS", "5"))
WEBHOOK_FAILURES_TO_SWITCH_OFF = int(os.environ.get("WEBHOOK_FAILURES_TO_SWITCH_OFF", "3"))
WEBHOOK_ALLOW_LOOPBACK = env_bool("WEBHOOK_ALLOW_LOOPBACK", False)
# Browser notifications (Web Push): without both keys the option is not offered. Make a pair
# with `vapid --gen` (py-vapid) and give the public key in its URL-safe base64 form.
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
# Who push services may contact about our notifications (a mailto: or https: URL).
VAPID_SUBJECT = os.environ.get(
    "VAPID_SUBJECT", "mailto:" + DEFAULT_FROM_EMAIL.rpartition("<")[2].rstrip(">")
)
# Inbound by IMAP polling (manage.py fetch_mail): imaps://user:pass@host:993/INBOX
IMAP_URL = os.environ.get("IMAP_URL", "")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
