/* The outbox's state machine, apart from the page: what an answer from the
   server makes of a kept entry, when each entry is due again, and what keeping
   a form's entry says. Storage, requests and the page are outbox.js's. Loaded
   by every page before outbox.js, and by the unit tests. */
"use strict";

globalThis.OutboxState = Object.freeze({
  MAX_DELAY: 30000,
  SENT_KEPT: 100, // the keys of the last entries sent, remembered to answer "already recorded"

  // What an answer makes of the entry sent. ``answer``: null when no answer
  // came (offline, dropped, timed out), else { status, ok, redirected, url,
  // stale } (stale: the CSRF check refused its token, X-CSRF-Failure).
  //   "recorded": the server recorded it (or had: a replay of its key);
  //   "waiting": kept, sent again later (no answer, a 5xx, 429);
  //   "signin": kept until signed in again (sent to the sign-in page);
  //   "stale": its token is from before a sign-in: sent again with a fresh one;
  //   "refused": the server said why not.
  outcome(answer) {
    if (answer === null) return "waiting";
    if (answer.redirected && /\/login\//.test(answer.url)) return "signin";
    if (answer.status === 403 && answer.stale) return "stale";
    if (answer.status >= 500 || answer.status === 429) return "waiting";
    if (answer.ok && answer.redirected) return "recorded";
    return "refused";
  },

  // An entry kept after its try: one more attempt, due again after a backoff
  // that doubles from one second up to MAX_DELAY.
  retried(entry, state, now) {
    const attempts = (entry.attempts || 0) + 1;
    const delay = Math.min(OutboxState.MAX_DELAY, 1000 * 2 ** (attempts - 1));
    return { state: state, attempts: attempts, due: now + delay };
  },

  // The entries to send now: none refused; ``all`` sends those not yet due too.
  due(entries, now, all) {
    return entries.filter((entry) => entry.state !== "refused" && (all || (entry.due || 0) <= now));
  },

  // When the next entry is due, or null when none waits.
  nextDue(entries) {
    const waiting = entries.filter((entry) => entry.state !== "refused");
    return waiting.length ? Math.min(...waiting.map((entry) => entry.due || 0)) : null;
  },

  // Keeping a form's entry: "already" (sent before: nothing kept), "queued" (it
  // waits already) or "waiting" with the new list (a refused copy replaced).
  keep(entries, sentKeys, entry) {
    if (sentKeys.includes(entry.key)) return { said: "already", entries: entries };
    if (entries.some((kept) => kept.key === entry.key && kept.state !== "refused")) {
      return { said: "queued", entries: entries };
    }
    const kept = { ...entry, state: "waiting", attempts: 0, due: 0 };
    return { said: "waiting", entries: entries.filter((other) => other.key !== entry.key).concat([kept]) };
  },

  // The sent keys with ``key`` added, the oldest let go past SENT_KEPT.
  sent(sentKeys, key) {
    return sentKeys.concat([key]).slice(-OutboxState.SENT_KEPT);
  },
});
