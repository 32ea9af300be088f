"""A second member confirms or disputes a deal: on their own phone, or on the
scorer's with their PIN; the sheet, the audit trail and the settings page."""

from __future__ import annotations

import pytest
from django.utils import formats, timezone

from series.accounts import services as accounts
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.models import DealLine, Event, Profile
from series.sheets import services
from tests.support.factories import entry
from tests.support.pages import live_path

pytestmark = pytest.mark.django_db


@pytest.fixture
def needs_confirmation(table, four):
    club_services.club_update(club=table.club, deals_need_confirmation=True)
    anna, bruno, carla, dario = table.players[:4]
    services.deal_record(
        series_id=four,
        entry=entry(bruno, {anna: 30, carla: 40, dario: 25}),
        actor_id=table.users["scorer"].id,
    )
    return four


def confirmation(series_id) -> str:
    return DealLine.objects.get(series_id=series_id, number=1).confirmation


def test_the_sheet_marks_a_deal_to_confirm_and_links_members_to_confirm_it(
    as_role, needs_confirmation
):
    page = as_role("member").get(f"/series/{needs_confirmation}/").content.decode()

    assert "To confirm by a second member: deal 1" in page
    assert '<span class="badge to-confirm">to confirm</span>' in page
    assert f"/series/{needs_confirmation}/deals/1/confirm/" in page


def test_a_member_confirms_on_their_own_phone(as_role, needs_confirmation):
    url = f"/series/{needs_confirmation}/deals/1/confirm/"
    form = as_role("member").get(url).content.decode()
    assert "Bruno went out." in form and "Carla: <strong>40</strong>" in form

    response = as_role("member").post(
        url, {"action": "confirm", "idempotency_key": "k1"}, follow=True
    )

    assert "Deal 1 is confirmed." in response.content.decode()
    assert confirmation(needs_confirmation) == "confirmed"


def test_a_deal_corrected_while_the_member_looked_at_it_is_not_confirmed_unseen(
    as_role, table, needs_confirmation
):
    anna, bruno, carla, dario = table.players[:4]
    url = f"/series/{needs_confirmation}/deals/1/confirm/"
    assert 'name="expected_version" value="2"' in as_role("member").get(url).content.decode()
    services.deal_correct(
        series_id=needs_confirmation,
        number=1,
        reason="Carla had 45",
        entry=entry(bruno, {anna: 30, carla: 45, dario: 25}),
    )

    body = {"action": "confirm", "idempotency_key": "k3", "expected_version": 2}
    stale = as_role("member").post(url, body)

    page = stale.content.decode()
    assert "check the deal below again before you confirm" in page
    assert "Carla: <strong>45</strong>" in page  # the deal as it stands now
    assert 'name="expected_version" value="3"' in page
    assert confirmation(needs_confirmation) == ""
    as_role("member").post(url, {**body, "idempotency_key": "k4", "expected_version": 3})
    assert confirmation(needs_confirmation) == "confirmed"


def seated_member(table):
    """The member's account linked to Dario, seated in ``four``."""
    dario = table.players[3]
    player_services.player_link(
        club=table.club, player_id=dario.id, user_id=table.users["member"].id
    )
    return dario


def test_on_the_scorers_phone_a_member_confirms_with_their_pin(as_role, table, needs_confirmation):
    dario = seated_member(table)
    accounts.pin_set(user=table.users["member"], pin="2468")
    url = f"/series/{needs_confirmation}/deals/1/confirm/"
    body = {"action": "confirm", "player": dario.id, "idempotency_key": "k2"}

    wrong = as_role("scorer").post(url, {**body, "pin": "1357"})
    assert "That PIN is not Dario&#x27;s. Tries left on this phone: 4." in wrong.content.decode()
    assert confirmation(needs_confirmation) == ""

    as_role("scorer").post(url, {**body, "pin": "2468"})
    assert confirmation(needs_confirmation) == "confirmed"


def test_the_names_offered_are_the_seated_players_with_an_account_not_the_recorder(
    as_role, table, needs_confirmation
):
    seated_member(table)
    page = as_role("scorer").get(f"/series/{needs_confirmation}/deals/1/confirm/").content.decode()
    choices = page[page.index('name="player"') : page.index("</select>")]
    # The scorer recorded the deal: "Me" would be refused. The admin and the
    # other members sit at no seat of this series.
    assert ">Dario</option>" in choices
    assert "Me (" not in choices and "admin" not in choices and ">member<" not in choices


def test_the_page_says_so_when_nobody_here_can_confirm(as_role, needs_confirmation):
    page = as_role("scorer").get(f"/series/{needs_confirmation}/deals/1/confirm/").content.decode()
    assert "no other player at this table has an account in the club" in page


