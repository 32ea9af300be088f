"""Settings, read from the environment.

With nothing configured the app runs in development mode on SQLite. In
production (``DEBUG`` off) a real ``SECRET_KEY`` and ``ALLOWED_HOSTS`` are
required and a missing one stops the app at start-up.
"""

import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if value.lower() in ("1", "true", "yes", "on"):
        return True
    if value.lower() in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {value!r}")


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}") from None


def env_float(name: str, default: float) -> float:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        return float(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a number, not {value!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("DEBUG", default=True)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set SECRET_KEY: production needs a real secret key.")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"

# Signs backups (HMAC-SHA256). When unset, a key derived from SECRET_KEY signs
# them, so a backup then restores only where SECRET_KEY is the same.
BACKUP_KEY = os.environ.get("BACKUP_KEY", "")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
if not DEBUG and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("Set ALLOWED_HOSTS: production needs the site's host names.")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "axes",
    "series",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # A body in chunks, which Django would read as empty, answers 411.
    "series.web.middleware.LengthRequiredMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Permissions-Policy; Cache-Control: private, no-store on signed-in answers.
    "series.web.middleware.PrivacyHeadersMiddleware",
    # A page whose database is briefly unreachable answers 503, not 500.
    "series.web.middleware.DatabaseUnavailableMiddleware",
    # Reads that may lag to a replica, after the writer's own writes (inert
    # without DATABASE_REPLICA_URLS); its view runs again if a replica fails.
    "series.database.replicas.ReplicaMiddleware",
    # Last, as its documentation asks: refuses locked-out sign-ins.
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    # Counts failed sign-ins (pages, admin and the API token) and refuses a
    # locked-out attempt before its password is checked.
    "axes.backends.AxesStandaloneBackend",
    # Any name the account answers to: the user name, the sign-up name, the
    # e-mail address, accents and case aside.
    "series.accounts.backends.NameBackend",
    # The sessions signed in through it, and a name that names no one account.
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 10)
AXES_COOLOFF_TIME = env_int("AXES_COOLOFF_MINUTES", 1) / 60  # hours
# A user name is locked from one address only: an attacker guessing bob's
# password never locks out alice, nor bob at another table.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# Failures count against the account the typed name resolves to, however typed.
AXES_USERNAME_CALLABLE = "series.accounts.services.lockout_username"
# The number of reverse proxies in front of the app that append to
# X-Forwarded-For (0: none, the socket's address is the client's).
TRUSTED_PROXIES = env_int("TRUSTED_PROXIES", 0)
AXES_CLIENT_IP_CALLABLE = "series.web.proxies.client_ip"
AXES_RESET_ON_SUCCESS = True
# A locked-out sign-in page answers 429 with Retry-After (series.accounts.lockout).
AXES_LOCKOUT_CALLABLE = "series.accounts.lockout.sign_in_locked"
AXES_VERBOSE = False
# A member's confirmation PIN is locked on one phone after this many wrong
# PINs in a row, for this long (series.accounts.services.pin_confirmer).
PIN_FAILURE_LIMIT = env_int("PIN_FAILURE_LIMIT", 5)
PIN_COOLOFF_MINUTES = env_int("PIN_COOLOFF_MINUTES", 15)
# Sign-ups one address may send per hour (series.accounts.throttling); counted in a
# table, so all workers and servers share the count (`createcachetable`).
SIGNUP_RATE = f"{env_int('SIGNUP_PER_HOUR', 20)}/hour"
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "throttle": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "series_throttle",
        # Culling drops counts at random: keep room for every address of an hour.
        "OPTIONS": {"MAX_ENTRIES": 100_000},
    },
}

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "series.database.replicas.context",
            ],
            # A context's own tags, beside its pages (the shared ones are series/templatetags/).
            "libraries": {"clubtags": "series.clubs.tags"},
        },
    },
]

