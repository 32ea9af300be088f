/* Points mode: a large keypad for the points of each player who did not go out.
   Tapping who went out puts the cursor on the first other player; the cursor
   moves on by itself once another digit could not fit (more than the rules
   allow), or on "Next"; each player's total after the deal is shown as typed. */
"use strict";

(function () {
  const form = document.getElementById("deal-form");
  const keypad = document.getElementById("keypad");
  if (!form || !keypad) return;
  const max = Number(form.dataset.maxPoints) || 999;
  const submit = form.querySelector("button[type=submit]");
  let active = null;

  const fields = () =>
    Array.from(form.querySelectorAll(".hand:not([hidden]) input.points")).filter((f) => !f.disabled);

  function showAfter(field) {
    const hand = field.closest(".hand");
    const after = hand && hand.querySelector("[data-after]");
    if (!after) return;
    const typed = field.value === "" ? null : Number(field.value);
    after.textContent = typed === null ? "" : keypad.dataset.after.replace("{total}", Number(hand.dataset.total) + typed);
  }

  function activate(field) {
    form.querySelectorAll(".hand.active").forEach((hand) => hand.classList.remove("active"));
    active = field;
    keypad.hidden = field === null;
    if (field === null) {
      submit.focus();
      return;
    }
    field.closest(".hand").classList.add("active");
    keypad.querySelector("[data-keypad-name]").textContent = field.closest(".hand").querySelector(".hand-name").firstChild.textContent.trim();
    keypad.querySelector("[data-keypad-value]").textContent = field.value;
    field.focus({ preventScroll: true });
    field.closest(".hand").scrollIntoView({ block: "nearest" });
    keepAboveKeypad(field);
  }

  // The keypad sticks to the bottom of the screen: the field being typed in
  // stays visible above it.
  function keepAboveKeypad(field) {
    const covered = field.getBoundingClientRect().bottom - keypad.getBoundingClientRect().top;
    if (covered > 0) window.scrollBy(0, covered + 8);
  }

  // By keyboard: Enter moves on as "Next" does, and digits typed that leave
  // no room for another move on by themselves, as the keypad's do.
  function typedOnKeyboard(field, event) {
    if (event.isTrusted && field.value !== "" && Number(field.value) * 10 > max) next();
  }

  function enterMovesOn(event) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    next();
  }

  // Enter on "Who went out?" chooses, as Space does, instead of sending the form.
  function enterChooses(event) {
    if (event.key !== "Enter" || event.target.name !== "went_out") return;
    event.preventDefault();
    event.target.checked = true;
    event.target.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function next() {
    const all = fields();
    const later = all.slice(all.indexOf(active) + 1).find((field) => field.value === "");
    activate(later || null);
  }

  function type(key) {
    if (!active) return;
    if (key === "next") return next();
    active.value = key === "back" ? active.value.slice(0, -1) : (active.value + key).replace(/^0+(?=\d)/, "");
    active.dispatchEvent(new Event("input", { bubbles: true }));
    keypad.querySelector("[data-keypad-value]").textContent = active.value;
    if (key !== "back" && Number(active.value) * 10 > max) next();
  }

  keypad.addEventListener("click", (event) => {
    const key = event.target.closest("[data-key]");
    if (key) type(key.dataset.key);
  });
  form.querySelectorAll("input.points").forEach((field) => {
    field.setAttribute("inputmode", "none"); // the keypad stands in for the phone's keyboard
    field.addEventListener("focus", () => active !== field && activate(field));
    field.addEventListener("input", (event) => {
      showAfter(field);
      typedOnKeyboard(field, event);
    });
    field.addEventListener("keydown", enterMovesOn);
    showAfter(field);
  });
  form.querySelectorAll("input.cards").forEach((field) =>
    field.addEventListener("focus", () => {
      keypad.hidden = true;
      active = null;
    })
  );
  form.addEventListener("submit", () => {
    form.querySelectorAll(".hand.active").forEach((hand) => hand.classList.remove("active"));
    keypad.hidden = true;
    active = null;
  });
  form.addEventListener("keydown", enterChooses);
  form.addEventListener("change", (event) => {
    if (event.target.name !== "went_out") return;
    activate(fields().find((field) => field.value === "") || null);
  });
})();
