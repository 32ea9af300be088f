"""Correcting or voiding a deal with a reason, and the audit trail that keeps it all."""

from __future__ import annotations

import re

import pytest

from series.sheets import selectors, services
from tests.support.factories import entry
from tests.support.pages import deal_form, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def one_deal(table, four):
    anna, bruno, carla, dario = table.players[:4]
    record(
        four, bruno, {anna: 30, carla: "7C 7D 7H 8C 8D 8H 9C 9D 9H 10C 10D 10H JC JD JH", dario: 25}
    )
    return four


def test_the_correction_form_shows_the_deal_as_recorded(as_role, table, one_deal):
    page = as_role("scorer").get(f"/series/{one_deal}/deals/1/correct/").content.decode()

    assert "Correct deal 1" in page and "Anna dealt" in page
    assert 'value="7♣ 7♦ 7♥ 8♣ 8♦ 8♥ 9♣ 9♦ 9♥ 10♣ 10♦ 10♥ J♣ J♦ J♥"' in page
    checked = re.findall(r'<input type="radio" name="went_out" value="(\d+)"[^>]* checked>', page)
    assert checked == [str(table.players[1].id)]


def test_a_scorer_corrects_a_deal_with_a_reason(as_role, table, one_deal):
    anna, bruno, carla, dario = table.players[:4]
    data = deal_form(2, bruno, {anna: 31, carla: 40, dario: 25}, reason="Anna had a 2 more")

    response = as_role("scorer").post(f"/series/{one_deal}/deals/1/correct/", data, follow=True)

    page = response.content.decode()
    assert "Deal 1 was corrected." in page
    assert '<span class="badge">corrected</span>' in page


def test_a_correction_needs_a_reason(as_role, table, one_deal):
    anna, bruno, carla, dario = table.players[:4]
    data = deal_form(2, bruno, {anna: 31, carla: 40, dario: 25})

    response = as_role("scorer").post(f"/series/{one_deal}/deals/1/correct/", data)

    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert selectors.sheet_version(one_deal) == 2


def test_a_scorer_voids_a_deal_with_a_reason(as_role, one_deal):
    response = as_role("scorer").post(
        f"/series/{one_deal}/deals/1/void/",
        {"reason": "misdeal", "expected_version": 2},
        follow=True,
    )

    page = response.content.decode()
    assert "Deal 1 is void." in page
    assert '<span class="badge">void</span>' in page
    # A void deal keeps its number: the sheet announces the number the form records.
    assert "Deal 2: Anna deals next." in page


def test_a_void_reason_that_would_show_reordered_is_refused_on_the_form(as_role, one_deal):
    response = as_role("scorer").post(
        f"/series/{one_deal}/deals/1/void/",
        {"reason": "Eva \u202e03 ton ,0 had", "expected_version": 2},
        HTTP_ACCEPT_LANGUAGE="nl",
    )

    assert response.status_code == 200
    page = response.content.decode()
    assert "Een reden mag het onzichtbare teken U+202E niet bevatten" in page
    assert selectors.sheet_version(one_deal) == 2


def test_a_void_sent_after_the_sheet_changed_can_be_sent_again_from_the_page(
    as_role, table, one_deal
):
    member = table.users["member"]
    services.deal_confirm(series_id=one_deal, number=1, user_id=member.id)  # another phone
    url = f"/series/{one_deal}/deals/1/void/"

    stale = as_role("scorer").post(url, {"reason": "misdeal", "expected_version": 2})

    page = stale.content.decode()
    assert "The score sheet changed meanwhile" in page
    assert 'name="expected_version" value="3"' in page  # the page is now at the sheet's version
    again = as_role("scorer").post(url, {"reason": "misdeal", "expected_version": 3})
    assert again.status_code == 302
    assert services.series_load(one_deal).deal(1).void


def test_voiding_a_void_deal_again_is_refused_with_the_domains_message(as_role, one_deal):
    services.deal_void(series_id=one_deal, number=1, reason="misdeal")

    response = as_role("scorer").post(
        f"/series/{one_deal}/deals/1/void/", {"reason": "again", "expected_version": 3}
    )

    assert response.status_code == 200
    assert "Deal 1 is already void." in response.content.decode()


