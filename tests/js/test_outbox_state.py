"""The outbox's state machine (static/js/outbox-state.js): an entry leaves the
phone only on the server's answer, waits with a doubling backoff otherwise, and
a form sent twice is kept once."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

NOW = 1_000_000


@pytest.fixture
def outbox(loaded):
    tab = loaded("outbox-state.js")
    return lambda call, *args: tab.evaluate(f"(args) => OutboxState.{call}(...args)", list(args))


def answer(status: int, redirected: bool = False, url: str = "/series/1/") -> dict:
    return {"status": status, "ok": 200 <= status < 300, "redirected": redirected, "url": url}


def test_only_the_servers_answer_decides_what_leaves_the_phone(outbox):
    assert outbox("outcome", None) == "waiting"  # offline, dropped or timed out: kept
    assert outbox("outcome", answer(502)) == "waiting"
    assert outbox("outcome", answer(503)) == "waiting"
    assert outbox("outcome", answer(429)) == "waiting"
    assert outbox("outcome", answer(200, redirected=True)) == "recorded"
    assert outbox("outcome", answer(200, redirected=True, url="/login/?next=/")) == "signin"
    assert outbox("outcome", answer(200)) == "refused"  # the form again, with its errors
    assert outbox("outcome", answer(409)) == "refused"
    assert outbox("outcome", answer(403)) == "refused"  # not a member, not their table


def test_a_token_from_before_a_sign_in_is_sent_again_never_refused(outbox):
    """The CSRF check's 403 (X-CSRF-Failure) says the token went stale, not that
    the entry is wrong: the outbox sends it again with a fresh one."""
    stale = {**answer(403), "stale": True}
    assert outbox("outcome", stale) == "stale"


def test_a_kept_entry_is_tried_again_after_a_backoff_that_doubles_up_to_30_seconds(outbox):
    entry, delays = {"key": "k", "attempts": 0}, []
    for _ in range(7):
        entry = {"key": "k", **outbox("retried", entry, "waiting", NOW)}
        delays.append(entry["due"] - NOW)
    assert delays == [1000, 2000, 4000, 8000, 16000, 30000, 30000]
    assert (entry["state"], entry["attempts"]) == ("waiting", 7)


def test_what_is_due_is_what_waits_and_its_time_has_come(outbox):
    entries = [
        {"key": "now", "state": "waiting", "due": NOW - 1},
        {"key": "later", "state": "waiting", "due": NOW + 5000},
        {"key": "no", "state": "refused", "due": 0},
    ]
    assert [e["key"] for e in outbox("due", entries, NOW, False)] == ["now"]
    assert [e["key"] for e in outbox("due", entries, NOW, True)] == ["now", "later"]
    assert outbox("nextDue", entries) == NOW - 1
    assert outbox("nextDue", entries[2:]) is None  # a refused entry waits for its form


def test_a_form_sent_twice_is_kept_once(outbox):
    entry = {"key": "k", "url": "/series/1/deals/new/", "fields": [["idempotency_key", "k"]]}
    first = outbox("keep", [], [], entry)
    assert first["said"] == "waiting"
    assert [(e["key"], e["state"], e["attempts"]) for e in first["entries"]] == [
        ("k", "waiting", 0)
    ]

    assert outbox("keep", first["entries"], [], entry)["said"] == "queued"
    assert outbox("keep", [], ["k"], entry) == {"said": "already", "entries": []}
    refused = [{**entry, "state": "refused", "reason": "Deal 1 is recorded."}]
    again = outbox("keep", refused, [], entry)
    assert [(e["key"], e["state"]) for e in again["entries"]] == [("k", "waiting")]


def test_the_last_100_keys_sent_are_remembered(outbox):
    sent = [str(n) for n in range(100)]
    kept = outbox("sent", sent, "new")
    assert len(kept) == 100 and kept[0] == "1" and kept[-1] == "new"
