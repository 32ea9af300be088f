"""Read replicas with read-your-writes, by WAL position.

``DATABASE_REPLICA_URLS`` (settings) adds PostgreSQL streaming standbys as the
database aliases ``replica_1``, ``replica_2`` …; with none, nothing here runs.
Reads that may be slightly behind go to a replica: the GET and HEAD requests
of the pages and API operations named in ``LAG_TOLERANT`` (the league, the
live view, the score sheet as a spectator reads it, history, exports).
Everything else reads from the primary: the one writer and its loads, the
follower, migrations, sign-in and sessions (``PRIMARY_APPS``), every form.

**Read your own writes.** A request that wrote on the primary leaves the
primary's WAL position after it in a cookie for the pages and in the
``X-Read-After`` header for the API, which a client may echo. It is the
insert position (``pg_current_wal_insert_lsn()``): past the request's commit
even where commits do not wait for the disk. A later lag-tolerant read
carrying a position goes to a replica only if that replica has replayed past
it (``pg_last_wal_replay_lsn()``); otherwise to the primary. So the scorer
who has just recorded a deal sees it; a spectator may be a moment behind, and
a page served by a replica that has received changes it has not yet replayed
says "Updating…" (``reading_behind``).

A lag-tolerant page that a replica answers "not found", "gone" or "forbidden"
is read again from the primary: a series started or a live link renewed a
moment ago may not be replayed yet. API tokens are read from the primary, so
a device signed out is refused at once.

**Replicas fail safely.** A replica that refuses connections, errs, or lags
more than ``DATABASE_REPLICA_MAX_LAG`` seconds is skipped for
``DATABASE_REPLICA_RETRY`` seconds with a log line, and its reads go to the
primary; a query that fails on a replica mid-request makes the view run
again on the primary (lag-tolerant views only read), so no request fails
because a replica did. A replica's state is asked at most once every
``DATABASE_REPLICA_CHECK`` seconds per worker process, unless a reader needs a
position it has not seen replayed yet.
"""

from __future__ import annotations

import contextlib
import logging
import random
import re
import time
from contextvars import ContextVar
from dataclasses import dataclass, field

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, Error, connections
from django.http import Http404

log = logging.getLogger(__name__)

PREFIX = "replica_"
COOKIE = "read_after"
HEADER = "X-Read-After"
# Sign-in, sessions, tokens and lockouts always read what was just written.
PRIMARY_APPS = frozenset({"auth", "sessions", "knox", "axes", "contenttypes", "admin"})
# And so do the app's own API tokens: a device signed out is refused at once.
PRIMARY_MODELS = frozenset({"series.devicetoken"})
# A lag-tolerant page a replica refuses so is read again from the primary: what
# it names (a series started, a live link renewed a moment ago) may not be
# replayed there yet.
ASK_THE_PRIMARY = frozenset({403, 404, 410})
# The pages and API operations whose GET may read a replica (URL names).
LAG_TOLERANT = frozenset(
    {
        "home",
        "sheet",
        "sheet_print",
        "audit",
        "live",
        "live_fragment",
        "rules",
        "rules_preset",
        "league:standings",
        "league:standings_csv",
        "league:history",
        "league:player",
        "league:sheet_csv",
        "league-api:standings",
        "league-api:history",
        "league-api:player",
        "api:series",
        "api:events",
    }
)
_LSN = re.compile(r"^[0-9A-Fa-f]{1,8}/[0-9A-Fa-f]{1,8}$")
_STATE_SQL = (
    "SELECT pg_is_in_recovery(), pg_last_wal_replay_lsn()::text,"
    " pg_last_wal_receive_lsn()::text,"
    " EXTRACT(EPOCH FROM clock_timestamp() - pg_last_xact_replay_timestamp())"
)
# What a statement starting with one of these does is only to read.
_READS = ("SELECT", "SHOW", "SET", "BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")