def test_a_member_without_a_pin_is_told_so_not_that_the_pin_is_wrong(
    as_role, table, needs_confirmation
):
    dario = seated_member(table)
    url = f"/series/{needs_confirmation}/deals/1/confirm/"
    body = {"action": "confirm", "player": dario.id, "pin": "2468", "idempotency_key": "k5"}
    page = as_role("scorer").post(url, body).content.decode()
    assert "Dario has not set a PIN yet" in page
    assert "is not Dario" not in page


def test_wrong_pins_lock_the_member_on_that_phone_but_not_on_another(
    as_role, table, needs_confirmation, settings
):
    settings.PIN_FAILURE_LIMIT = 3
    dario = seated_member(table)
    accounts.pin_set(user=table.users["member"], pin="2468")
    url = f"/series/{needs_confirmation}/deals/1/confirm/"
    body = {"action": "confirm", "player": dario.id, "idempotency_key": "k6"}
    for guess in ("1357", "9753"):
        assert "Tries left" in as_role("scorer").post(url, {**body, "pin": guess}).content.decode()
    locked = as_role("scorer").post(url, {**body, "pin": "8642"}).content.decode()
    assert "Too many wrong PINs for Dario on this phone" in locked
    # Locked: even the right PIN is not checked on this phone any more.
    right = as_role("scorer").post(url, {**body, "pin": "2468"}).content.decode()
    assert "Too many wrong PINs for Dario on this phone" in right
    assert confirmation(needs_confirmation) == ""
    # On the admin's phone Dario's PIN still works.
    as_role("admin").post(url, {**body, "idempotency_key": "k7", "pin": "2468"})
    assert confirmation(needs_confirmation) == "confirmed"


def test_the_scorer_cannot_confirm_their_own_deal(as_role, needs_confirmation):
    url = f"/series/{needs_confirmation}/deals/1/confirm/"
    response = as_role("scorer").post(url, {"action": "confirm", "idempotency_key": "k3"})
    assert "Pick who confirms." in response.content.decode()
    assert confirmation(needs_confirmation) == ""


def test_a_dispute_is_marked_on_the_sheet_and_in_the_audit_trail(as_role, needs_confirmation):
    url = f"/series/{needs_confirmation}/deals/1/confirm/"
    as_role("member").post(
        url, {"action": "dispute", "reason": "Carla had 35", "idempotency_key": "k4"}
    )

    sheet = as_role("member").get(f"/series/{needs_confirmation}/").content.decode()
    assert '<span class="badge disputed">disputed</span>' in sheet
    audit = as_role("member").get(f"/series/{needs_confirmation}/audit/").content.decode()
    assert "Deal disputed" in audit and "Deal 1, by member. Reason: Carla had 35" in audit


@pytest.mark.parametrize("pin", ["1111", "1234", "4321", "890123", "00000000"])
def test_a_pin_anyone_would_try_first_is_refused(as_role, table, pin):
    page = as_role("member").post("/account/pin/", {"pin": pin, "again": pin}).content.decode()
    assert "That PIN is too easy to guess" in page
    assert not Profile.objects.filter(user=table.users["member"]).exists()


def test_a_member_sets_a_pin_stored_hashed(as_role, table):
    response = as_role("member").post(
        "/account/pin/", {"pin": "2468", "again": "2468"}, follow=True
    )

    assert "Your PIN is set." in response.content.decode()
    profile = Profile.objects.get(user=table.users["member"])
    assert "2468" not in profile.confirmation_pin and profile.pin_matches("2468")


def _disputed(as_role, series_id, reason="Carla had 35"):
    url = f"/series/{series_id}/deals/1/confirm/"
    as_role("member").post(url, {"action": "dispute", "reason": reason, "idempotency_key": "k5"})


def test_the_sheet_shows_beside_the_deal_why_who_and_when_it_was_disputed(
    as_role, needs_confirmation
):
    _disputed(as_role, needs_confirmation)

    sheet = as_role("member").get(f"/series/{needs_confirmation}/").content.decode()

    disputed_at = Event.objects.get(stream=needs_confirmation, type="DealDisputed").recorded_at
    when = formats.date_format(timezone.localtime(disputed_at), "DATETIME_FORMAT")
    assert f"Disputed by member on {when}: Carla had 35" in sheet
    row = sheet.index('<span class="badge disputed">disputed</span>')
    assert sheet.index("dispute-row") > row  # beside the deal: the row below its line


def test_who_disputed_a_deal_of_a_public_club_is_for_its_members(
    as_role, table, needs_confirmation
):
    club_services.club_update(club=table.club, public=True)
    _disputed(as_role, needs_confirmation)

    sheet = as_role(None).get(f"/series/{needs_confirmation}/").content.decode()

    assert "Disputed on " in sheet and ": Carla had 35" in sheet
    assert "Disputed by member" not in sheet


