/* The card picker, rank first: tap a rank, then its suits (a suit tapped twice
   adds the second deck's copy). A card the pack holds N times can be tapped at
   most N times over all the card fields of the form. The picked cards' count
   and point value are shown while picking, and under each player's field. */
"use strict";

(function () {
  const dialog = document.getElementById("card-picker");
  if (!dialog) return;
  const natural = Number(dialog.dataset.natural) || 2;
  const jokers = Number(dialog.dataset.jokers);
  const countText = dialog.querySelector("[data-picker-count]");
  const listText = dialog.querySelector("[data-picker-list]");
  const groupButton = dialog.querySelector("[data-picker-group]");
  // What each card is worth, as the series' game counts it (card-count.js counts).
  const values = JSON.parse(document.getElementById("card-values").textContent);
  const { tokens } = CardCount;
  let target = null;
  let opener = null;

  // Ranks only: one tap a card. The suit is the first one the pack still holds
  // over the form (the pack check's only need), and a hand that holds the most
  // cards the rules allow (the server's limits) hands over to the next one.
  const MODE_KEY = "scorekeeper.picker.ranks";
  const ranksButton = dialog.querySelector("[data-picker-ranks]");
  const cardLimits = document.getElementById("cards-limits");
  const limits = cardLimits ? JSON.parse(cardLimits.textContent) : [];
  let ranksOnly = false;

  function setRanksOnly(on) {
    ranksOnly = on;
    ranksButton.setAttribute("aria-pressed", String(on));
    dialog.querySelectorAll("[data-mode-help]").forEach((help) => (help.hidden = (help.dataset.modeHelp === "ranks") !== on));
    try {
      localStorage.setItem(MODE_KEY, on ? "1" : "");
    } catch {
      /* private mode: the choice lasts for this page */
    }
  }

  // Ranks only is for the hands counted for points, not for the winner's melds.
  const handField = () => cardLimits !== null && opener !== null
    && !opener.hasAttribute("data-pick-groups") && !opener.hasAttribute("data-pick-one");

  function mostCards(field) {
    const hand = field.closest(".hand");
    const buys = hand && hand.querySelector("input.buys");
    const allowed = limits[buys && buys.value !== "" ? Number(buys.value) : 0];
    return allowed ? allowed[1] : null;
  }

  function nextHand() {
    const fields = cardFields().filter((field) => field.classList.contains("cards") && !field.closest(".hand[hidden]"));
    const later = fields.slice(fields.indexOf(target) + 1).find((field) => field.value.trim() === "");
    return later ? document.querySelector(`[data-pick="${later.id}"]`) : null;
  }

  function open(button) {
    target = document.getElementById(button.dataset.pick);
    opener = button;
    dialog.querySelector("[data-picker-title]").textContent = button.dataset.pickTitle || "";
    groupButton.hidden = !button.hasAttribute("data-pick-groups");
    ranksButton.hidden = !handField();
    showRank(null);
    refresh();
    if (!dialog.open) dialog.showModal();
  }

  function pickRank(rank) {
    const free = Array.from(dialog.querySelectorAll(`[data-suits="${rank}"] button.pick`)).find((b) => !b.disabled);
    if (free) add(free.dataset.card);
  }

  function add(card) {
    const one = opener && opener.hasAttribute("data-pick-one");
    const value = target.value.replace(/[ \t]+$/, "");
    const glue = value === "" || value.endsWith("\n") ? "" : " ";
    write(one ? card : value + glue + card);
    const most = mostCards(target);
    if (ranksOnly && handField() && most !== null && tokens(target.value, values).length >= most) {
      const next = nextHand();
      if (next) open(next);
      else dialog.close();
    }
  }

  const cardFields = () =>
    Array.from(document.querySelectorAll("[data-pick]"))
      .map((button) => document.getElementById(button.dataset.pick))
      .filter((field) => field && !field.disabled);

  // A typed card (7C, 10H, QS, JK) is valued too, not only a picked one.
  const summary = (text) => CardCount.summary(text.replace(/\n/g, " "), values, dialog.dataset.count);
  // Typed cards count as picked ones, in every way the server reads them (4C, 4c, 4♣).
  const counts = (fields) => CardCount.counts(fields.map((field) => field.value), values);

  function refresh() {
    const inTarget = counts([target]);
    const inForm = counts(cardFields());
    dialog.querySelectorAll("button.pick").forEach((button) => {
      const card = button.dataset.key;
      const copies = card === "0" ? jokers : natural;
      button.querySelector(".count").textContent = inTarget.get(card) || "";
      button.disabled = (inForm.get(card) || 0) >= copies;
    });
    dialog.querySelectorAll("button.rank").forEach((rank) => {
      const suits = dialog.querySelector(`[data-suits="${rank.dataset.rank}"]`);
      const picked = Array.from(suits.querySelectorAll("button.pick"))
        .reduce((sum, button) => sum + (inTarget.get(button.dataset.key) || 0), 0);
      rank.querySelector(".count").textContent = picked || "";
      // Ranks only: a rank whose every copy is picked has none left to give.
      rank.disabled = ranksOnly && handField() && !suits.querySelector("button.pick:not(:disabled)");
    });
    countText.textContent = summary(target.value);
    listText.textContent = target.value.trim() ? target.value.trim().replace(/\n/g, " | ") : dialog.dataset.none;
  }

  function showRank(number) {
    dialog.querySelectorAll("button.rank").forEach((rank) =>
      rank.setAttribute("aria-pressed", String(rank.dataset.rank === number))
    );
    dialog.querySelectorAll("[data-suits]").forEach((suits) => (suits.hidden = suits.dataset.suits !== number));
  }

  function write(value) {
    target.value = value;
    target.dispatchEvent(new Event("input", { bubbles: true }));
    refresh();
  }

  dialog.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || !target) return;
    if (button.hasAttribute("data-picker-ranks")) {
      setRanksOnly(!ranksOnly);
      showRank(null);
      refresh();
    } else if (button.classList.contains("rank")) {
      if (ranksOnly && handField()) pickRank(button.dataset.rank);
      else showRank(button.dataset.rank);
    } else if (button.classList.contains("pick")) {
      add(button.dataset.card);
    } else if (button.hasAttribute("data-picker-group")) {
      if (target.value.trim()) write(target.value.replace(/\s+$/, "") + "\n");
    } else if (button.hasAttribute("data-picker-undo")) {
      write(target.value.replace(/\S+\s*$/, ""));
    } else if (button.hasAttribute("data-picker-clear")) {
      write("");
    }
  });

  dialog.addEventListener("close", () => {
    if (opener) opener.focus();
  });

  document.querySelectorAll("[data-pick]").forEach((button) => button.addEventListener("click", () => open(button)));
  try {
    setRanksOnly(localStorage.getItem(MODE_KEY) === "1");
  } catch {
    setRanksOnly(false);
  }

  // -- each player's cards: count and points under the field -------------------------

  function showHand(field) {
    const shown = document.querySelector(`[data-hand-summary="${field.id}"]`);
    if (shown) shown.textContent = field.value.trim() ? summary(field.value) : "";
  }
  cardFields().forEach((field) => {
    field.addEventListener("input", () => showHand(field));
    showHand(field);
  });
})();

