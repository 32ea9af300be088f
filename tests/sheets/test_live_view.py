"""The live view: a read-only share link that spectators follow on their phones.
A scorer revokes it and makes a new one; a removed member's links stop working."""

from __future__ import annotations

import pytest
from django.core import signing

from series.clubs import membership
from series.clubs import services as club_services
from tests.support.pages import live_path, record

pytestmark = pytest.mark.django_db


def test_the_score_sheet_offers_the_share_link_and_its_qr_code(as_role, table, four):
    page = as_role("member").get(f"/series/{four}/").content.decode()

    assert f"http://testserver{live_path(four, table.users['member'])}" in page
    assert '<svg viewBox="0 0 ' in page and 'class="segno"' in page


def test_anyone_with_the_link_follows_the_sheet_without_signing_in(client, table, four):
    record(
        four, table.players[1], {table.players[0]: 30, table.players[2]: 40, table.players[3]: 25}
    )

    link = live_path(four, table.users["member"])
    response = client.get(link)

    page = response.content.decode()
    assert response.status_code == 200
    assert 'id="score-table"' in page
    assert f'data-live="{link}sheet/"' in page
    assert "/deals/new/" not in page and "/deals/1/correct/" not in page


def test_a_forged_or_altered_token_is_not_found(client, table, four):
    token = live_path(four, table.users["member"]).split("/")[2]
    never_revocable = signing.Signer(salt="series.live-view").sign(four.hex)

    assert client.get(f"/live/{four.hex}/").status_code == 404
    assert client.get(f"/live/{token[:-2]}xx/").status_code == 404
    assert client.get(f"/live/{token[:-2]}xx/sheet/").status_code == 404
    assert client.get(f"/live/{never_revocable}/").status_code == 404


def test_the_fragment_answers_no_content_until_a_deal_is_recorded(
    client, table, four, django_assert_num_queries
):
    """A page loaded before ETags polls with ``?version=``; today's polls send
    ``If-None-Match`` and are answered 304 after one query (test_watchers.py)."""
    url = f"{live_path(four, table.users['member'])}sheet/"

    with django_assert_num_queries(2):
        unchanged = client.get(url, {"version": 1})
    record(
        four, table.players[1], {table.players[0]: 30, table.players[2]: 40, table.players[3]: 25}
    )
    changed = client.get(url, {"version": 1})

    assert unchanged.status_code == 204
    assert changed.status_code == 200
    assert changed["X-Sheet-Version"] == "2"
    assert 'data-version="2"' in changed.content.decode()
    assert "<html" not in changed.content.decode()


def test_a_scorer_revokes_the_live_link_and_spectators_of_the_old_one_lose_the_sheet(
    as_role, client, table, four
):
    old = [live_path(four, table.users[role]) for role in ("member", "scorer", "admin")]
    scorer = as_role("scorer")

    confirm = scorer.get(f"/series/{four}/live-link/new/")
    assert "Revoke the link and make a new one" in confirm.content.decode()
    assert all(client.get(link).status_code == 200 for link in old)  # asking changes nothing
    done = scorer.post(f"/series/{four}/live-link/new/", follow=True)

    new = live_path(four, table.users["scorer"])
    assert new not in old
    assert new in done.content.decode()
    assert "The old live link no longer works" in done.content.decode()
    for link in old:
        gone = client.get(link)
        assert gone.status_code == 410
        assert "This live link no longer works" in gone.content.decode()
        assert client.get(f"{link}sheet/", {"version": 0}).status_code == 410
    assert client.get(new).status_code == 200


def test_only_scorers_and_admins_revoke_a_live_link(as_role, table, four):
    link = live_path(four, table.users["member"])

    assert as_role("member").post(f"/series/{four}/live-link/new/").status_code == 403
    assert as_role("stranger").post(f"/series/{four}/live-link/new/").status_code == 404
    assert as_role(None).post(f"/series/{four}/live-link/new/").status_code == 302
    assert "Revoke the live link" not in as_role("member").get(f"/series/{four}/").content.decode()
    assert "Revoke the live link" in as_role("admin").get(f"/series/{four}/").content.decode()
    assert as_role(None).get(link).status_code == 200


def test_a_removed_members_links_stop_working_and_stay_dead_if_they_join_again(client, table, four):
    member, scorer = table.users["member"], table.users["scorer"]
    removed = live_path(four, member)
    kept = live_path(four, scorer)

    membership.member_remove(club=table.club, user=member)
    assert client.get(removed).status_code == 410
    assert client.get(kept).status_code == 200
    membership.member_set(club=table.club, user=member, role="member")
    assert client.get(removed).status_code == 410
    assert client.get(live_path(four, member)).status_code == 200


def test_a_visitors_link_to_a_public_club_stops_when_its_pages_turn_private(client, table, four):
    club_services.club_update(club=table.club, public=True)
    visitor = live_path(four, None)
    assert f"http://testserver{visitor}" in client.get(f"/series/{four}/").content.decode()
    assert client.get(visitor).status_code == 200

    club_services.club_update(club=table.club, public=False)
    assert client.get(visitor).status_code == 410
