/* The offline page: a link to each score sheet and live view the service worker
   keeps on this phone, named by its page's title. */
"use strict";

(async function () {
  const list = document.getElementById("offline-sheets");
  if (!list || !("caches" in window)) return;
  const kept = /^\/(series\/[0-9a-f-]{36}|live\/[^/]+)\/$/;
  const links = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (!kept.test(url.pathname)) continue;
      const page = new DOMParser().parseFromString(await (await cache.match(request)).text(), "text/html");
      links.push({ href: url.pathname, title: page.title || url.pathname });
    }
  }
  if (links.length === 0) {
    const none = document.createElement("li");
    none.textContent = list.dataset.none;
    list.append(none);
  }
  links.forEach(({ href, title }) => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = href;
    link.textContent = title;
    item.append(link);
    list.append(item);
  });
})();
