"""Every page a user reaches passes axe (WCAG 2.1 A and AA), signed out and in,
in English and in Italian: a language changes the words. Signed out, both are
walked on a phone; signed in, English on a phone and Italian on a laptop, where
the wide tables and the forms' columns open out. What a visitor sees signed
out is drawn by the same templates.

The pages are walked from the URL conf: a named page this module cannot reach
fails ``test_every_page_of_the_url_conf_is_visited``, so a new page is checked
from the day it is added. One test per visitor and language walks them all on
its screens, so that its data is written once and one browser visits it, and
the four share the suite's workers; a redirect to a page already checked (the
sign-in page, signed out) is not checked again.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from series.accounts import services as accounts
from series.championships import services as championships
from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.clubs.views import MADE_SESSION_KEY
from series.eventstore import projectors
from series.federations import services as federation_services
from series.mail import tokens
from series.models import PlayedNight
from series.nights import planning
from series.nights import selectors as night_selectors
from series.nights import services as nights
from series.sheets import live_links, selectors, services
from tests.support.browser import (
    AXE,
    CSP_LISTENER,
    chromium,
    chromium_missing,
    session_of,
    violations_of,
)
from tests.support.factories import entry
from tests.support.nights import tables_started
from tests.support.pages import build_table, play_to_the_end

pytestmark = pytest.mark.browser

# Named URLs that are no page: files, fragments, redirects and forms' targets.
NOT_PAGES = {
    "service_worker",
    "manifest",
    "logout",
    "deal_check",
    "rules_check",
    "live_fragment",
    "league:standings_csv",
    "league:sheet_csv",
    "healthz",
    "set_language",
    "join",  # reached through its link (join_link), which keeps the token in the session
    "nights:screen_fragment",
    "championships:screen_fragment",
    "nights:answer",  # a form's target: back where the member tapped
    "nights:calendar",  # the calendar's file (RFC 5545)
    "nights:calendar_renew",  # a form's target
    "federations:ranking_csv",
    "federations:link",  # a form's target: a new join link
    "federations:member",  # a form's target: accept or end a club
}
VIEWPORTS = {"phone": {"width": 360, "height": 740}, "laptop": {"width": 1280, "height": 800}}


def live_token(series_id, user) -> str:
    """The token of the live link the series' sheet shows ``user``."""
    return live_links.token(live_links.key_for(selectors.series_sheet(series_id), user))


def page_names() -> set[str]:
    """Every named URL of the pages' URL conf (the API and the admin aside)."""

    def walk(patterns, namespace=""):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                if pattern.namespace == "admin" or str(pattern.pattern).startswith("api/"):
                    continue
                inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
                yield from walk(pattern.url_patterns, inner)
            elif isinstance(pattern, URLPattern) and pattern.name:
                yield namespace + pattern.name

    return set(walk(get_resolver().url_patterns)) - NOT_PAGES


