/* Deal entry: the winner's row steps aside, the winner's groups are checked
   as they are typed, and an entry made offline is kept on the phone. */
"use strict";

(function () {
  const form = document.getElementById("deal-form");
  if (!form) return;

  // -- who went out: their hand row is not entered ----------------------------------

  function markWinner() {
    const chosen = form.querySelector("input[name=went_out]:checked");
    form.querySelectorAll(".hand").forEach((hand) => {
      const isWinner = chosen !== null && hand.dataset.player === chosen.value;
      hand.hidden = isWinner;
      hand.querySelectorAll("input, button").forEach((input) => (input.disabled = isWinner));
    });
  }
  form.addEventListener("change", (event) => {
    if (event.target.name === "went_out") markWinner();
  });
  markWinner();

  // -- the winner's groups, checked live ----------------------------------------------

  const verdict = document.getElementById("verdict");
  const groups = form.querySelector("[name=groups]");
  const discard = form.querySelector("[name=discard]");
  let timer = null;

  async function checkGroups() {
    if (!groups.value.trim()) {
      verdict.innerHTML = "";
      return;
    }
    const query = new URLSearchParams({ groups: groups.value, discard: discard.value });
    const winner = form.querySelector("input[name=went_out]:checked");
    const buys = winner && form.querySelector("[name=buys_" + winner.value + "]");
    if (buys && buys.value) query.append("buys", buys.value);
    try {
      const response = await fetch(form.dataset.check + "?" + query.toString());
      if (response.ok) verdict.innerHTML = await response.text();
    } catch (error) {
      verdict.innerHTML = "";
    }
  }
  [groups, discard].forEach((field) =>
    field.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(checkGroups, 350);
    })
  );
  if (groups.value.trim()) checkGroups();

  // -- offline: keep the entry on the phone and send it later ----------------------------

  if (form.hasAttribute("data-offline")) {
    form.addEventListener("submit", (event) => {
      if (navigator.onLine) return;
      event.preventDefault();
      window.Scorekeeper.keepDeal(form);
    });
    restoreRefused();
  }

  function restoreRefused() {
    const deal = window.Scorekeeper.refusedDeal(form.action || location.href);
    if (!deal) return;
    deal.fields.forEach(([name, value]) => {
      if (name === "csrfmiddlewaretoken" || name === "expected_version") return;
      const field = form.elements[name];
      if (!field) return;
      if (field instanceof RadioNodeList) {
        Array.from(field).forEach((radio) => (radio.checked = radio.value === value));
      } else {
        field.value = value;
      }
    });
    window.Scorekeeper.forgetDeal(deal);
    markWinner();
    window.Scorekeeper.showStatus("refused", deal.reason || "");
  }
})();
