"""The app as production serves it answers every address it has without a
server error, and a phone reads and records offline against it.

``make serve`` itself runs here (tests/support/production.py): migrations as
the tables' owner, the app as its role, ``DEBUG=false``, HTTPS behind a proxy
header, static files collected with the manifest storage, gunicorn and the
league's follower, on PostgreSQL, with the demo club in it. Every URL pattern
of the URLconf has a case below, with its parameters from the demo club; a
pattern added without one fails the first test."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from django.urls import URLResolver, get_resolver

from tests.support import production
from tests.support.browser import chromium_tab, enter_deal

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.xdist_group("production"),
    pytest.mark.timeout(300),
]

# Every pattern of the URLconf, and the address that requests it, from the
# demo club's parameters (tests/support/production.py, SEED).
CASES = {
    "healthz": "/healthz",
    "i18n/setlang/": "/i18n/setlang/",
    # The API (series/site/api_urls.py, series/league/api_urls.py)
    "api/v1/clubs/<slug:slug>/standings": "/api/v1/clubs/{slug}/standings",
    "api/v1/clubs/<slug:slug>/series": "/api/v1/clubs/{slug}/series",
    "api/v1/players/<int:player_id>": "/api/v1/players/{player}",
    "api/v1/clubs/<slug:slug>/ladder": "/api/v1/clubs/{slug}/ladder",
    "api/v1/clubs/<slug:slug>/night-standings": "/api/v1/clubs/{slug}/night-standings",
    "api/v1/clubs/<slug:slug>/seasons": "/api/v1/clubs/{slug}/seasons",
    "api/v1/clubs/<slug:slug>/seasons/<slug:key>": "/api/v1/clubs/{slug}/seasons/{season}",
    # The federations (series/federations/api_urls.py)
    "api/v1/federations": "/api/v1/federations",
    "api/v1/federations/<slug:slug>": "/api/v1/federations/none",
    "api/v1/federations/<slug:slug>/link": "/api/v1/federations/none/link",
    "api/v1/federations/<slug:slug>/members": "/api/v1/federations/none/members",
    "api/v1/federations/<slug:slug>/members/<slug:club>/accept": (
        "/api/v1/federations/none/members/{slug}/accept"
    ),
    "api/v1/federations/<slug:slug>/members/<slug:club>/end": (
        "/api/v1/federations/none/members/{slug}/end"
    ),
    "api/v1/federations/<slug:slug>/ranking": "/api/v1/federations/none/ranking",
    "api/v1/federations/<slug:slug>/persons/<str:person>": "/api/v1/federations/none/persons/p1",
    "api/v1/account/players": "/api/v1/account/players",
    "api/v1/account/players/<int:player_id>/withdraw": (
        "/api/v1/account/players/{player}/withdraw"
    ),
    "api/v1/account/initials": "/api/v1/account/initials",
    "federations/<slug:slug>/ranking.csv": "/federations/none/ranking.csv",
    "account/players/": "/account/players/",
    "federations/new/": "/federations/new/",
    "federations/<slug:slug>/": "/federations/none/",
    "federations/<slug:slug>/link/": "/federations/none/link/",
    "federations/<slug:slug>/ask/": "/federations/none/ask/",
    "federations/<slug:slug>/join/<str:token>/": "/federations/none/join/none/",
    "federations/<slug:slug>/members/<slug:club>/<slug:action>/": (
        "/federations/none/members/{slug}/accept/"
    ),
    "federations/<slug:slug>/persons/<str:person>/": "/federations/none/persons/p1/",
    "api/v1/schema": "/api/v1/schema",
    "api/v1/docs": "/api/v1/docs",
    "api/v1/redoc": "/api/v1/redoc",
    "api/v1/auth/token": "/api/v1/auth/token",
    "api/v1/auth/sign-out": "/api/v1/auth/sign-out",
    "api/v1/auth/sign-out-all": "/api/v1/auth/sign-out-all",
    "api/v1/account": "/api/v1/account",
    "api/v1/account/password": "/api/v1/account/password",
    "api/v1/account/devices": "/api/v1/account/devices",
    "api/v1/account/devices/<str:device_id>/revoke": "/api/v1/account/devices/none/revoke",
    "api/v1/account/pin": "/api/v1/account/pin",
    "api/v1/clubs": "/api/v1/clubs",
    "api/v1/clubs/<slug:slug>": "/api/v1/clubs/{slug}",
    "api/v1/clubs/<slug:slug>/players": "/api/v1/clubs/{slug}/players",
    "api/v1/clubs/<slug:slug>/players/<int:player_id>/erase": (
        "/api/v1/clubs/{slug}/players/{player}/erase"
    ),
    "api/v1/clubs/<slug:slug>/guests": "/api/v1/clubs/{slug}/guests",
    "api/v1/players/<int:player_id>/guest": "/api/v1/players/{player}/guest",
    "api/v1/players/<int:player_id>/rename": "/api/v1/players/{player}/rename",
    "api/v1/players/<int:player_id>/merge": "/api/v1/players/{player}/merge",
    "api/v1/players/<int:player_id>/retire": "/api/v1/players/{player}/retire",
    "api/v1/players/<int:player_id>/account": "/api/v1/players/{player}/account",
    "api/v1/players/<int:player_id>/unmerge": "/api/v1/players/{player}/unmerge",
    "api/v1/clubs/<slug:slug>/members": "/api/v1/clubs/{slug}/members",
    "api/v1/clubs/<slug:slug>/members/<str:username>/remove": (
        "/api/v1/clubs/{slug}/members/{member_name}/remove"
    ),
    "api/v1/clubs/<slug:slug>/invitations": "/api/v1/clubs/{slug}/invitations",
    "api/v1/clubs/<slug:slug>/invitations/<int:invitation_id>/revoke": (
        "/api/v1/clubs/{slug}/invitations/{invitation}/revoke"
    ),
    "api/v1/clubs/<slug:slug>/nights": "/api/v1/clubs/{slug}/nights",
    # A championship's (series/championships/api_urls.py)
    "api/v1/clubs/<slug:slug>/championships": "/api/v1/clubs/{slug}/championships",
    "api/v1/championships/<uuid:championship_id>": "/api/v1/championships/{championship}",
    "api/v1/championships/<uuid:championship_id>/nights": (
        "/api/v1/championships/{championship}/nights"
    ),
    "api/v1/championships/<uuid:championship_id>/nights/<uuid:night_id>/withdraw": (
        "/api/v1/championships/{championship}/nights/{night}/withdraw"
    ),
    "api/v1/championships/<uuid:championship_id>/cut": "/api/v1/championships/{championship}/cut",
    "api/v1/championships/<uuid:championship_id>/close": (
        "/api/v1/championships/{championship}/close"
    ),
    "api/v1/nights/<uuid:night_id>": "/api/v1/nights/{night}",
    "api/v1/nights/<uuid:night_id>/report": "/api/v1/nights/{night}/report",
    "api/v1/nights/<uuid:night_id>/check-ins": "/api/v1/nights/{night}/check-ins",
    "api/v1/nights/<uuid:night_id>/check-ins/me": "/api/v1/nights/{night}/check-ins/me",
    "api/v1/nights/<uuid:night_id>/check-outs": "/api/v1/nights/{night}/check-outs",
    "api/v1/nights/<uuid:night_id>/rounds": "/api/v1/nights/{night}/rounds",
    "api/v1/nights/<uuid:night_id>/moves": "/api/v1/nights/{night}/moves",
    "api/v1/nights/<uuid:night_id>/tables/start": "/api/v1/nights/{night}/tables/start",
    "api/v1/nights/<uuid:night_id>/tables/<int:number>/result": (
        "/api/v1/nights/{night}/tables/1/result"
    ),
    "api/v1/nights/<uuid:night_id>/close": "/api/v1/nights/{night}/close",
    "api/v1/nights/<uuid:night_id>/reopen": "/api/v1/nights/{night}/reopen",
    "api/v1/nights/<uuid:night_id>/move": "/api/v1/nights/{night}/move",
    "api/v1/nights/<uuid:night_id>/withdraw": "/api/v1/nights/{night}/withdraw",
    "api/v1/nights/<uuid:night_id>/rsvp": "/api/v1/nights/{night}/rsvp",
    "api/v1/clubs/<slug:slug>/calendar": "/api/v1/clubs/{slug}/calendar",
    "api/v1/clubs/<slug:slug>/calendar/renew": "/api/v1/clubs/{slug}/calendar/renew",
    "api/v1/nights/<uuid:night_id>/rounds/<int:number>/withdraw": (
        "/api/v1/nights/{night}/rounds/1/withdraw"
    ),
    "api/v1/invitations/accept": "/api/v1/invitations/accept",
    "api/v1/series": "/api/v1/series",
    "api/v1/series/<uuid:series_id>": "/api/v1/series/{series}",
    "api/v1/series/<uuid:series_id>/deals": "/api/v1/series/{series}/deals",
    "api/v1/series/<uuid:series_id>/deals/<int:number>/correction": (
        "/api/v1/series/{series}/deals/1/correction"
    ),
    "api/v1/series/<uuid:series_id>/deals/<int:number>/void": (
        "/api/v1/series/{series}/deals/1/void"
    ),
    "api/v1/series/<uuid:series_id>/deals/<int:number>/confirmation": (
        "/api/v1/series/{series}/deals/1/confirmation"
    ),
    "api/v1/series/<uuid:series_id>/deals/<int:number>/dispute": (
        "/api/v1/series/{series}/deals/1/dispute"
    ),
    "api/v1/series/<uuid:series_id>/confirmations": "/api/v1/series/{series}/confirmations",
    "api/v1/series/<uuid:series_id>/abandon": "/api/v1/series/{series}/abandon",
    "api/v1/series/<uuid:series_id>/live-link": "/api/v1/series/{series}/live-link",
    "api/v1/series/<uuid:series_id>/events": "/api/v1/series/{series}/events",
    "api/v1/verify": "/api/v1/verify",
    "api/v1/^[\\s\\S]*$": "/api/v1/no/such/operation",
    # The league's pages (series/league/urls.py)
    "clubs/<slug:slug>/league/": "/clubs/{slug}/league/",
    "clubs/<slug:slug>/league/standings.csv": "/clubs/{slug}/league/standings.csv",
    "clubs/<slug:slug>/league/history/": "/clubs/{slug}/league/history/",
    "clubs/<slug:slug>/league/settings/": "/clubs/{slug}/league/settings/",
    "clubs/<slug:slug>/players/<int:player_id>/": "/clubs/{slug}/players/{player}/",
    "series/<uuid:series_id>/sheet.csv": "/series/{series}/sheet.csv",
    # The pages (series/site/urls.py, series/nights/urls.py)
    "": "/",
    "sw.js": "/sw.js",
    "manifest.webmanifest": "/manifest.webmanifest",
    "offline/": "/offline/",
    "login/": "/login/",
    "logout/": "/logout/",
    "signup/": "/signup/",
    "account/": "/account/",
    "account/password/": "/account/password/",
    "account/reset/": "/account/reset/",
    "account/reset/sent/": "/account/reset/sent/",
    "account/reset/<uidb64>/<token>/": "/account/reset/{uid}/{reset}/",
    "account/reset/done/": "/account/reset/done/",
    "account/devices/": "/account/devices/",
    "account/pin/": "/account/pin/",
    "account/email/confirm/<str:token>/": "/account/email/confirm/no-such-link/",
    "mail/unsubscribe/<str:token>/": "/mail/unsubscribe/no-such-link/",
    "clubs/new/": "/clubs/new/",
    "clubs/<slug:slug>/settings/": "/clubs/{slug}/settings/",
    "clubs/<slug:slug>/league/roster/": "/clubs/{slug}/league/roster/",
    "clubs/<slug:slug>/members/": "/clubs/{slug}/members/",
    "clubs/<slug:slug>/members/<int:user_id>/remove/": "/clubs/{slug}/members/{member}/remove/",
    "clubs/<slug:slug>/invitations/made/": "/clubs/{slug}/invitations/made/",
    "clubs/<slug:slug>/series/new/": "/clubs/{slug}/series/new/",
    "join/": "/join/",
    "join/<str:token>/": "/join/{join}/",
    "rules/check/": "/rules/check/",
    "rules/": "/rules/",
    "rules/<slug:preset>/": "/rules/continental/",
    "series/<uuid:series_id>/": "/series/{series}/",
    "series/<uuid:series_id>/print/": "/series/{series}/print/",
    "series/<uuid:series_id>/audit/": "/series/{series}/audit/",
    "series/<uuid:series_id>/abandon/": "/series/{series}/abandon/",
    "series/<uuid:series_id>/deals/new/": "/series/{series}/deals/new/",
    "series/<uuid:series_id>/deals/check/": "/series/{series}/deals/check/",
    "series/<uuid:series_id>/deals/<int:number>/correct/": "/series/{series}/deals/1/correct/",
    "series/<uuid:series_id>/deals/<int:number>/void/": "/series/{series}/deals/1/void/",
    "series/<uuid:series_id>/deals/<int:number>/confirm/": "/series/{series}/deals/1/confirm/",
    "series/<uuid:series_id>/live-link/new/": "/series/{series}/live-link/new/",
    "check/": "/check/",
    "live/<str:token>/": "/live/{live}/",
    "live/<str:token>/sheet/": "/live/{live}/sheet/",
    "clubs/<slug:slug>/nights/": "/clubs/{slug}/nights/",
    "clubs/<slug:slug>/nights/<uuid:night_id>/": "/clubs/{slug}/nights/{night}/",
    "clubs/<slug:slug>/nights/<uuid:night_id>/cards/": "/clubs/{slug}/nights/{night}/cards/",
    "clubs/<slug:slug>/nights/<uuid:night_id>/screen/": "/clubs/{slug}/nights/{night}/screen/",
    "clubs/<slug:slug>/nights/<uuid:night_id>/screen/tables/": (
        "/clubs/{slug}/nights/{night}/screen/tables/"
    ),
    "clubs/<slug:slug>/nights/<uuid:night_id>/join/": "/clubs/{slug}/nights/{night}/join/",
    "clubs/<slug:slug>/nights/<uuid:night_id>/close/<str:what>/": (
        "/clubs/{slug}/nights/{night}/close/night/"
    ),
    "clubs/<slug:slug>/nights/<uuid:night_id>/reopen/": "/clubs/{slug}/nights/{night}/reopen/",
    "clubs/<slug:slug>/nights/<uuid:night_id>/report/": "/clubs/{slug}/nights/{night}/report/",
    "clubs/<slug:slug>/championships/": "/clubs/{slug}/championships/",
    "clubs/<slug:slug>/championships/<uuid:championship_id>/": (
        "/clubs/{slug}/championships/{championship}/"
    ),
    "clubs/<slug:slug>/championships/<uuid:championship_id>/screen/": (
        "/clubs/{slug}/championships/{championship}/screen/"
    ),
    "clubs/<slug:slug>/championships/<uuid:championship_id>/screen/ranking/": (
        "/clubs/{slug}/championships/{championship}/screen/ranking/"
    ),
    "clubs/<slug:slug>/nights/<uuid:night_id>/answer/": "/clubs/{slug}/nights/{night}/answer/",
    "clubs/<slug:slug>/nights.ics": "/clubs/{slug}/nights.ics",
    "clubs/<slug:slug>/nights/calendar/renew/": "/clubs/{slug}/nights/calendar/renew/",
    # Django's admin, for the site's staff
    "admin/": "/admin/",
    "admin/login/": "/admin/login/",
    "admin/logout/": "/admin/logout/",
    "admin/password_change/": "/admin/password_change/",
    "admin/password_change/done/": "/admin/password_change/done/",
    "admin/autocomplete/": "/admin/autocomplete/",
    "admin/jsi18n/": "/admin/jsi18n/",
    "admin/r/<path:content_type_id>/<path:object_id>/": "/admin/r/{user_type}/{member}/",
    "admin/^(?P<app_label>auth|axes)/$": "/admin/auth/",
    "admin/(?P<url>.*)$": "/admin/no/such/page/",
    **{
        f"admin/{model}/{page}": f"/admin/{model}/{page}".replace("<path:object_id>", "1")
        for model in (
            "auth/group",
            "auth/user",
            "axes/accessattempt",
            "axes/accesslog",
            "axes/accessfailurelog",
        )
        for page in (
            "",
            "add/",
            "<path:object_id>/history/",
            "<path:object_id>/delete/",
            "<path:object_id>/change/",
            "<path:object_id>/",
        )
    },
    "admin/auth/user/<id>/password/": "/admin/auth/user/{member}/password/",
}
# Requests that end the identity's session or token: each is sent last.
ENDING = {
    "logout/",
    "admin/logout/",
    "api/v1/auth/sign-out",
    "api/v1/auth/sign-out-all",
}
IDENTITIES = ("visitor", "member", "scorer", "demo", "staff")  # demo: the club's admin


def url_patterns(patterns=None, prefix: str = ""):
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            yield from url_patterns(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            yield prefix + str(pattern.pattern)


# Served once for the worker: its two tests are one xdist group, but other
# modules' tests may run between them, which would end a module's fixture and
# serve the app a second time.
@pytest.fixture(scope="session")
def served():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: set DATABASE_URL=postgres://…")
    yield from production.serve(connection.settings_dict)


def test_every_address_answers_every_role_without_a_server_error(served):
    patterns = set(url_patterns())
    assert patterns - CASES.keys() == set(), "patterns with no case here"
    assert CASES.keys() - patterns == set(), "cases of patterns that are gone"
    paths = {pattern: CASES[pattern].format(**served.demo) for pattern in patterns}
    ordered = sorted(paths, key=lambda pattern: pattern in ENDING)

    def crawl(identity: str) -> list[str]:
        client = served.visitor() if identity == "visitor" else served.signed_in(identity)
        failures = []
        for method in ("GET", "POST"):
            for pattern in ordered:
                if method == "POST" and pattern in ENDING:
                    continue
                body = {"json_body": {}} if pattern.startswith("api/") else {"form": {}}
                status, _, _ = client.request(
                    method, paths[pattern], **(body if method == "POST" else {})
                )
                if status >= 500:
                    failures.append(f"{identity} {method} {paths[pattern]}: {status}")
        for pattern in sorted(ENDING):
            status, _, _ = client.request("POST", paths[pattern])
            if status >= 500:
                failures.append(f"{identity} POST {paths[pattern]}: {status}")
        return failures

    with ThreadPoolExecutor(max_workers=len(IDENTITIES)) as pool:
        failures = [f for found in pool.map(crawl, IDENTITIES) for f in found]
    assert failures == [], "\n".join(failures) + "\n" + served.log.read_text()[-4000:]


def offline(served, page) -> None:
    """The phone offline (as the page sees it) and its network cut at the proxy,
    so that nothing it sends reaches the app whatever the browser lets through."""
    served.network(up=False)
    page.context.set_offline(True)


def online(served, page) -> None:
    served.network(up=True)
    page.context.set_offline(False)


@pytest.mark.browser
def test_a_phone_reads_a_sheet_and_records_a_deal_offline_against_the_served_app(
    served, monkeypatch
):
    """The service worker installs from the collected static files; a sheet
    opened once is read with the network cut (at the proxy: nothing reaches the
    app); a deal entered offline waits in the outbox and is recorded once when
    the network returns."""
    series_id = served.demo["offline_series"]
    sheet = f"{served.url}/series/{series_id}/"
    with chromium_tab(monkeypatch) as page:
        page.expected_errors.extend(["ERR_INTERNET_DISCONNECTED", "ERR_EMPTY_RESPONSE"])
        page.goto(f"{served.url}/login/?next=/series/{series_id}/")
        page.get_by_label("User name").fill("scorer")
        page.get_by_label("Password").fill(production.PASSWORD)
        page.get_by_role("button", name="Sign in").click()
        page.wait_for_url(sheet)
        page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
        page.reload()  # now through the worker, which keeps a copy of the sheet
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")

        offline(served, page)
        page.goto(sheet)
        page.get_by_role("status").filter(has_text="saved on this phone").wait_for()
        assert page.get_by_role("heading", name="You are offline").count() == 0

        online(served, page)
        page.get_by_role("link", name="Record a deal").click()
        enter_deal(page, "Piet", {"Olga": 30, "Quim": 40, "Rosa": 25})
        offline(served, page)
        page.get_by_role("button", name="Record the deal").click()
        page.locator("#deal-form [data-outbox-status]").get_by_text("Waiting").wait_for()
        page.goto(sheet)
        page.locator("#outbox-pending").get_by_text("Deal 1 · waiting to be sent").wait_for()
        assert served.events(series_id, "DealRecorded") == 0

        online(served, page)  # the browser's "online" event sends what waits
        page.locator("#outbox-pending").wait_for(state="hidden", timeout=60_000)
        outbox = page.evaluate("localStorage.getItem('scorekeeper.outbox')")
        assert served.events(series_id, "DealRecorded") == 1, outbox
        page.evaluate("window.dispatchEvent(new Event('online'))")  # a second signal sends nothing
        page.goto(sheet)
        page.locator("#sheet .total-chip", has_text="Quim").get_by_text("40").wait_for()
    assert served.events(series_id, "DealRecorded") == 1
