/* The offline page: the entries waiting on this phone (the outbox's, with their
   score sheet's club, players and time kept), a link to each score sheet and live
   view the service worker keeps, named by its club and players; and, once the
   connection is back, the page asked for (this page stands at its address). */
"use strict";

(async function () {
  const waitingList = document.getElementById("offline-waiting");
  const sheetList = document.getElementById("offline-sheets");
  const lang = document.documentElement.lang;

  // Back online: the page asked for, from the network, once the network
  // answers, and never over a page the person has already chosen to open
  // (a browser can say "online" for a moment as a kept sheet opens).
  let leaving = false;
  window.addEventListener("beforeunload", () => { leaving = true; });
  const askAgain = () => {
    fetch(location.href, { cache: "no-store", credentials: "same-origin" })
      .then((response) => {
        if (!leaving && (response.ok || response.status < 500)) location.reload();
      })
      .catch(() => null);
  };
  window.addEventListener("online", askAgain);
  setInterval(askAgain, 5000);

  // What names a kept sheet: its club and its players (in seat order) with its start.
  const described = new Map();
  const pages = [];
  if ("caches" in window) {
    // The score sheets' and live views' paths, as the server's URLconf matches them.
    const kept = JSON.parse(document.getElementById("offline-kept").textContent).map(
      (source) => new RegExp(source)
    );
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        if (!kept.some((path) => path.test(url.pathname))) continue;
        const page = new DOMParser().parseFromString(await (await cache.match(request)).text(), "text/html");
        const club = page.querySelector("h1 small");
        const label = page.querySelector(".series-label");
        const words = [club && club.textContent.trim(), label && label.textContent.trim()].filter(Boolean);
        described.set(url.pathname, words.join(" · ") || page.title || url.pathname);
        pages.push(url.pathname);
      }
    }
  }

  const item = (text, href, linkText) => {
    const line = document.createElement("li");
    if (text) line.append(text);
    if (href) {
      const link = document.createElement("a");
      link.href = href;
      link.textContent = linkText;
      line.append(link);
    }
    return line;
  };

  if (waitingList) {
    let entries = [];
    try {
      entries = JSON.parse(localStorage.getItem("scorekeeper.outbox")) || [];
    } catch {
      entries = [];
    }
    if (entries.length === 0) waitingList.append(item(waitingList.dataset.none));
    entries.forEach((entry) => {
      const time = entry.at
        ? new Date(entry.at).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" })
        : "";
      const state = entry.state === "refused" ? waitingList.dataset.refused
        : time ? waitingList.dataset.kept.replace("{time}", time) : "";
      const sheet = entry.sheet ? new URL(entry.sheet, location.href).pathname : null;
      const head = `${entry.label}${state ? " (" + state + ")" : ""}: `;
      waitingList.append(item(head, sheet, sheet ? described.get(sheet) || sheet : ""));
    });
  }

  if (sheetList) {
    if (pages.length === 0) sheetList.append(item(sheetList.dataset.none));
    pages.forEach((path) => sheetList.append(item("", path, described.get(path))));
  }
})();
