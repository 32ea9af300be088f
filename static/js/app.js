/* Small enhancements shared by every page; each starts only where its markup is. */
"use strict";

(function () {
  const PENDING_KEY = "scorekeeper.pending-deals";

  // -- deals kept on the phone while offline -------------------------------------

  function pendingDeals() {
    try {
      return JSON.parse(localStorage.getItem(PENDING_KEY)) || [];
    } catch (error) {
      return [];
    }
  }

  function savePendingDeals(deals) {
    localStorage.setItem(PENDING_KEY, JSON.stringify(deals));
  }

  function showStatus(kind, detail) {
    const banner = document.getElementById("offline-status");
    if (!banner) return;
    banner.textContent = banner.dataset[kind] + (detail ? " " + detail : "");
    banner.hidden = false;
  }

  function keepDeal(form) {
    const fields = Array.from(new FormData(form).entries());
    const deals = pendingDeals().filter((deal) => !sameKey(deal.fields, fields));
    deals.push({ url: form.action || location.href, fields: fields, state: "pending" });
    savePendingDeals(deals);
    showStatus("saved");
  }

  function sameKey(a, b) {
    const key = (fields) => (fields.find(([name]) => name === "idempotency_key") || [])[1];
    return key(a) !== undefined && key(a) === key(b);
  }

  let sending = false;

  async function sendPendingDeals() {
    if (sending || !navigator.onLine) return;
    const deals = pendingDeals().filter((deal) => deal.state === "pending");
    if (!deals.length) return;
    sending = true;
    try {
      for (const deal of deals) await sendDeal(deal);
    } finally {
      sending = false;
    }
  }

  async function sendDeal(deal) {
    const body = new URLSearchParams();
    deal.fields.forEach(([name, value]) => body.append(name, value));
    let response;
    try {
      response = await fetch(deal.url, { method: "POST", body: body, credentials: "same-origin" });
    } catch (error) {
      return; // still offline: try again when the connection returns
    }
    if (response.status >= 500) return;
    const rest = pendingDeals().filter((kept) => !sameKey(kept.fields, deal.fields));
    if (response.ok && response.redirected) {
      savePendingDeals(rest);
      showStatus("sent");
      if (document.getElementById("sheet")) location.reload();
    } else {
      deal.state = "refused";
      deal.reason = await refusalReason(response);
      savePendingDeals(rest.concat([deal]));
      showStatus("refused", deal.reason);
    }
  }

  async function refusalReason(response) {
    try {
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const error = page.querySelector("#form-errors, .error");
      return error ? error.textContent.trim() : "";
    } catch (error) {
      return "";
    }
  }

  function refusedDeal(url) {
    return pendingDeals().find((deal) => deal.state === "refused" && deal.url === url);
  }

  function forgetDeal(deal) {
    savePendingDeals(pendingDeals().filter((kept) => !sameKey(kept.fields, deal.fields)));
  }

  window.Scorekeeper = { keepDeal, sendPendingDeals, refusedDeal, forgetDeal, showStatus };

  window.addEventListener("online", sendPendingDeals);
  document.addEventListener("DOMContentLoaded", () => {
    const waiting = pendingDeals().filter((deal) => deal.state === "pending").length;
    if (waiting && !navigator.onLine) showStatus("pending", String(waiting));
    sendPendingDeals();
  });

  // -- language switcher and print button ------------------------------------------

  document.querySelectorAll("form[data-autosubmit] select").forEach((select) => {
    select.addEventListener("change", () => select.form.submit());
  });
  document.querySelectorAll("[data-print]").forEach((button) => {
    button.addEventListener("click", () => window.print());
  });

  // -- new series: seat order and the rules check -------------------------------------

  const seating = document.getElementById("seating");
  if (seating) {
    const renumber = () => {
      let seat = 0;
      seating.querySelectorAll(".seat-row").forEach((row) => {
        const playing = row.querySelector("input[type=checkbox]").checked;
        row.querySelector("input.seat").value = playing ? ++seat : "";
      });
    };
    seating.querySelectorAll(".move").forEach((move) => (move.hidden = false));
    seating.addEventListener("click", (event) => {
      const button = event.target.closest("[data-move]");
      if (!button) return;
      const row = button.closest(".seat-row");
      const other = button.dataset.move === "up" ? row.previousElementSibling : row.nextElementSibling;
      if (!other) return;
      if (button.dataset.move === "up") seating.insertBefore(row, other);
      else seating.insertBefore(other, row);
      renumber();
      button.focus();
    });
    seating.addEventListener("change", (event) => {
      if (event.target.type === "checkbox") renumber();
    });
    renumber();
  }

  const newSeries = document.getElementById("new-series");
  if (newSeries) {
    const problem = document.getElementById("rules-problem");
    const check = async () => {
      const data = new FormData(newSeries);
      const query = new URLSearchParams();
      ["preset", "buys", "deals", "target", "relaxed", "ace_high", "winner_takes_all"].forEach((name) => {
        if (data.get(name)) query.append(name, data.get(name));
      });
      query.append("players", String(data.getAll("players").length));
      try {
        const response = await fetch(newSeries.dataset.rulesCheck + "?" + query.toString());
        const answer = await response.json();
        problem.textContent = answer.message;
        problem.hidden = answer.ok;
      } catch (error) {
        problem.hidden = true;
      }
    };
    newSeries.addEventListener("change", check);
    if (new FormData(newSeries).getAll("players").length) check();
  }

  // -- live view: follow the score sheet -----------------------------------------------

  const live = document.querySelector("[data-live]");
  if (live) {
    const poll = async () => {
      const sheet = document.getElementById("sheet");
      if (document.hidden || !sheet) return;
      try {
        const response = await fetch(live.dataset.live + "?version=" + sheet.dataset.version);
        if (response.status === 200) sheet.outerHTML = await response.text();
      } catch (error) {
        /* offline for a moment: the next poll tries again */
      }
    };
    setInterval(poll, 4000);
  }
})();
