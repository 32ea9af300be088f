/* Small enhancements shared by every page; each starts only where its markup is.
   The outbox (deals kept on the phone until the server answers) is outbox.js. */
"use strict";

(function () {
  // -- language switcher and print button ------------------------------------------

  document.querySelectorAll("form[data-autosubmit] select").forEach((select) => {
    select.addEventListener("change", () => select.form.submit());
  });
  document.querySelectorAll("[data-print]").forEach((button) => {
    button.addEventListener("click", () => window.print());
  });

  // -- a new club: the time zone of the phone that creates it ----------------------

  document.querySelectorAll("select[data-browser-zone]").forEach((select) => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const offered = Array.from(select.options).some((option) => option.value === zone);
    if (select.value === "" && offered) select.value = zone;
  });

  // -- score sheet: a copy saved on the phone, shown offline, says so -----------------------

  // Offline, a page can only have come from the service worker's saved copy.
  const savedCopy = document.getElementById("saved-copy");
  if (savedCopy && !navigator.onLine) savedCopy.hidden = false;

  // -- score sheet: a hint when the deal table is wider than the phone ----------------------

  function hintScroll() {
    document.querySelectorAll(".table-scroll").forEach((box) => {
      const hint = box.previousElementSibling;
      if (hint && hint.classList.contains("scroll-hint")) hint.hidden = box.scrollWidth <= box.clientWidth + 1;
    });
  }
  hintScroll();
  window.addEventListener("resize", hintScroll);

  // -- new series: seat order and the rules check -------------------------------------

  const seating = document.getElementById("seating");
  if (seating) {
    const dealer = document.getElementById("id_first_dealer");
    const options = new Map(Array.from(dealer ? dealer.options : []).map((option) => [option.value, option]));
    // The first dealer is chosen among the seated players only, in seat order.
    const offerDealers = (seated) => {
      if (!dealer) return;
      const chosen = dealer.value;
      dealer.replaceChildren(...seated.map((id) => options.get(id)).filter(Boolean));
      dealer.value = seated.includes(chosen) ? chosen : seated[0] || "";
    };
    const rows = () => Array.from(seating.querySelectorAll(".seat-row"));
    const boxOf = (row) => row.querySelector("input[type=checkbox]");
    const seatOf = (row) => row.querySelector("input.seat");
    const number = (row) => Number.parseInt(seatOf(row).value, 10);
    // The seated players, by the seats typed (those without one last, in list order).
    const seatedInOrder = () =>
      rows()
        .filter((row) => boxOf(row).checked)
        .map((row, index) => ({ row, index, seat: number(row) }))
        .sort((a, b) => (a.seat || Infinity) - (b.seat || Infinity) || a.index - b.index)
        .map(({ row }) => boxOf(row).value);
    const refresh = () => offerDealers(seatedInOrder());
    // Ticking a player gives them the next free seat; the seats typed stay as
    // typed. Unticking one frees their seat and closes the gap behind it.
    const ticked = (row) => {
      const others = rows().filter((other) => other !== row && boxOf(other).checked);
      if (boxOf(row).checked) {
        if (!seatOf(row).value) {
          const taken = others.map(number).filter(Number.isFinite);
          seatOf(row).value = String(Math.max(0, ...taken) + 1);
        }
      } else {
        const freed = number(row);
        seatOf(row).value = "";
        if (Number.isFinite(freed)) {
          others.forEach((other) => {
            if (number(other) > freed) seatOf(other).value = String(number(other) - 1);
          });
        }
      }
      refresh();
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
      // Moving past a seated player swaps the two seats.
      if (boxOf(row).checked && boxOf(other).checked) {
        const mine = seatOf(row).value;
        seatOf(row).value = seatOf(other).value;
        seatOf(other).value = mine;
      }
      refresh();
      button.focus();
    });
    seating.addEventListener("change", (event) => {
      if (event.target.type === "checkbox") ticked(event.target.closest(".seat-row"));
      else if (event.target.matches("input.seat")) refresh();
    });
    refresh();
  }

  // The players' help follows the game the preset plays ("2 to 6" for Rummy).
  const playersHint = document.getElementById("players-hint");
  const playersHints = document.getElementById("players-hints");
  if (playersHint && playersHints) {
    const hints = JSON.parse(playersHints.textContent);
    playersHint.closest("form").addEventListener("change", (event) => {
      if (event.target.name === "preset" && hints[event.target.value]) {
        playersHint.textContent = hints[event.target.value];
      }
    });
  }

  const newSeries = document.getElementById("new-series");
  if (newSeries) {
    const problem = document.getElementById("rules-problem");
    // The fields that choose the rules come from the server: every registered
    // game's options, whatever their names.
    const rulesFields = JSON.parse(document.getElementById("rules-fields").textContent);
    // Each change asks the server again; only the newest question's answer is
    // shown, so a slow answer to an older one cannot hide a newer problem.
    let asked = 0;
    const check = async () => {
      const question = ++asked;
      const data = new FormData(newSeries);
      const query = new URLSearchParams();
      rulesFields.forEach((name) => {
        if (data.get(name)) query.append(name, data.get(name));
      });
      query.append("players", String(data.getAll("players").length));
      try {
        const response = await fetch(newSeries.dataset.rulesCheck + "?" + query.toString());
        const answer = await response.json();
        if (question !== asked) return;
        problem.textContent = answer.message;
        problem.hidden = answer.ok;
      } catch {
        if (question === asked) problem.hidden = true;
      }
    };
    newSeries.addEventListener("change", check);
    if (new FormData(newSeries).getAll("players").length) check();
  }

  // -- league pages: reload once the league has caught up ------------------------------

  // A series just finished or changed: the page says the league is updating.
  // It asks again, a little less often each time, and reloads once the answer
  // no longer says so.
  const updating = document.querySelector(".banner.updating");
  if (updating) {
    let wait = 1500;
    const again = async () => {
      try {
        const response = await fetch(location.href, { headers: { Accept: "text/html" } });
        const page = await response.text();
        if (response.ok && !page.includes('class="banner updating"')) {
          location.reload();
          return;
        }
      } catch {
        /* offline for a moment: ask again later */
      }
      wait = Math.min(wait * 2, 30000);
      setTimeout(again, wait);
    };
    setTimeout(again, wait);
  }

  // -- live view: follow the score sheet -----------------------------------------------

  // Each poll sends the ETag of the sheet it shows; the server answers 304
  // (nothing rendered) until a deal, a correction or a confirmation changes it.
  const live = document.querySelector("[data-live]");
  if (live) {
    let etag = live.dataset.etag || "";
    const poll = async () => {
      const sheet = document.getElementById("sheet");
      if (document.hidden || !sheet) return;
      try {
        const headers = etag ? { "If-None-Match": etag } : {};
        const response = await fetch(live.dataset.live, { headers, cache: "no-store" });
        if (response.status === 200) {
          etag = response.headers.get("ETag") || "";
          sheet.outerHTML = await response.text();
          hintScroll();
        } else if (response.status === 410) {
          location.reload(); // the link was revoked: the page says so
        }
      } catch {
        /* offline for a moment: the next poll tries again */
      }
    };
    setInterval(poll, 4000);
  }
})();