def test_a_deal_that_does_not_exist_is_not_found(as_role, one_deal):
    assert as_role("scorer").get(f"/series/{one_deal}/deals/9/correct/").status_code == 404
    assert as_role("scorer").get(f"/series/{one_deal}/deals/9/void/").status_code == 404


def test_members_may_not_correct_or_void(as_role, one_deal):
    assert as_role("member").get(f"/series/{one_deal}/deals/1/correct/").status_code == 403
    assert as_role("member").get(f"/series/{one_deal}/deals/1/void/").status_code == 403
    assert as_role("stranger").get(f"/series/{one_deal}/deals/1/void/").status_code == 404


def test_the_audit_trail_lists_every_event_readably_with_its_author(as_role, table, one_deal):
    anna, bruno, carla, dario = table.players[:4]
    services.deal_correct(
        series_id=one_deal,
        number=1,
        reason="Anna had a 2 more",
        entry=entry(bruno, {anna: 32, carla: 40, dario: 25}),
        actor_id=table.users["scorer"].id,
    )
    services.deal_void(
        series_id=one_deal, number=1, reason="misdeal", actor_id=table.users["admin"].id
    )

    page = as_role("member").get(f"/series/{one_deal}/audit/").content.decode()

    for text in (
        "1. Series started",
        "Players in seat order: Anna, Bruno, Carla, Dario.",
        "First dealer: Anna.",
        "2. Deal recorded",
        "Deal 1, dealt by Anna.",
        "Bruno went out.",
        "Anna: 30 points",
        "3. Deal corrected",
        "Reason: Anna had a 2 more",
        "Anna: 32 points",
        "4. Deal voided",
        "Deal 1 voided.",
        "Reason: misdeal",
        "scorer",
        "admin",
        'aria-label="Seven of clubs">7♣</span>',
    ):
        assert text in page, text


def audit_entry(page: str, version: int) -> str:
    """The text of the audit trail's entry ``version``, tags removed."""
    pattern = rf'id="event-{version}">(.*?)</li>\s*(<li class="audit-event"|</ol>)'
    found = re.search(pattern, page, re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1)))


def test_a_correction_a_dispute_and_a_void_show_the_deal_before_and_after(as_role, table, one_deal):
    anna, bruno, carla, dario = table.players[:4]
    services.deal_correct(
        series_id=one_deal,
        number=1,
        reason="Anna had a 2 more",
        entry=entry(bruno, {anna: 32, carla: 40, dario: 25}),
    )
    services.deal_dispute(
        series_id=one_deal, number=1, user_id=table.users["member"].id, reason="Dario had 35"
    )
    services.deal_void(series_id=one_deal, number=1, reason="misdeal")

    page = as_role("member").get(f"/series/{one_deal}/audit/").content.decode()

    corrected, disputed, voided = (audit_entry(page, version) for version in (3, 4, 5))
    assert "Deal 1, before → after" in corrected
    assert "Anna 30 → 32 30 → 32" in corrected and "Carla 132 → 40 132 → 40" in corrected
    assert "Bruno 0 → 0 0 → 0" in corrected
    assert "Reason: Dario had 35" in disputed
    assert "Before: no confirmation asked. After: disputed." in disputed  # none was asked
    assert "Anna 32 → – 32 → 0" in voided and "Dario 25 → – 25 → 0" in voided


def test_the_audit_trail_is_read_in_a_fixed_number_of_queries(
    as_role, table, one_deal, django_assert_num_queries
):
    client = as_role("member")
    # session, user, sheet with club and role, events with authors, player names
    with django_assert_num_queries(5):
        client.get(f"/series/{one_deal}/audit/")
    record(one_deal, table.players[2], {p: 30 for p in table.players[:4] if p != table.players[2]})
    with django_assert_num_queries(5):
        client.get(f"/series/{one_deal}/audit/")


def test_the_audit_trail_is_for_the_clubs_members(as_role, one_deal):
    assert as_role("stranger").get(f"/series/{one_deal}/audit/").status_code == 404