def aliases() -> list[str]:
    return [alias for alias in settings.DATABASES if alias.startswith(PREFIX)]


def lsn_value(text: str | None) -> int | None:
    """A WAL position ``X/Y`` as a number; None for anything else."""
    if not text or not _LSN.match(text):
        return None
    high, low = text.split("/")
    return (int(high, 16) << 32) | int(low, 16)


@dataclass
class _Replica:
    """What this worker process last learnt of one replica."""

    down_until: float = 0.0
    checked_at: float = float("-inf")
    replayed: int = 0
    lag: float = 0.0  # seconds behind, 0 when it has replayed all it received


@dataclass
class _Reading:
    """One request's reading: may it lag, what must it see, where did it read."""

    may_lag: bool = False
    after: int | None = None
    alias: str | None = None
    chosen: bool = False
    behind: bool = False
    wrote: bool = False
    failed: set[str] = field(default_factory=set)


_replicas: dict[str, _Replica] = {}
_reading: ContextVar[_Reading | None] = ContextVar("replica_reading", default=None)


def _state(alias: str) -> _Replica:
    return _replicas.setdefault(alias, _Replica())


def skip(alias: str, why: str) -> None:
    """Leave a replica out for a while; its reads go to the primary."""
    state = _state(alias)
    state.down_until = time.monotonic() + settings.DATABASE_REPLICA_RETRY
    state.checked_at = float("-inf")
    log.warning("replica %s skipped for %ss: %s", alias, settings.DATABASE_REPLICA_RETRY, why)
    with contextlib.suppress(Error):
        connections[alias].close()


def _check(alias: str, now: float) -> _Replica | None:
    """Ask a replica how far it has replayed; None (and skipped) if it cannot serve."""
    state = _state(alias)
    try:
        with connections[alias].cursor() as cursor:
            cursor.execute(_STATE_SQL)
            recovering, replayed, received, since = cursor.fetchone()
    except Error as error:
        skip(alias, f"{type(error).__name__}: {error}".strip())
        return None
    if not recovering:
        skip(alias, "it is not a standby (promoted, or a primary)")
        return None
    replayed_at, received_at = lsn_value(replayed) or 0, lsn_value(received) or 0
    state.replayed = replayed_at
    state.lag = float(since or 0) if received_at > replayed_at else 0.0
    state.checked_at = now
    if state.lag > settings.DATABASE_REPLICA_MAX_LAG:
        skip(alias, f"{state.lag:.1f} s behind the primary")
        return None
    return state


def _choose(reading: _Reading) -> str | None:
    now = time.monotonic()
    candidates = [alias for alias in aliases() if alias not in reading.failed]
    random.shuffle(candidates)
    for alias in candidates:
        state = _state(alias)
        if state.down_until > now:
            continue
        fresh = now - state.checked_at < settings.DATABASE_REPLICA_CHECK
        if not fresh or (reading.after is not None and state.replayed < reading.after):
            state = _check(alias, now)
            if state is None:
                continue
        if reading.after is not None and state.replayed < reading.after:
            continue  # this reader wrote more recently than the replica has replayed
        reading.behind = state.lag > settings.DATABASE_REPLICA_BEHIND
        return alias
    return None


def replica_for_this_request() -> str | None:
    """The replica this request's reads go to, chosen once; None: the primary."""
    reading = _reading.get()
    if reading is None or not reading.may_lag:
        return None
    if not reading.chosen:
        reading.alias, reading.chosen = _choose(reading), True
    return reading.alias


def reading_behind() -> bool:
    """Whether this request read a replica that has changes still to replay."""
    reading = _reading.get()
    return bool(reading and reading.alias and reading.behind)


def reading_a_replica() -> bool:
    """Whether this request's reads go to a replica (its failure is the replica's)."""
    reading = _reading.get()
    return bool(reading and reading.alias)


