"""Whatever a page lets a user do, a client of the API can do too: every page
that takes a POST (or any method) is mapped to the API operations that do
the same, and each of those is in the schema."""

from __future__ import annotations

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

pytestmark = pytest.mark.django_db

# The pages (by URL name) and the API operations (operationId) that do what they do.
PAGE_OPERATIONS = {
    "nights:list": ("night_list", "night_open"),
    "nights:night": (
        "night_read",
        "night_check_in",
        "night_check_out",
        "night_round_draw",
        "night_move",
        "night_tables_start",
        "night_table_result",
        "night_round_withdraw",
        "night_close",
        # a night planned ahead's page: open it on the day, move or withdraw it,
        # a director's answer for a player
        "night_open",
        "night_planned_move",
        "night_withdraw",
        "night_rsvp",
    ),
    "nights:answer": ("night_rsvp",),  # "I'm coming", one tap
    "nights:calendar_renew": ("calendar_read", "calendar_renew"),
    "nights:join": ("night_read", "night_self_check_in"),  # the night's QR code
    "nights:reopen": ("night_read", "night_reopen"),  # RULES D-22
    "championships:list": ("championship_list", "championship_open"),
    "championships:championship": (
        "championship_read",
        "night_open",  # a qualifying night, or the final, with "championship"
        "championship_night_add",
        "championship_night_withdraw",
        "championship_cut",
        "championship_close",
    ),
    "home": ("clubs_list", "club_series_history"),  # ?state=open: the series in progress
    "login": ("token_create",),
    "logout": ("token_revoke",),
    "account": ("account_read", "account_update"),
    "unsubscribe": ("account_update",),  # {"results_by_email": false}
    "password_change": ("password_change",),
    "account_devices": ("devices_list", "device_revoke", "token_revoke_all"),
    "account_pin": ("pin_read", "pin_set"),
    "club_new": ("club_create",),
    "club_settings": ("club_read", "club_update"),
    "members": (
        "club_members_list",
        "club_member_set",
        "club_invitations_list",
        "club_invitation_create",
        "club_invitation_revoke",
    ),
    "member_remove": ("club_member_remove",),
    "join": ("invitation_accept",),
    "series_new": ("club_players_list", "series_start"),
    "sheet": ("series_read", "deals_to_confirm"),
    "sheet_print": ("series_read",),
    "audit": ("series_events",),
    "deal_new": ("deal_record",),
    "deal_correct": ("deal_correct",),
    "deal_void": ("deal_void",),
    "series_abandon": ("series_abandon",),
    "live_link_new": ("live_link_read", "live_link_renew"),
    "deal_confirm": ("deals_to_confirm", "deal_confirm", "deal_dispute"),
    "league:settings": (
        "club_ladder_read",
        "club_ladder_set",
        "club_seasons_list",
        "club_season_add",
        "club_season_remove",
    ),
    "roster": (
        "club_players_list",
        "club_player_add",
        "club_guest_add",
        "player_guest_mark",
        "player_rename",
        "player_merge",
        "player_unmerge",
        "player_retire",
        "player_account_link",
    ),
    "federations:new": ("federation_create",),
    "federations:link": ("federation_link_renew",),
    "federations:join": ("federation_member_join",),
    "federations:ask": ("federation_member_join",),  # without the link: a request
    "federations:member": ("federation_member_accept", "federation_member_end"),
    "federations:account_players": (
        "account_players",
        "account_player_confirm",
        "account_player_withdraw",
        "account_initials",
    ),
}

# Pages that take a POST but are a browser's own business, and why.
BROWSER_ONLY = {
    "set_language": "the API reads each request's Accept-Language",
    "signup": "an account is made in a browser, where the sign-in lockout and the "
    "password rules speak to a person",
    "password_reset": "a link sent by e-mail, opened in a browser",
    "password_reset_confirm": "the page the e-mail's link opens",
    "email_confirm": "the page the e-mail's link opens: it proves the address is the "
    "member's (an operator may vouch instead: manage.py confirm_email)",
}

NOT_PAGES = ("api", "league-api", "federations-api", "championships-api", "admin")


def page_views(patterns=None, namespace: str = ""):
    """(URL name, view) of every page, the API's and the admin's left out."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace not in NOT_PAGES:
                inner = f"{pattern.namespace}:" if pattern.namespace else namespace
                yield from page_views(pattern.url_patterns, inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield namespace + pattern.name, pattern.callback


def methods(view) -> set[str] | None:
    """The HTTP methods a view takes; None when nothing restricts them."""
    view_class = getattr(view, "view_class", None)
    if view_class is not None:
        return {m.upper() for m in view_class.http_method_names if hasattr(view_class, m)}
    while view is not None:  # require_http_methods keeps its list in a closure
        for cell in view.__closure__ or ():
            kept = cell.cell_contents
            if isinstance(kept, list) and kept and all(isinstance(m, str) for m in kept):
                return set(kept)
        view = getattr(view, "__wrapped__", None)
    return None


def pages_taking_post() -> set[str]:
    return {name for name, view in page_views() if (methods(view) or {"POST"}) >= {"POST"}}


def operation_ids(client) -> set[str]:
    schema = client.get("/api/v1/schema?format=json").json()
    return {op["operationId"] for path in schema["paths"].values() for op in path.values()}


def test_every_page_that_takes_a_post_has_its_operations_in_the_api(client):
    unmapped = pages_taking_post() - PAGE_OPERATIONS.keys() - BROWSER_ONLY.keys()
    assert not unmapped, f"pages whose operations the API lacks: {sorted(unmapped)}"
    missing = {
        page: sorted(set(operations) - operation_ids(client))
        for page, operations in PAGE_OPERATIONS.items()
        if set(operations) - operation_ids(client)
    }
    assert not missing, f"operations the pages offer and the API lacks: {missing}"


def test_the_list_of_pages_names_only_pages_that_exist():
    names = {name for name, _view in page_views()}
    assert set(PAGE_OPERATIONS) | set(BROWSER_ONLY) <= names


def test_a_page_added_with_a_form_and_no_api_operation_is_noticed():
    # The walk sees the methods of function views and class-based views alike.
    views = dict(page_views())
    assert methods(views["deal_new"]) == {"GET", "POST"}
    assert "POST" in methods(views["login"]) and methods(views["rules"]) == {"GET", "HEAD"}
    assert {"deal_void", "members", "join", "account_pin", "roster"} <= pages_taking_post()
