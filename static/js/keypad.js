/* Points mode: a large keypad for the points of each player who did not go out.
   Tapping who went out (or choosing them by Enter or Space; arrows only move
   within the group) puts the cursor on the first other player; the cursor
   moves on by itself once another digit could not fit (more than the rules
   allow), or on "Next". A "Next" (or Enter) right after the cursor moved on by
   itself only confirms: it never skips a player. Each player's total after the
   deal is shown as typed.
   Points the rules do not allow for that hand (the server's limits, by the
   buys entered) mark the field and say why, and the deal is not sent. */
"use strict";

(function () {
  const form = document.getElementById("deal-form");
  const limitsData = document.getElementById("points-limits");
  if (!form || !limitsData) return;
  const limits = JSON.parse(limitsData.textContent);
  const rangeText = form.querySelector("[data-points-range]").dataset.pointsRange;

  // [low, high] for this hand's points, by the buys entered for it; null when
  // the page has no limits for that many buys (the server checks them).
  function range(field) {
    const buys = field.closest(".hand").querySelector("input.buys");
    const bought = buys && buys.value !== "" ? Number(buys.value) : 0;
    return limits[bought] || null;
  }

  // While typed, only points past the highest are marked (15 is typed as 1, 5);
  // once the field is left, too few points are too.
  function check(field, typing) {
    const shown = field.closest(".hand").querySelector("[data-points-error]");
    const allowed = range(field);
    const typed = field.value === "" ? null : Number(field.value);
    const wrong = !field.disabled && typed !== null && allowed !== null
      && !(Number.isInteger(typed) && (typing || allowed[0] <= typed) && typed <= allowed[1]);
    const message = wrong ? rangeText.replace("{low}", allowed[0]).replace("{high}", allowed[1]) : "";
    field.setCustomValidity(message);
    if (wrong) field.setAttribute("aria-invalid", "true");
    else if (!field.closest(".hand").querySelector(".hand-errors .error:not([data-points-error])")) {
      field.removeAttribute("aria-invalid");
    }
    if (shown) {
      shown.textContent = message;
      shown.hidden = !wrong;
    }
    return !wrong;
  }

  form.querySelectorAll("input.points").forEach((field) => {
    field.addEventListener("input", () => check(field, true));
    field.addEventListener("blur", () => check(field));
    const buys = field.closest(".hand").querySelector("input.buys");
    if (buys) buys.addEventListener("input", () => check(field));
  });
  form.addEventListener("change", () => form.querySelectorAll("input.points").forEach((field) => check(field, true)));
  // Sending is refused before the outbox keeps the entry: the first field at fault says why.
  document.addEventListener("submit", (event) => {
    if (event.target !== form) return;
    const wrong = Array.from(form.querySelectorAll("input.points")).filter((field) => !check(field));
    if (!wrong.length) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    wrong[0].focus();
  }, true);

  const keypad = document.getElementById("keypad");
  if (!keypad) return;
  const submit = form.querySelector("button[type=submit]");
  let active = null;
  // True from the moment the cursor moved on by itself until the next key: a
  // "Next" then confirms the move instead of making a second one.
  let movedOn = false;
  let replacing = false; // the next digit replaces the value the field holds
  const typedHere = new Set(); // the fields the keypad has typed into

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
    movedOn = false;
    // A value the page came with (a correction's deal as recorded) is replaced
    // by the first digit, never added to; one typed here is added to.
    replacing = field !== null && field.value !== "" && !typedHere.has(field) && field.value === field.defaultValue;
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
    keypad.querySelector("[data-keypad-error]").hidden = true;
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
    // Typed into a field the keypad had not taken over (focused before this
    // script ran, or after the keypad stepped aside): that field is the one.
    if (active !== field) activate(field);
    const allowed = range(field);
    movedOn = false;
    if (event.isTrusted && field.value !== "" && allowed !== null && Number(field.value) * 10 > allowed[1]) moveOn();
  }

  function enterMovesOn(event) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    if (active !== event.target) activate(event.target);
    next();
  }

  function moveOn() {
    next();
    movedOn = true;
  }
  // The last points moved on to "Record the deal" by themselves: an Enter
  // right then confirms them, the next one sends.
  submit.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || !movedOn) return;
    event.preventDefault();
    movedOn = false;
  });

  // On "Who went out?" the arrows move within the group (the browser's own
  // way) and leave the focus there; Enter or Space chooses the focused player,
  // even one the arrows already marked, and moves on to the first points.
  let steered = false;
  function enterChooses(event) {
    if (event.target.name !== "went_out") return;
    steered = event.key.startsWith("Arrow");
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    event.target.checked = true;
    event.target.dispatchEvent(new Event("change", { bubbles: true }));
  }
  form.addEventListener("pointerdown", () => (steered = false));

  // "Next" on points the rules do not allow stays on them, and the keypad says why.
  function next() {
    if (movedOn) {
      movedOn = false;
      return;
    }
    const error = keypad.querySelector("[data-keypad-error]");
    error.hidden = check(active);
    error.textContent = error.hidden ? "" : active.validationMessage;
    if (!error.hidden) return;
    const all = fields();
    const later = all.slice(all.indexOf(active) + 1).find((field) => field.value === "");
    activate(later || null);
  }

  function type(key) {
    if (!active) return;
    if (key === "next") return next();
    movedOn = false;
    const before = replacing && key !== "back" ? "" : active.value;
    replacing = false;
    typedHere.add(active);
    active.value = key === "back" ? before.slice(0, -1) : (before + key).replace(/^0+(?=\d)/, "");
    active.dispatchEvent(new Event("input", { bubbles: true }));
    keypad.querySelector("[data-keypad-value]").textContent = active.value;
    keypad.querySelector("[data-keypad-error]").hidden = active.validity.valid;
    const allowed = range(active);
    if (key !== "back" && allowed !== null && Number(active.value) * 10 > allowed[1]) moveOn();
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
  // Cards typed or picked: the keypad steps aside (it would cover the picker's lower half).
  const close = () => {
    form.querySelectorAll(".hand.active").forEach((hand) => hand.classList.remove("active"));
    keypad.hidden = true;
    active = null;
  };
  form.querySelectorAll("input.cards").forEach((field) => field.addEventListener("focus", close));
  document.querySelectorAll("[data-pick]").forEach((button) => button.addEventListener("click", close));
  form.addEventListener("submit", () => {
    form.querySelectorAll(".hand.active").forEach((hand) => hand.classList.remove("active"));
    keypad.hidden = true;
    active = null;
  });
  form.addEventListener("keydown", enterChooses);
  form.addEventListener("change", (event) => {
    if (event.target.name !== "went_out") return;
    if (steered) {
      steered = false;
      return;
    }
    activate(fields().find((field) => field.value === "") || null);
  });
})();