class ReplicaRouter:
    """Reads of lag-tolerant requests to a replica; every write, and every
    other read, to the primary. Replicas are physical copies: nothing migrates
    them."""

    def db_for_read(self, model, **hints):
        if model._meta.app_label in PRIMARY_APPS or model._meta.label_lower in PRIMARY_MODELS:
            return DEFAULT_DB_ALIAS
        return replica_for_this_request() or DEFAULT_DB_ALIAS

    def db_for_write(self, model, **hints):
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1, obj2, **hints):
        return True

    def allow_migrate(self, db, app_label, **hints):
        return False if db.startswith(PREFIX) else None


def _note_writes(reading: _Reading):
    def wrapper(execute, sql, params, many, context):
        if not reading.wrote and not sql.lstrip().upper().startswith(_READS):
            reading.wrote = True
        return execute(sql, params, many, context)

    return wrapper


class ReplicaMiddleware:
    """Marks lag-tolerant reads, remembers where a writer's writes end, and runs
    a view again on the primary when its replica fails mid-request. Does
    nothing when no replica is configured."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.enabled = bool(aliases())

    def __call__(self, request):
        if not self.enabled:
            return self.get_response(request)
        after = [lsn_value(request.headers.get(HEADER)), lsn_value(request.COOKIES.get(COOKIE))]
        reading = _Reading(after=max((a for a in after if a is not None), default=None))
        token = _reading.set(reading)
        try:
            with connections[DEFAULT_DB_ALIAS].execute_wrapper(_note_writes(reading)):
                response = self.get_response(request)
            if reading.wrote:
                self._remember_position(response)
            return response
        finally:
            _reading.reset(token)

    def process_view(self, request, view_func, view_args, view_kwargs):
        reading = _reading.get()
        if reading is None or request.method not in ("GET", "HEAD"):
            return None
        match = request.resolver_match
        reading.may_lag = bool(match and match.view_name in LAG_TOLERANT)
        if not reading.may_lag:
            return None
        try:
            response = view_func(request, *view_args, **view_kwargs)
        except Http404:
            response = None
        except Error as error:
            # The view runs here, so Django gives its exception to no
            # process_exception: a replica that failed mid-request is left out
            # here, and the view runs again on the primary.
            if not reading.alias:
                raise
            self._leave_out(reading, error)
            return view_func(request, *view_args, **view_kwargs)
        if reading.alias and (response is None or response.status_code in ASK_THE_PRIMARY):
            # Not there yet, perhaps: the primary says whether it is there at all.
            reading.may_lag, reading.alias, reading.behind = False, None, False
            return view_func(request, *view_args, **view_kwargs)
        if response is None:
            raise Http404
        return response

    def process_exception(self, request, exception):
        """A replica that failed while a lazily rendered answer read it."""
        reading = _reading.get()
        if reading is None or not reading.alias or not isinstance(exception, Error):
            return None
        self._leave_out(reading, exception)
        match = request.resolver_match
        try:
            return match.func(request, *match.args, **match.kwargs)
        except Error:
            return None  # the primary failed too: the page's own answer to that

    @staticmethod
    def _leave_out(reading: _Reading, error: Exception) -> None:
        """Skip the request's replica for a while; its reads go elsewhere now."""
        skip(reading.alias, f"{type(error).__name__} during a request: {error}")
        reading.failed.add(reading.alias)
        reading.alias, reading.chosen, reading.behind = None, False, False

    def _remember_position(self, response) -> None:
        try:
            with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
                cursor.execute("SELECT pg_current_wal_insert_lsn()::text")
                (position,) = cursor.fetchone()
        except Error:
            return  # the answer stands; the next read goes to the primary if it must
        response[HEADER] = position
        response.set_cookie(
            COOKIE,
            position,
            max_age=settings.DATABASE_REPLICA_STICKY,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )


def context(request) -> dict:
    """Templates: whether this page was read from a replica still replaying."""
    return {"reads_behind": reading_behind()}