def build_site() -> tuple[dict, object]:
    """A club with a finished series, one in play with a corrected, a voided and a
    disputed deal, an invitation and a Rummy series: what every page shows."""
    table = build_table()
    club, players, admin = table.club, table.players, table.users["admin"]
    club_services.club_update(club=club, public=True, deals_need_confirmation=True)
    four = players[:4]
    played = services.series_start(
        club=club, players=[p.id for p in four], first_dealer=four[0].id
    ).series_id
    scores = {p: 10 * (i + 2) for i, p in enumerate(four[1:])}
    for went_out in (four[0], four[0], four[1], four[2]):
        hands = {p: 10 * (i + 2) for i, p in enumerate(p for p in four if p != went_out)}
        services.deal_record(series_id=played, entry=entry(went_out, hands))
    services.deal_void(series_id=played, number=4, reason="misdeal")
    services.deal_correct(
        series_id=played,
        number=1,
        entry=entry(four[0], {**scores, four[1]: 25}),
        reason="Bruno had 25, not 20",
    )
    services.deal_dispute(
        series_id=played, number=3, user_id=table.users["member"].id, reason="Carla counted twice"
    )
    # Players of other tables: nobody sits at two open series (RULES D-19).
    later = [player_services.player_add(club=club, name=n) for n in ("Jan", "Kim", "Lea", "Max")]
    finished = services.series_start(
        club=club, players=[p.id for p in later], first_dealer=later[0].id
    ).series_id
    play_to_the_end(finished, later)
    for number in (1, 2, 3, 4):
        services.deal_confirm(series_id=finished, number=number, user_id=table.users["member"].id)
    projectors.follow_log()
    others = [player_services.player_add(club=club, name=n) for n in ("Gina", "Hugo", "Ida")]
    rummy = services.series_start(
        club=club, players=[p.id for p in others], first_dealer=others[0].id, rules="rummy"
    ).series_id
    services.deal_record(series_id=rummy, entry=entry(others[0], {others[1]: 12, others[2]: 30}))
    token = membership.invitation_create(club=club, role="member", multi_use=True).token
    accounts.email_set(user=admin, email="admin@example.org")  # a link confirms it
    night = night_played(club)
    closed = night_closed(club)
    championship = championships.championship_open(
        club=club, name="Winter championship", qualifying_nights=2
    ).championship_id
    championships.championship_night_add(championship_id=championship, night_id=night)
    federation = federation_services.federation_create(user=admin, name="Lega")
    federation_services.club_join(federation=federation.federation, club=club, user=admin)
    # A second federation, which the club has not joined: its "ask to join" page.
    federation_services.federation_create(user=admin, name="Liga")
    projectors.follow_log()
    person = f"p{PlayedNight.objects.order_by('player_id').first().player_id}"
    lega = {"slug": "lega"}
    slug, series, number = {"slug": club.slug}, {"series_id": played}, {"number": 3}
    pages = {
        "home": {},
        "offline": {},
        "login": {},
        "signup": {},
        "account": {},
        "password_change": {},
        "password_reset": {},
        "password_reset_done": {},
        "password_reset_complete": {},
        "password_reset_confirm": {
            "uidb64": urlsafe_base64_encode(force_bytes(admin.pk)),
            "token": default_token_generator.make_token(admin),
        },
        "club_new": {},
        "club_settings": slug,
        "members": slug,
        "invitation_made": slug,
        "member_remove": {**slug, "user_id": table.users["member"].id},
        "join_link": {"token": token},
        "account_devices": {},
        "series_new": slug,
        "rules": {},
        "checker": {},
        "account_pin": {},
        "sheet": series,
        "sheet_print": series,
        "audit": series,
        "deal_new": series,
        "deal_correct": {**series, **number},
        "deal_void": {**series, **number},
        "deal_confirm": {**series, **number},
        "live": {"token": live_token(played, admin)},
        "series_abandon": series,
        "live_link_new": series,
        "league:standings": slug,
        "league:history": slug,
        "league:settings": slug,
        "roster": slug,
        "league:player": {**slug, "player_id": players[0].id},
        "nights:list": slug,
        "nights:night": {**slug, "night_id": night},
        "nights:cards": {**slug, "night_id": night},
        "nights:close": {**slug, "night_id": night, "what": "round"},
        "nights:screen": {**slug, "night_id": night},
        "nights:join": {**slug, "night_id": night},
        "nights:reopen": {**slug, "night_id": closed},
        "nights:report": {**slug, "night_id": closed},
        "unsubscribe": {"token": tokens.unsubscribe_token(admin.id)},
        "email_confirm": {"token": tokens.confirm_token(admin.id, "admin@example.org")},
        "championships:list": slug,
        "championships:championship": {**slug, "championship_id": championship},
        "championships:screen": {**slug, "championship_id": championship},
        "federations:new": {},
        "federations:federation": lega,
        "federations:person": {**lega, "person": person},
        "federations:join": {**lega, "token": federation.token},
        "federations:ask": {"slug": "liga"},
        "federations:account_players": {},
    }
    # A night planned ahead, with an answer: its own page until it opens.
    ahead = planning.night_plan(
        club=club, date=nights.club_today(club) + timedelta(days=7), time="20:30", venue="Circolo"
    ).night_id
    planning.night_answer(night_id=ahead, player=players[0].id, coming=True)
    paths = {name: reverse(name, kwargs=kwargs) for name, kwargs in pages.items()}
    paths.update(
        {
            f"rules_preset {preset}": reverse("rules_preset", args=[preset])
            for preset in ("continental", "rummy")
        }
    )
    paths["nights:night planned"] = reverse("nights:night", args=[club.slug, ahead])
    paths["sheet rummy"] = reverse("sheet", args=[rummy])
    paths["deal_new rummy"] = reverse("deal_new", args=[rummy])
    return paths, admin, club


