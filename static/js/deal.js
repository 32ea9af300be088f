/* Deal entry: the winner's row steps aside, the winner's groups are checked
   as they are typed. Sending goes through the outbox (outbox.js). */
"use strict";

(function () {
  const form = document.getElementById("deal-form");
  if (!form) return;

  // -- who went out: their hand row is not entered ----------------------------------

  const claimData = document.getElementById("rummy-claim-for");
  const claimFor = claimData ? JSON.parse(claimData.textContent) : [];

  function markWinner() {
    const chosen = form.querySelector("input[name=went_out]:checked");
    form.querySelectorAll(".hand").forEach((hand) => {
      const isWinner = chosen !== null && hand.dataset.player === chosen.value;
      // The winner holds nothing to count; only the discards they bought stay
      // to enter (they decide how many cards the winner's groups hold).
      const buys = hand.querySelector(".buys-input");
      hand.hidden = isWinner && !buys;
      hand.classList.toggle("winner", isWinner);
      hand.querySelectorAll(".cards-input, .or, .points-input").forEach((part) => (part.hidden = isWinner));
      hand.querySelectorAll("input, button").forEach((input) => {
        input.disabled = isWinner && !(buys && buys.contains(input));
      });
    });
    // The Rummy claim, for the answers the page says it goes with (the game's
    // rule, "rummy-claim-for"); until someone is chosen, the box stays offered.
    const rummy = form.querySelector("input[name=rummy]");
    if (rummy) {
      const barred = chosen !== null && !claimFor.includes(chosen.value);
      rummy.closest(".claim").hidden = barred;
      rummy.disabled = barred;
      if (barred) rummy.checked = false;
    }
  }
  form.addEventListener("change", (event) => {
    if (event.target.name === "went_out" || event.target === form) markWinner();
  });
  markWinner();

  // -- the winner's groups, checked live ----------------------------------------------

  const verdict = document.getElementById("verdict");
  const groups = form.querySelector("[name=groups]");
  const discard = form.querySelector("[name=discard]");
  let timer = null;

  // Only the answer to the newest question is shown: a slow answer to an older
  // one must not replace it.
  let asked = 0;

  async function checkGroups() {
    const question = ++asked;
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
      const answer = response.ok ? await response.text() : null;
      if (answer !== null && question === asked) verdict.innerHTML = answer;
    } catch {
      if (question === asked) verdict.innerHTML = "";
    }
  }
  [groups, discard].forEach((field) =>
    field.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(checkGroups, 350);
    })
  );
  if (groups.value.trim()) checkGroups();
})();
