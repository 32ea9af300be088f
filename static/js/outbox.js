/* The outbox: every deal, correction and void is kept on the phone (localStorage)
   before it is sent, and leaves only on an answer from the server: recorded, a
   replay of the same idempotency key, or a refusal (shown, the entry kept for
   editing). A network error, a timeout or a 5xx keeps it; it is sent again with
   backoff, when the browser comes back online and on every page load. Sent to
   the sign-in page (the session ended), it waits until signed in again; refused
   by the CSRF check (its token from before a sign-in), it is sent again once with
   a fresh token from its own page: neither is ever taken as a refusal. */
"use strict";

(function () {
  const KEY = "scorekeeper.outbox";
  const SENT_KEY = "scorekeeper.outbox.sent";
  const TIMEOUT = 15000;
  const State = OutboxState; // the state machine (outbox-state.js)
  const banner = document.getElementById("offline-status");

  // -- storage ----------------------------------------------------------------------

  function read(name, fallback) {
    try {
      return JSON.parse(localStorage.getItem(name)) || fallback;
    } catch {
      return fallback;
    }
  }
  const entries = () => read(KEY, []);
  const save = (list) => localStorage.setItem(KEY, JSON.stringify(list));
  const sentKeys = () => read(SENT_KEY, []);
  const fieldOf = (fields, name) => (fields.find(([field]) => field === name) || [])[1];

  function update(key, change) {
    const list = entries();
    const entry = list.find((kept) => kept.key === key);
    if (entry) Object.assign(entry, change);
    save(list);
    return entry;
  }

  function remove(key) {
    save(entries().filter((kept) => kept.key !== key));
  }

  // Sent first, then let go: another tab reading between the two sees it sent.
  function markSent(key) {
    localStorage.setItem(SENT_KEY, JSON.stringify(State.sent(sentKeys(), key)));
    remove(key);
  }
  const kept = (key) => entries().some((entry) => entry.key === key);

  // -- what the user sees --------------------------------------------------------------

  function formOf(key) {
    return Array.from(document.querySelectorAll("form[data-outbox]")).find(
      (form) => form.elements.idempotency_key && form.elements.idempotency_key.value === key
    );
  }

  // ``label``: the status's own words for ``state`` when not its usual ones.
  function say(key, state, detail, label) {
    const form = formOf(key);
    const status = form && form.querySelector("[data-outbox-status]");
    if (status) {
      status.textContent = status.dataset[label || state] + (detail ? " " + detail : "");
      status.className = "outbox-status " + state;
      status.hidden = false;
    }
    showWaiting();
  }

  // The keys this sheet lists as waiting: once another tab sends one, the sheet shows it.
  let listedHere = [];

  function showWaiting() {
    const list = entries();
    if (banner) {
      // An entry whose form is on this page has its status next to its button.
      const elsewhere = list.filter((entry) => !formOf(entry.key));
      const waiting = elsewhere.filter((entry) => entry.state !== "refused").length;
      const refused = elsewhere.length - waiting;
      const parts = [];
      if (waiting) parts.push(banner.dataset.pending + " " + waiting);
      if (refused) parts.push(banner.dataset.refused);
      banner.textContent = parts.join(" ");
      banner.hidden = !parts.length;
    }
    const pending = document.getElementById("outbox-pending");
    if (pending) {
      const here = list.filter((entry) => entry.sheet === pending.dataset.sheet);
      listedHere = here.map((entry) => entry.key);
      pending.replaceChildren(
        ...here.map((entry) => {
          const item = document.createElement("li");
          item.textContent = entry.label + " · " + pending.dataset[entry.state];
          return item;
        })
      );
      pending.hidden = !here.length;
    }
  }

  // -- sending ----------------------------------------------------------------------------

  let timer = null;
  let sending = false;

  function schedule() {
    clearTimeout(timer);
    const next = State.nextDue(entries());
    if (next !== null) timer = setTimeout(flush, Math.max(0, next - Date.now()));
  }

  async function flush(now) {
    if (sending) return;
    sending = true;
    try {
      for (const entry of State.due(entries(), Date.now(), now)) await send(entry);
    } finally {
      sending = false;
      schedule();
    }
  }

  // ``fresh``: a CSRF token just read from the server; else this page's, since
  // signing in again replaced the one the entry was made with.
  async function post(entry, fresh) {
    const body = new URLSearchParams();
    const field = document.querySelector("input[name=csrfmiddlewaretoken]");
    const token = fresh || (field && field.value);
    entry.fields.forEach(([name, value]) =>
      body.append(name, name === "csrfmiddlewaretoken" && token ? token : value)
    );
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), TIMEOUT);
    try {
      // X-Outbox: the page this answer redirects to leaves its messages ("Deal 1
      // was corrected.") to the page the outbox then opens.
      return await fetch(entry.url, {
        method: "POST", body: body, credentials: "same-origin", signal: controller.signal,
        headers: { "X-Outbox": "1" },
      });
    } finally {
      clearTimeout(timeout);
    }
  }

  // What outbox-state.js reads of an answer (null: none came).
  function answerOf(response) {
    if (!response) return null;
    const { status, ok, redirected, url } = response;
    return { status, ok, redirected, url, stale: response.headers.get("X-CSRF-Failure") === "1" };
  }

  async function attempt(entry, fresh) {
    try {
      return await post(entry, fresh);
    } catch {
      return null; // offline, dropped or timed out: kept for the next try
    }
  }

  // A fresh CSRF token from the entry's own page (the session's, as it is now):
  // { token }, { signin: true } when the session ended, or null offline.
  async function freshToken(entry) {
    try {
      const response = await fetch(entry.url, { credentials: "same-origin", headers: { "X-Outbox": "1" } });
      if (State.outcome(answerOf(response)) === "signin") return { signin: true };
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const field = page.querySelector("input[name=csrfmiddlewaretoken]");
      return field ? { token: field.value } : null;
    } catch {
      return null;
    }
  }

  // The token was stale (a sign-in since replaced it, here or in another tab):
  // the entry is sent again once with a fresh one, never taken as refused.
  async function sendFresh(entry) {
    const fresh = await freshToken(entry);
    if (!fresh) return { outcome: "waiting", response: null };
    if (fresh.signin) return { outcome: "signin", response: null };
    document.querySelectorAll("input[name=csrfmiddlewaretoken]").forEach((field) => (field.value = fresh.token));
    const response = await attempt(entry, fresh.token);
    const outcome = State.outcome(answerOf(response));
    return { outcome: outcome === "stale" ? "waiting" : outcome, response };
  }

  async function send(entry) {
    if (!kept(entry.key)) return; // another tab of this phone sent it meanwhile
    update(entry.key, { state: "sending" });
    say(entry.key, "sending");
    let response = await attempt(entry);
    let outcome = State.outcome(answerOf(response));
    if (outcome === "stale") ({ outcome, response } = await sendFresh(entry));
    // Sent to the sign-in page, the session ended: kept, and sent once signed in again.
    if (outcome === "waiting" || outcome === "signin") {
      if (!kept(entry.key)) return followOtherTabs(); // sent by another tab while this one tried
      update(entry.key, State.retried(entry, outcome, Date.now()));
      say(entry.key, outcome);
      return;
    }
    if (outcome === "recorded") return recorded(entry, response);
    return refused(entry, response);
  }

  async function recorded(entry, response) {
    markSent(entry.key);
    const form = formOf(entry.key);
    if (form && !entry.attempts) {
      location.assign(response.url);
      return;
    }
    say(entry.key, "sent");
    if (form) showSheet(form, await response.text());
    if (document.getElementById("sheet") && !form) location.reload();
  }

  function showSheet(form, html) {
    const page = new DOMParser().parseFromString(html, "text/html");
    const sheet = page.getElementById("sheet");
    const old = document.getElementById("sheet");
    if (!sheet) return;
    if (old) old.replaceWith(sheet);
    else form.after(sheet);
  }

  async function refused(entry, response) {
    let page = null;
    try {
      page = new DOMParser().parseFromString(await response.text(), "text/html");
    } catch {
      page = null;
    }
    // Each reason once: the page's summary and its fields' errors, not the box around them.
    const errors = page ? Array.from(page.querySelectorAll("#form-errors p, p.error, span.error")) : [];
    const said = errors.filter((error) => !error.hidden && !error.closest("#moved-on"))
      .map((error) => error.textContent.trim().replace(/\s+/g, " ")).filter(Boolean);
    const reason = Array.from(new Set(said)).join(" ") || response.statusText;
    const version = page && page.querySelector("[name=expected_version]");
    const form = formOf(entry.key);
    if (form) {
      // The entry stays in the form for editing; the outbox lets it go.
      if (version && form.elements.expected_version) form.elements.expected_version.value = version.value;
      const general = page ? Array.from(page.querySelectorAll("#form-errors p")) : [];
      markFields(form, page);
      showCurrent(form, page);
      if (!showRefusal(form, general.map((error) => error.textContent.trim().replace(/\s+/g, " ")))) {
        showErrors(form, page && page.getElementById("form-errors"));
      }
      remove(entry.key);
      // Each reason is said once: where the page puts it (above the form, at a field).
      if (page) say(entry.key, "refused", "", "refusedHere");
      else say(entry.key, "refused", reason);
      return;
    }
    update(entry.key, { state: "refused", reason: reason, version: version && version.value });
    say(entry.key, "refused", reason);
  }

  // After the sheet moved on, the server's page names the deal this entry would
  // now be, with the totals as they stand: the heading and totals follow it.
  function showCurrent(form, page) {
    const heading = page && page.querySelector("main h1");
    const current = document.querySelector("main h1");
    if (heading && current) current.replaceWith(document.importNode(heading, true));
    if (!page) return;
    form.querySelectorAll(".hand[data-total]").forEach((hand) => {
      const fresh = page.querySelector(`.hand[data-player="${hand.dataset.player}"]`);
      if (fresh && fresh.dataset.total !== undefined) hand.dataset.total = fresh.dataset.total;
    });
    form.querySelectorAll("input.points").forEach((field) => field.dispatchEvent(new Event("input")));
  }

  // The fields at fault are marked as the server's page marks them, and what it
  // asks beside them (the same hands again?) is asked here too.
  function markFields(form, page) {
    if (!page) return;
    form.querySelectorAll("input, textarea").forEach((field) => {
      const fresh = field.name && page.querySelector(`[name="${field.name}"]:not([type=radio])`);
      if (field.type === "radio" || field.type === "hidden") return;
      if (fresh && fresh.getAttribute("aria-invalid") === "true") field.setAttribute("aria-invalid", "true");
      else field.removeAttribute("aria-invalid");
    });
    form.querySelectorAll(".hand-errors, #same-again, #moved-on").forEach((part) => {
      const fresh = page.getElementById(part.id);
      if (!fresh) return;
      part.replaceChildren(...Array.from(fresh.childNodes).map((node) => document.importNode(node, true)));
      part.hidden = fresh.hidden;
    });
  }

  // The reason is said where the eye is, above the button just pressed (the
  // keypad below it), and the focus goes there too: the form's own reasons in
  // its refusal box, a field's beside the field (the first one takes the
  // focus). False when the form has no such box (its reasons go above it).
  function showRefusal(form, reasons) {
    const place = form.querySelector("#refusal");
    if (!place) return false;
    const old = document.getElementById("form-errors");
    if (old) old.remove();
    place.textContent = reasons.join(" ");
    place.hidden = reasons.length === 0;
    const keypad = form.querySelector("#keypad");
    if (keypad) keypad.hidden = true;
    const target = place.hidden
      ? form.querySelector("#same-again:not([hidden]) input, [aria-invalid=true]")
      : place;
    const shown = form.querySelector("#moved-on:not([hidden])") || target;
    if (shown) shown.scrollIntoView({ block: "start" });
    if (target) target.focus({ preventScroll: true });
    return true;
  }

  function showErrors(form, errors) {
    const old = document.getElementById("form-errors");
    if (old) old.remove();
    if (errors) form.before(errors);
  }

  // -- the forms ------------------------------------------------------------------------------

  function keep(form) {
    const refusal = form.querySelector("#refusal");
    if (refusal) refusal.hidden = true;
    const fields = Array.from(new FormData(form).entries()).filter(([, value]) => typeof value === "string");
    const key = fieldOf(fields, "idempotency_key");
    const entry = { key: key, url: form.action || location.href, fields: fields, label: form.dataset.outbox,
                    sheet: form.dataset.sheet, at: Date.now() };
    const kept = State.keep(entries(), sentKeys(), entry);
    if (kept.said === "waiting") save(kept.entries);
    say(key, kept.said);
    if (kept.said === "waiting") flush(true);
  }

  function restoreRefused(form) {
    const url = form.action || location.href;
    const entry = entries().find((kept) => kept.state === "refused" && kept.url === url);
    if (!entry) return;
    // A box left unticked is not in the entry: untick every box, then tick those it holds.
    form.querySelectorAll("input[type=checkbox]").forEach((box) => (box.checked = false));
    entry.fields.forEach(([name, value]) => {
      if (name === "csrfmiddlewaretoken") return;
      const field = form.elements[name];
      if (!field) return;
      if (field instanceof RadioNodeList) {
        Array.from(field).forEach((radio) => (radio.checked = radio.value === value));
      } else if (field.type === "checkbox") {
        field.checked = true;
      } else {
        field.value = name === "expected_version" && entry.version ? entry.version : value;
      }
    });
    remove(entry.key);
    form.dispatchEvent(new Event("change", { bubbles: true }));
    say(entry.key, "refused", entry.reason || "");
  }

  document.querySelectorAll("form[data-outbox]").forEach((form) => {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      keep(form);
    });
    restoreRefused(form);
  });

  // Another tab of this phone kept, sent or changed an entry (the storage event
  // fires in every tab but the one that wrote): this page's statuses follow.
  function followOtherTabs() {
    const list = entries();
    const sent = sentKeys();
    document.querySelectorAll("form[data-outbox]").forEach((form) => {
      const key = form.elements.idempotency_key && form.elements.idempotency_key.value;
      const entry = list.find((kept) => kept.key === key);
      if (sent.includes(key)) say(key, "sent");
      else if (entry) say(key, entry.state, entry.state === "refused" ? entry.reason || "" : "");
    });
    const shownSent = listedHere.some((key) => sent.includes(key));
    showWaiting();
    if (shownSent && document.getElementById("sheet")) location.reload();
  }

  window.addEventListener("storage", (event) => {
    if (event.key === KEY || event.key === SENT_KEY) followOtherTabs();
  });
  window.addEventListener("online", () => flush(true));
  showWaiting();
  flush(true);

  if ("serviceWorker" in navigator && document.body.dataset.serviceWorker) {
    navigator.serviceWorker.register(document.body.dataset.serviceWorker).catch(() => {});
  }
})();