# DATABASE_URL=postgres://user@host:5432/name for PostgreSQL; SQLite otherwise.
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("DB_CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool(
    "DB_PREPARED_STATEMENTS", True
):
    # Parameters bound by the server, not quoted into the text, so that a
    # statement run five times on a connection is prepared and no longer
    # planned: most of a deal's own cost in the database. Turn it off behind a
    # pooler in transaction mode (a prepared statement belongs to a connection).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        server_side_binding=True, prepare_threshold=5
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # make run writes from two processes, the server and the league's follower:
    # a transaction takes the write lock when it begins, and a writer waits for
    # the other's instead of failing at once.
    DATABASES["default"].setdefault("OPTIONS", {}).update(transaction_mode="IMMEDIATE", timeout=20)
# Production runs the app as a role that cannot alter the event log's triggers
# (series/database/roles.py); migrations run as the tables' owner: MIGRATE_DATABASE_URL
# (`manage.py migrate --database migrate`, then `manage.py grant_app_role`).
if os.environ.get("MIGRATE_DATABASE_URL"):
    DATABASES["migrate"] = dj_database_url.parse(os.environ["MIGRATE_DATABASE_URL"])
# Read replicas (series/database/replicas.py): PostgreSQL streaming standbys of the
# primary, comma-separated; reads that may lag go to one that has replayed the
# reader's last write. None by default: everything reads the primary.
DATABASE_REPLICA_URLS = env_list("DATABASE_REPLICA_URLS", [])
DATABASE_REPLICA_MAX_LAG = env_float("DATABASE_REPLICA_MAX_LAG", 30.0)  # s, then skipped
DATABASE_REPLICA_RETRY = env_float("DATABASE_REPLICA_RETRY", 10.0)  # s a skipped one waits
DATABASE_REPLICA_CHECK = env_float("DATABASE_REPLICA_CHECK", 1.0)  # s between state checks
DATABASE_REPLICA_BEHIND = env_float("DATABASE_REPLICA_BEHIND", 1.0)  # s, then "Updating…"
DATABASE_REPLICA_STICKY = env_int("DATABASE_REPLICA_STICKY", 300)  # s a writer's position lasts
if DATABASE_REPLICA_URLS:
    if DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        raise ImproperlyConfigured("DATABASE_REPLICA_URLS needs a PostgreSQL DATABASE_URL.")
    for number, url in enumerate(DATABASE_REPLICA_URLS, start=1):
        replica = dj_database_url.parse(
            url, conn_max_age=DATABASES["default"]["CONN_MAX_AGE"], conn_health_checks=True
        )
        replica.setdefault("OPTIONS", {}).update(
            DATABASES["default"].get("OPTIONS", {}),
            connect_timeout=env_int("DATABASE_REPLICA_CONNECT_TIMEOUT", 2),
        )
        replica["TEST"] = {"MIRROR": "default"}
        DATABASES[f"replica_{number}"] = replica
    DATABASE_ROUTERS = ["series.database.replicas.ReplicaRouter"]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("it", _("Italian")),
    ("es", _("Spanish")),
    ("fr", _("French")),
    ("nl", _("Dutch")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
# English pages write dates day first (31/12/2025), as the clubs' other languages do.
FORMAT_MODULE_PATH = ["scorekeeper.formats"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_TZ = True

STATIC_URL = "static/"
# Where `collectstatic` puts the files whitenoise serves (make serve runs it).
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").is_dir() else []
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # Hashed, compressed, cached for ever: needs `collectstatic` (make serve).
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if env_bool("STATIC_MANIFEST", default=not DEBUG)
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# -- security (production) ------------------------------------------------------
# Behind HTTPS (HTTPS=true): redirect, HSTS and secure cookies. Behind a proxy
# that terminates TLS, it must set X-Forwarded-Proto.
HTTPS = env_bool("HTTPS", default=not DEBUG)
SECURE_SSL_REDIRECT = HTTPS
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None
SECURE_HSTS_SECONDS = env_int("HSTS_SECONDS", 31_536_000) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# A refused form is a page of the app, within the Content-Security-Policy.
CSRF_FAILURE_VIEW = "series.web.csrf.csrf_failure"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Content-Security-Policy: every script, style, font and image comes from the
# app itself, and no page has an inline script, style or event handler.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
# Nothing here needs a camera, a microphone, the location or payments.
PERMISSIONS_POLICY = (
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), "
    "magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=()"
)
X_FRAME_OPTIONS = "DENY"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# -- mail (password reset, a night's results: series.mail) --------------------------
# EMAIL_URL: console:// (the default: mail is printed to the log),
# smtp://user:password@host:587?tls=true, smtps://user:password@host:465, or
# locmem:// (kept in memory, for tests).
EMAIL_BACKENDS = {
    "console": "django.core.mail.backends.console.EmailBackend",
    "smtp": "django.core.mail.backends.smtp.EmailBackend",
    "smtps": "django.core.mail.backends.smtp.EmailBackend",
    "locmem": "django.core.mail.backends.locmem.EmailBackend",
}


def email_settings(url: str) -> dict:
    parts = urlsplit(url)
    if parts.scheme not in EMAIL_BACKENDS:
        raise ImproperlyConfigured(
            f"EMAIL_URL must start with one of {', '.join(EMAIL_BACKENDS)}, not {url!r}"
        )
    query = {key: values[-1].lower() for key, values in parse_qs(parts.query).items()}
    return {
        "EMAIL_BACKEND": EMAIL_BACKENDS[parts.scheme],
        "EMAIL_HOST": parts.hostname or "localhost",
        "EMAIL_PORT": parts.port or (465 if parts.scheme == "smtps" else 25),
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_SSL": parts.scheme == "smtps",
        "EMAIL_USE_TLS": query.get("tls") in ("1", "true", "yes", "on"),
    }


globals().update(email_settings(os.environ.get("EMAIL_URL") or "console://"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "scorekeeper@localhost")
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_HOURS", 24) * 3600
# The site's address as a member's mail links to it (a night's report, the
# unsubscribe link, which RFC 8058 wants over HTTPS): made from the first of
# ALLOWED_HOSTS in production when unset.
SITE_URL = (
    os.environ.get("SITE_URL")
    or ("http://localhost:8000" if DEBUG else f"https://{ALLOWED_HOSTS[0].lstrip('.')}")
).rstrip("/")
# The sender (manage.py send_mail): how long a claimed message is held before
# another sender may take it (it was sent, or its sender died), and how often
# one that the mail server refused is tried before it is given up.
MAIL_CLAIM_SECONDS = env_int("MAIL_CLAIM_SECONDS", 300)
MAIL_ATTEMPTS = env_int("MAIL_ATTEMPTS", 8)
# How long a link that confirms a member's address works.
EMAIL_CONFIRM_DAYS = env_int("EMAIL_CONFIRM_DAYS", 7)

# A deal is a few hundred bytes; no request needs more than this.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DATA_UPLOAD_MAX_MEMORY_SIZE", 256 * 1024)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # One expiring, revocable token per device (series.accounts.services).
        "series.accounts.services.DeviceTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # JSON only, with the request size bounded, for every API view.
    "DEFAULT_PARSER_CLASSES": ["series.api.parsers.BoundedJSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "series.api.errors.exception_handler",
}

# API tokens: one per device, expiring after TOKEN_TTL_DAYS without use
# (each use extends it), revoked by signing out or changing the password.
KNOX_TOKEN_MODEL = "series.DeviceToken"
# knox's own migrations create its default token table even when the model is
# swapped (as here), and nothing would ever use or empty it: skip them.
MIGRATION_MODULES = {"knox": None}
REST_KNOX = {
    "TOKEN_MODEL": KNOX_TOKEN_MODEL,
    "TOKEN_TTL": timedelta(days=env_int("TOKEN_TTL_DAYS", 30)),
    "AUTO_REFRESH": True,
    "TOKEN_LIMIT_PER_USER": env_int("TOKEN_LIMIT_PER_USER", 20),
    "AUTH_HEADER_PREFIX": "Token",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Continental Rummy scorekeeper API",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI and ReDoc served by the app itself (drf-spectacular-sidecar).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "PresetEnum": "series.api.schema.preset_names",
        "DrawMethodEnum": "series.domain.nights.draws.codes",
        "NightScoringEnum": "series.domain.nights.scoring.codes",
        "ChampionshipStateEnum": "series.domain.championships.championship.STATES",
        "NightStateEnum": "series.domain.nights.planning.STAGES",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "series.api.schema.add_links",
    ],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