/* The picker by keyboard: each group of keys (the ranks, a rank's suits) is one
   Tab stop, and the arrow keys, Home and End move within it; a rank chosen by
   keyboard puts the focus on its suits. */
(function () {
  const dialog = document.getElementById("card-picker");
  if (!dialog) return;
  const groups = Array.from(dialog.querySelectorAll(".rank-grid, .suit-choice"));
  const keys = (group) => Array.from(group.querySelectorAll("button")).filter((key) => !key.disabled);
  const STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

  function rove(group, key) {
    group.querySelectorAll("button").forEach((other) => (other.tabIndex = other === key ? 0 : -1));
  }

  function moved(group, from, code) {
    const all = keys(group);
    if (code === "Home") return all[0];
    if (code === "End") return all[all.length - 1];
    const at = all.indexOf(from);
    return all[(at + STEPS[code] + all.length) % all.length];
  }

  groups.forEach((group) => {
    rove(group, keys(group)[0]);
    group.addEventListener("focusin", (event) => rove(group, event.target.closest("button")));
    group.addEventListener("keydown", (event) => {
      if (!(event.key in STEPS) && event.key !== "Home" && event.key !== "End") return;
      const key = moved(group, event.target.closest("button"), event.key);
      if (!key) return;
      event.preventDefault();
      key.focus();
    });
  });

  dialog.addEventListener("click", (event) => {
    const rank = event.target.closest("button.rank");
    if (!rank || event.detail !== 0) return; // a tap leaves the focus where it is
    const suits = dialog.querySelector(`[data-suits="${rank.dataset.rank}"]`);
    const first = suits && keys(suits)[0];
    if (first) first.focus();
  });
})();
