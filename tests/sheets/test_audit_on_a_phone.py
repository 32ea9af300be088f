"""The audit trail on a phone: what a correction, a dispute and a void changed
fits the screen."""

from __future__ import annotations

import pytest

from series.sheets import services
from tests.support.browser import shoot, sign_in
from tests.support.factories import entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_changes_in_the_audit_trail_fit_a_phone(page, live_server, six):
    state = services.series_load(six)
    anna, *others = state.setup.players
    hands = {player: 20 + 5 * index for index, player in enumerate(others)}
    services.deal_record(series_id=six, entry=entry(anna, hands))
    services.deal_correct(
        series_id=six, number=1, reason="Bruno had 30", entry=entry(anna, {**hands, others[0]: 30})
    )
    services.deal_void(series_id=six, number=1, reason="misdeal")

    sign_in(page, live_server, f"/series/{six}/audit/")
    page.wait_for_url(f"**/series/{six}/audit/")
    voided = page.get_by_role("table", name="Deal 1, before → after").last
    voided.scroll_into_view_if_needed()

    assert voided.get_by_role("row", name="Bruno 30 → – 30 → 0").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shoot(page, "a11y-audit-changes", full_page=False)
