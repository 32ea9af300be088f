"""Watchers that cost nothing: a spectator's phone polls the live view with the
ETag it last got and is answered 304, after one indexed query and no
rendering, until something the page shows changes (series/web/conditional.py)."""

from __future__ import annotations

import pytest
from django.utils.html import escape

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.sheets import services
from tests.support.factories import entry
from tests.support.pages import member_live_token as live_token
from tests.support.pages import record

pytestmark = pytest.mark.django_db


def fragment(four) -> str:
    return f"/live/{live_token(four)}/sheet/"


def first_deal(table, four):
    anna, bruno, carla, dario = table.players[:4]
    return record(four, bruno, {anna: 30, carla: 40, dario: 25})


def test_an_unchanged_fragment_is_answered_304_after_one_query(
    client, table, four, django_assert_num_queries
):
    first_deal(table, four)
    url = fragment(four)
    tag = client.get(url)["ETag"]

    with django_assert_num_queries(1):
        again = client.get(url, HTTP_IF_NONE_MATCH=tag)

    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == tag


def test_an_unchanged_live_page_is_answered_304_after_one_query(
    client, table, four, django_assert_num_queries
):
    url = f"/live/{live_token(four)}/"
    page = client.get(url)
    tag = page["ETag"]

    with django_assert_num_queries(1):
        again = client.get(url, HTTP_IF_NONE_MATCH=tag)

    assert again.status_code == 304
    # The page hands its polls the tag it was served with: the first poll is a 304 too.
    assert f'data-etag="{escape(tag)}"' in page.content.decode()
    assert client.get(fragment(four), HTTP_IF_NONE_MATCH=tag).status_code == 304


def test_a_deal_recorded_meanwhile_answers_the_new_sheet(client, table, four):
    tag = client.get(fragment(four))["ETag"]
    first_deal(table, four)

    changed = client.get(fragment(four), HTTP_IF_NONE_MATCH=tag)

    assert changed.status_code == 200
    assert changed["ETag"] != tag
    assert "Deal 2: Bruno deals next." in changed.content.decode()


def test_a_confirmation_and_a_correction_each_change_the_tag(client, table, four):
    anna, bruno, carla, dario = table.players[:4]
    club_services.club_update(club=table.club, deals_need_confirmation=True)
    recorder = table.users["scorer"]
    services.deal_record(
        series_id=four, entry=entry(bruno, {anna: 30, carla: 40, dario: 25}), actor_id=recorder.id
    )
    tags = [client.get(fragment(four))["ETag"]]

    services.deal_confirm(series_id=four, number=1, user_id=table.users["member"].id)
    confirmed = client.get(fragment(four), HTTP_IF_NONE_MATCH=tags[-1])
    tags.append(confirmed["ETag"])
    services.deal_correct(
        series_id=four,
        number=1,
        reason="Carla had 45",
        entry=entry(bruno, {anna: 30, carla: 45, dario: 25}),
    )
    corrected = client.get(fragment(four), HTTP_IF_NONE_MATCH=tags[-1])

    assert confirmed.status_code == 200
    assert "confirmed" in confirmed.content.decode()
    assert corrected.status_code == 200
    assert "corrected" in corrected.content.decode()
    assert len({*tags, corrected["ETag"]}) == 3


def test_a_player_renamed_shows_on_the_next_poll(client, table, four):
    bruno = table.players[1]
    tag = client.get(fragment(four))["ETag"]

    player_services.player_rename(club=table.club, player_id=bruno.id, name="Bruno R.")
    renamed = client.get(fragment(four), HTTP_IF_NONE_MATCH=tag)

    assert renamed.status_code == 200
    assert "Bruno R." in renamed.content.decode()


def test_the_tag_varies_on_the_pages_language(client, four):
    english = client.get(fragment(four), HTTP_ACCEPT_LANGUAGE="en")

    italian = client.get(
        fragment(four), HTTP_ACCEPT_LANGUAGE="it", HTTP_IF_NONE_MATCH=english["ETag"]
    )

    assert italian.status_code == 200
    assert italian["ETag"] != english["ETag"]
    assert "Accept-Language" in italian["Vary"]


def test_a_tag_from_a_signed_in_visit_does_not_answer_an_anonymous_one(as_role, four):
    url = f"/live/{live_token(four)}/"
    tag = as_role("member").get(url)["ETag"]

    anonymous = as_role(None).get(url, HTTP_IF_NONE_MATCH=tag)

    assert anonymous.status_code == 200


def test_a_forged_token_with_any_tag_is_still_not_found(client, four):
    forged = f"/live/{live_token(four)[:-2]}xx/sheet/"

    assert client.get(forged, HTTP_IF_NONE_MATCH="*").status_code == 404


def test_a_phone_holding_several_tags_is_answered_304_when_one_is_current(client, four):
    tag = client.get(fragment(four))["ETag"]
    strong = tag.removeprefix("W/")

    several = client.get(fragment(four), HTTP_IF_NONE_MATCH=f'W/"stale", {tag}')
    unprefixed = client.get(fragment(four), HTTP_IF_NONE_MATCH=strong)
    stale = client.get(fragment(four), HTTP_IF_NONE_MATCH='W/"stale"')

    assert several.status_code == 304
    assert unprefixed.status_code == 304
    assert stale.status_code == 200


def test_a_club_that_starts_asking_for_confirmations_leaves_the_deals_shown_as_they_were(
    client, table, four
):
    first_deal(table, four)
    tag = client.get(fragment(four))["ETag"]

    club_services.club_update(club=table.club, deals_need_confirmation=True)
    asking = client.get(fragment(four), HTTP_IF_NONE_MATCH=tag)

    assert asking.status_code == 200  # the club's setting is part of what the sheet shows
    assert "to confirm" not in asking.content.decode()  # a deal recorded before stays so
