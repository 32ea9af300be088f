/* The card picker: tap cards into a text field; a card the pack holds N times
   can be tapped at most N times over all the card fields of the form. */
"use strict";

(function () {
  const dialog = document.getElementById("card-picker");
  if (!dialog) return;
  const natural = Number(dialog.dataset.natural) || 2;
  const jokers = Number(dialog.dataset.jokers);
  const jokerLabel = dialog.querySelector("button.joker").dataset.card;
  const countText = dialog.querySelector("[data-picker-count]");
  const listText = dialog.querySelector("[data-picker-list]");
  const groupButton = dialog.querySelector("[data-picker-group]");
  let target = null;
  let opener = null;

  const tokens = (text) => text.split(/[\s,;]+/).filter(Boolean);
  const cardFields = () =>
    Array.from(document.querySelectorAll("[data-pick]"))
      .map((button) => document.getElementById(button.dataset.pick))
      .filter((field) => field && !field.disabled);

  function counts(fields) {
    const counted = new Map();
    fields.forEach((field) =>
      tokens(field.value).forEach((card) => counted.set(card, (counted.get(card) || 0) + 1))
    );
    return counted;
  }

  function refresh() {
    const inTarget = counts([target]);
    const inForm = counts(cardFields());
    dialog.querySelectorAll("button.pick").forEach((button) => {
      const card = button.dataset.card;
      const copies = card === jokerLabel ? jokers : natural;
      button.querySelector(".count").textContent = inTarget.get(card) || "";
      button.disabled = (inForm.get(card) || 0) >= copies;
    });
    const picked = tokens(target.value.replace(/\n/g, " "));
    countText.textContent = picked.length === 1
      ? dialog.dataset.countOne
      : dialog.dataset.countMany.replace("{n}", picked.length);
    listText.textContent = target.value.trim() ? target.value.trim().replace(/\n/g, " | ") : dialog.dataset.none;
  }

  function write(value) {
    target.value = value;
    target.dispatchEvent(new Event("input", { bubbles: true }));
    refresh();
  }

  dialog.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || !target) return;
    if (button.classList.contains("pick")) {
      const one = opener && opener.hasAttribute("data-pick-one");
      const value = target.value.replace(/[ \t]+$/, "");
      const glue = value === "" || value.endsWith("\n") ? "" : " ";
      write(one ? button.dataset.card : value + glue + button.dataset.card);
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

  document.querySelectorAll("[data-pick]").forEach((button) => {
    button.addEventListener("click", () => {
      target = document.getElementById(button.dataset.pick);
      opener = button;
      dialog.querySelector("[data-picker-title]").textContent = button.dataset.pickTitle || "";
      groupButton.hidden = !button.hasAttribute("data-pick-groups");
      refresh();
      dialog.showModal();
    });
  });
})();