def test_the_confirm_and_correct_pages_say_why_the_deal_is_disputed(as_role, needs_confirmation):
    _disputed(as_role, needs_confirmation, reason="Dario had a joker left")

    confirm = as_role("admin").get(f"/series/{needs_confirmation}/deals/1/confirm/")
    correct = as_role("scorer").get(f"/series/{needs_confirmation}/deals/1/correct/")

    assert "This deal is disputed" in confirm.content.decode()
    for page in (confirm, correct):
        assert "Disputed by member on " in page.content.decode()
        assert ": Dario had a joker left" in page.content.decode()


def test_a_corrected_deal_no_longer_shows_the_dispute(as_role, table, needs_confirmation):
    anna, bruno, carla, dario = table.players[:4]
    _disputed(as_role, needs_confirmation)
    services.deal_correct(
        series_id=needs_confirmation,
        number=1,
        reason="Carla had 35",
        entry=entry(bruno, {anna: 30, carla: 35, dario: 25}),
    )

    sheet = as_role("member").get(f"/series/{needs_confirmation}/").content.decode()
    correct = as_role("scorer").get(f"/series/{needs_confirmation}/deals/1/correct/")

    assert "Disputed by" not in sheet and "Disputed by" not in correct.content.decode()


def test_the_dispute_is_shown_in_the_pages_language(as_role, needs_confirmation):
    _disputed(as_role, needs_confirmation)
    sheet = as_role("member", language="it").get(f"/series/{needs_confirmation}/")
    assert "Contestata da member il " in sheet.content.decode()


def test_turning_confirmations_on_leaves_earlier_deals_as_they_were(as_role, table, four):
    """A club's setting applies from when it is set: the deal recorded before it is
    not "to confirm"; the one recorded after is."""
    anna, bruno, carla, dario = table.players[:4]
    services.deal_record(series_id=four, entry=entry(bruno, {anna: 30, carla: 40, dario: 25}))
    club_services.club_update(club=table.club, deals_need_confirmation=True)
    services.deal_record(series_id=four, entry=entry(carla, {anna: 20, bruno: 15, dario: 25}))

    page = as_role("member").get(f"/series/{four}/").content.decode()

    assert "To confirm by a second member: deal 2" in page
    assert "deal 1," not in page
    assert page.count('<span class="badge to-confirm">to confirm</span>') == 1


def test_spectators_of_the_live_view_see_why_a_deal_is_disputed_but_not_who(
    as_role, table, needs_confirmation
):
    _disputed(as_role, needs_confirmation)
    shared = live_path(needs_confirmation, table.users["member"])  # a member shares it

    live = as_role(None).get(shared).content.decode()

    assert "Disputed on " in live and ": Carla had 35" in live
    assert "Disputed by" not in live


def test_the_confirm_form_reads_who_confirms_without_asking_the_database(
    table, needs_confirmation, django_assert_num_queries
):
    """The form only reads the choice; the PIN is checked by the accounts'
    service and the member's seat looked up by the page."""
    from series.sheets.confirm_pages import ConfirmForm

    me, other = table.users["member"], table.users["admin"]
    anna = table.players[0]
    with django_assert_num_queries(0):
        form = ConfirmForm(
            {"player": "", "idempotency_key": "k"},
            me=me,
            members=[(anna.id, "Anna", other)],
            me_may_confirm=True,
            series_id=needs_confirmation,
        )
        assert form.is_valid(), form.errors
        assert form.confirmer() == (me, None, None)  # the signed-in member, no PIN


def test_a_refused_confirmation_answers_422_and_a_locked_pin_429_with_retry_after(
    as_role, table, needs_confirmation, settings
):
    """As every page's refusal does, the confirmation page answers 422 when it
    refuses (a wrong PIN, a name not offered); once the PIN is locked on this
    phone, 429 with the seconds until it is checked there again."""
    settings.PIN_FAILURE_LIMIT = 2
    dario = seated_member(table)
    accounts.pin_set(user=table.users["member"], pin="2468")
    url = f"/series/{needs_confirmation}/deals/1/confirm/"
    body = {"action": "confirm", "player": dario.id, "idempotency_key": "k8"}
    scorer = as_role("scorer")

    not_offered = scorer.post(url, {**body, "player": table.players[0].id, "pin": "2468"})
    assert not_offered.status_code == 422
    assert "Retry-After" not in not_offered
    wrong = scorer.post(url, {**body, "pin": "1357"})
    assert wrong.status_code == 422
    assert "Tries left on this phone: 1." in wrong.content.decode()

    locked = scorer.post(url, {**body, "pin": "9753"})
    assert locked.status_code == 429
    assert int(locked["Retry-After"]) >= settings.PIN_COOLOFF_MINUTES * 60 - 5
    assert int(locked["Retry-After"]) <= settings.PIN_COOLOFF_MINUTES * 60
    still = scorer.post(url, {**body, "pin": "2468"})  # the right PIN, unchecked while locked
    assert still.status_code == 429
    assert "Too many wrong PINs for Dario on this phone" in still.content.decode()
    assert confirmation(needs_confirmation) == ""
