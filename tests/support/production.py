"""The app as production runs it, made for a test: ``make serve`` on a fresh
PostgreSQL database of its own (migrated as the tables' owner, served as the
app's role, ``DEBUG=false``, static files collected with the production
storage into a temporary folder, the league's follower beside gunicorn),
behind a stand-in for the TLS-terminating proxy the README asks for, then the
demo club (``manage.py demo``) and one user of each role.

The proxy is the only part production has and the test makes itself: what a
browser sent it over plain HTTP on 127.0.0.1 reaches the app as nginx would
forward it after TLS (``X-Forwarded-Proto: https``, the client's address
appended to ``X-Forwarded-For``, the page's origin as https), so the app runs
with HTTPS on, as ``make serve`` does by default."""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import psycopg

from tests.support.ports import free_port

ROOT = Path(__file__).resolve().parent.parent.parent
PASSWORD = "a long table password"
# Headers of one hop: the proxy speaks HTTP/1.0 to the browser, one request a connection.
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "proxy-connection", "upgrade"}


class _Forward(BaseHTTPRequestHandler):
    """One request, forwarded to the app as a TLS-terminating proxy does."""

    upstream: int  # the app's port

    def _forward(self) -> None:
        if self.server.cut:  # the network is down: nothing reaches the app, nothing answers
            self.close_connection = True
            return
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
        for name in ("Origin", "Referer"):  # the browser spoke https to the proxy
            if name in headers:
                headers[name] = headers[name].replace("http://", "https://", 1)
        forwarded = headers.pop("X-Forwarded-For", None)
        client = self.client_address[0]
        headers["X-Forwarded-For"] = f"{forwarded}, {client}" if forwarded else client
        headers["X-Forwarded-Proto"] = "https"
        upstream = http.client.HTTPConnection("127.0.0.1", self.upstream, timeout=60)
        try:
            upstream.request(self.command, self.path, body=body, headers=headers)
            answer = upstream.getresponse()
            content = answer.read()
        except OSError:
            self.send_error(502)
            return
        finally:
            upstream.close()
        self.send_response_only(answer.status, answer.reason)
        for name, value in answer.getheaders():
            if name.lower() not in HOP_BY_HOP | {"content-length"}:
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(content)))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(content)

    do_GET = do_POST = do_HEAD = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = _forward

    def log_message(self, *args):
        pass


def start_proxy(upstream: int) -> ThreadingHTTPServer:
    handler = type("Forward", (_Forward,), {"upstream": upstream})
    server = ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    server.daemon_threads = True
    server.cut = False  # True: the phone's network is cut (Production.network)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class _BehindTls(http.cookiejar.DefaultCookiePolicy):
    """The proxy stands for TLS: the app's secure cookies go back to it."""

    def return_ok_secure(self, cookie, request):
        return True


@dataclass
class Visitor:
    """A client of the served app with cookies of its own, as a browser keeps them."""

    url: str
    token: str | None = None
    cookies: http.cookiejar.CookieJar = field(
        default_factory=lambda: http.cookiejar.CookieJar(_BehindTls())
    )

    def request(self, method: str, path: str, *, form=None, json_body=None, headers=None):
        """(status, headers, body) of ``method path``; redirects are not followed."""
        data, sent = None, {"Accept-Language": "en", **(headers or {})}
        if form is not None:
            data = urllib.parse.urlencode(form).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        if json_body is not None:
            data = json.dumps(json_body).encode()
            sent["Content-Type"] = "application/json"
        if method not in ("GET", "HEAD", "OPTIONS"):
            sent.setdefault("Origin", self.url)
            token = self.cookie("csrftoken")
            if token:
                sent.setdefault("X-CSRFToken", token)
        if self.token and path.startswith("/api/"):
            sent["Authorization"] = f"Token {self.token}"
        request = urllib.request.Request(self.url + path, data=data, headers=sent, method=method)
        opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), _NoRedirects()
        )
        try:
            with opener.open(request, timeout=60) as answer:
                return answer.status, answer.headers, answer.read()
        except urllib.error.HTTPError as answer:
            return answer.code, answer.headers, answer.read()

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.cookies if c.name == name), None)

    def sign_in(self, username: str, password: str = PASSWORD) -> None:
        """Through the sign-in page, then ``POST /api/v1/auth/token`` for the API."""
        self.request("GET", "/login/")
        status, headers, _ = self.request(
            "POST", "/login/", form={"username": username, "password": password}
        )
        assert status == 302 and "/login/" not in headers["Location"], (username, status)
        status, _, body = self.request(
            "POST",
            "/api/v1/auth/token",
            json_body={"username": username, "password": password, "device": "crawl"},
        )
        assert status == 200, (username, status, body[:200])
        self.token = json.loads(body)["token"]


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