def night_played(club):
    """A night of six players at two tables, its score sheets open, one deal played."""
    seated = [
        player_services.player_add(club=club, name=n)
        for n in ("Nora", "Otto", "Pia", "Rita", "Sven", "Tina")
    ]
    night = tables_started(club, seated, 3)
    first = night_selectors.night_page(night).rounds[-1].tables[0]
    out, *others = [seat.player for seat in first.seats]
    services.deal_record(series_id=first.series, entry=entry(out, dict.fromkeys(others, 25)))
    return night


def night_closed(club):
    """A night of three players at one table, played out and closed (it may reopen)."""
    seated = [player_services.player_add(club=club, name=n) for n in ("Ugo", "Vera", "Walt")]
    night = nights.night_open(club=club, date="2026-03-07").night_id
    nights.night_check_in(night_id=night, players=[p.id for p in seated])
    nights.night_round_draw(night_id=night, min_table=3, max_table=3, seed=7)
    nights.night_tables_start(night_id=night)
    table = night_selectors.night_page(night).rounds[-1].tables[0]
    play_to_the_end(table.series, [seat.player for seat in table.seats])
    nights.night_close(night_id=night)
    return night


# Each page once in English and once in Italian, signed out and signed in: on a
# phone, but for the signed-in Italian walk, on a laptop. One case each, so
# that no worker is left with all of the longest walk at the end of a run.
AXE_WALKS = [
    pytest.param(signed_in, language, viewport, id=f"{state}-{language}-{viewport}")
    for signed_in, state in ((False, "signed-out"), (True, "signed-in"))
    for language in ("en", "it")
    for viewport in ("laptop" if signed_in and language == "it" else "phone",)
]


@pytest.mark.django_db(transaction=True)
@pytest.mark.timeout(600)
@pytest.mark.parametrize(("signed_in", "language", "viewport"), AXE_WALKS)
def test_every_page_passes_axe(live_server, monkeypatch, signed_in, language, viewport):
    if chromium_missing():
        pytest.skip(chromium_missing())
    paths, admin, club = build_site()
    session = session_of(admin)
    new_links = [
        session_of(
            admin,
            **{MADE_SESSION_KEY: membership.invitation_create(club=club, role="member").token},
        )
    ]
    found, errors = {}, []
    with chromium(monkeypatch) as browser:
        context = browser.new_context(
            viewport=VIEWPORTS[viewport], locale=language, service_workers="block"
        )
        context.add_init_script(CSP_LISTENER)
        context.add_init_script(path=AXE)
        cookie = {"name": settings.SESSION_COOKIE_NAME, "url": live_server.url}
        if signed_in:
            context.add_cookies([{**cookie, "value": session}])
        tab = context.new_page()
        tab.on(
            "console",
            lambda msg: (
                errors.append(f"{msg.text} at {msg.location['url']}")
                if msg.type == "error"
                else None
            ),
        )
        seen = set()
        for name, path in paths.items():
            if signed_in and name == "invitation_made":
                context.add_cookies([{**cookie, "value": new_links.pop()}])
            tab.goto(live_server.url + path)
            if signed_in and name == "invitation_made":
                context.add_cookies([{**cookie, "value": session}])
            landed = tab.url.split("?")[0]
            if landed in seen:  # a redirect to a page already checked (the sign-in page)
                continue
            seen.add(landed)
            assert tab.locator("html").get_attribute("lang") == language, name
            if problems := violations_of(tab):
                found[f"{name} {viewport}"] = problems
        context.close()
    assert found == {}, "\n".join(f"{page}: {problems}" for page, problems in found.items())
    assert errors == []


@pytest.mark.django_db
def test_every_page_of_the_url_conf_is_visited():
    visited = {name.split(" ")[0] for name in build_site()[0]}

    assert page_names() - visited == set()