SEED = """
import json
from datetime import date
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.contrib.contenttypes.models import ContentType
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from series.clubs import membership
from series.clubs import players as player_services
from series.league import services as league
from series.models import Championship, Club, Night, Player, SeriesSheet
from series.sheets import live_links, services
User = get_user_model()
club = Club.objects.get(slug="demo")
admin = User.objects.get(username="demo")
for role in ("member", "scorer"):
    membership.member_set(club=club, user=User.objects.create_user(role, password=PASSWORD),
                          role=role)
User.objects.create_superuser("staff", password=PASSWORD)
member = User.objects.get(username="member")
invitation = membership.invitation_create(club=club, role="member", created_by=admin)
sheet = SeriesSheet.objects.filter(club=club, deals_played__gt=0).order_by("id").first()
today = date.today()
season = league.season_add(club=club, name="Summer", first_day=date(today.year, 6, 1),
                           last_day=date(today.year, 8, 31))
# A table of four for the phone's own series (the crawl changes the demo's).
table = [player_services.player_add(club=club, name=name).id
         for name in ("Olga", "Piet", "Quim", "Rosa")]
offline = services.series_start(club=club, players=table, first_dealer=table[0]).series_id
print(json.dumps({
    "offline_series": str(offline),
    "slug": club.slug,
    "series": str(sheet.id),
    "night": str(Night.objects.filter(club=club).order_by("date").first().id),
    "championship": str(Championship.objects.filter(club=club).values_list("id", flat=True).first()
                        or "00000000-0000-4000-8000-000000000000"),
    "player": Player.objects.filter(club=club).order_by("id").first().id,
    "season": season.key,
    "member": member.id,
    "member_name": member.username,
    "invitation": invitation.invitation.id,
    "join": invitation.token,
    "live": live_links.token(live_links.key_for(sheet, admin)),
    "uid": urlsafe_base64_encode(force_bytes(member.pk)),
    "reset": default_token_generator.make_token(member),
    "user_type": ContentType.objects.get_for_model(User).id,
}))
"""


@dataclass
class Production:
    """The served app: its address (the proxy's) and the demo club's parameters."""

    url: str
    proxy: ThreadingHTTPServer
    demo: dict
    demo_password: str
    log: Path
    owner_url: str  # the tables' owner, who reads the log as it is

    def network(self, *, up: bool) -> None:
        """Cut the network between the phones and the app, or bring it back."""
        self.proxy.cut = not up

    def visitor(self) -> Visitor:
        return Visitor(self.url)

    def signed_in(self, username: str) -> Visitor:
        visitor = Visitor(self.url)
        password = self.demo_password if username == "demo" else PASSWORD
        visitor.sign_in(username, password)
        return visitor

    def events(self, stream: str, kind: str) -> int:
        """How many events of type ``kind`` the log holds for ``stream``."""
        with psycopg.connect(self.owner_url) as db:
            return db.execute(
                "SELECT count(*) FROM series_event WHERE stream = %s AND type = %s", [stream, kind]
            ).fetchone()[0]


def _wait_for(check, what: str, process: subprocess.Popen, log: Path, timeout: float = 120):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"make serve stopped: {log.read_text()[-3000:]}")
        try:
            if check():
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise TimeoutError(f"waited {timeout} s for {what}: {log.read_text()[-3000:]}")


def manage(env: dict, *command: str) -> str:
    """``manage.py command`` as production runs it (``env``); what it printed."""
    ran = subprocess.run(
        [sys.executable, "manage.py", *command],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert ran.returncode == 0, ran.stderr[-3000:]
    return ran.stdout


def serve(server: dict):
    """A context manager's body: ``make serve`` on a fresh database of the
    PostgreSQL server ``server`` (Django's settings of it), yielding
    ``Production``; everything is stopped and dropped afterwards."""
    suffix = uuid.uuid4().hex[:8]
    name, role = f"sk_production_{suffix}", f"sk_app_{suffix}"
    base = f"postgres://{{}}@{server['HOST'] or '127.0.0.1'}:{server['PORT'] or 5432}/{{}}"
    owner = server["USER"]
    admin_url = base.format(owner, "postgres")
    with psycopg.connect(admin_url, autocommit=True) as db:
        db.execute(f'CREATE ROLE "{role}" LOGIN')
        db.execute(f'CREATE DATABASE "{name}"')
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-production-"))
    app_port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "DJANGO_"))}
    env.update(
        DATABASE_URL=base.format(role, name),
        MIGRATE_DATABASE_URL=base.format(owner, name),
        DEBUG="false",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        TRUSTED_PROXIES="1",
        STATIC_ROOT=str(folder / "static"),
        WEB_CONCURRENCY="2",
        EMAIL_URL="locmem://",
    )
    log = folder / "serve.log"
    bin_dir = Path(sys.executable).parent
    process = subprocess.Popen(
        # As a deploy runs it; the virtualenv is this one, installed already.
        [
            *("make", "-s", "-o", ".venv/.installed-stamp", "serve", f"BIN={bin_dir}"),
            *("HOST=127.0.0.1", f"PORT={app_port}"),
        ],
        cwd=ROOT,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    proxy = None
    try:
        proxy = start_proxy(app_port)
        url = f"http://127.0.0.1:{proxy.server_port}"
        _wait_for(
            lambda: Visitor(url).request("GET", "/healthz")[0] == 200, "the app", process, log
        )
        demo_password = secrets.token_urlsafe(12)
        manage(env, "demo", f"--password={demo_password}", "--seasons", "1")
        seeded = manage(env, "shell", "-c", f"PASSWORD = {PASSWORD!r}\n{SEED}")
        demo = json.loads(seeded.strip().splitlines()[-1])
        yield Production(url, proxy, demo, demo_password, log, base.format(owner, name))
    finally:
        if proxy is not None:
            proxy.shutdown()
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        with psycopg.connect(admin_url, autocommit=True) as db:
            db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            db.execute(f'DROP ROLE IF EXISTS "{role}"')
        shutil.rmtree(folder, ignore_errors=True)
