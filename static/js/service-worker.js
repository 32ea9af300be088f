/* The service worker: the app shell and the score sheets opened on this phone stay
   readable offline. Pages are fetched from the network first and cached; static
   files are answered from the cache and refreshed behind. Nothing is written here:
   deals, corrections and voids go through the outbox in the page.

   Imported by the worker the server renders (templates/sw.js, served from the
   site's root), which gives it its values: nothing of the app's addresses is
   this file's. */
"use strict";

const SETUP = self.WORKER_SETUP;
const CACHE = SETUP.cache;
// The pages kept to read offline: their paths as the URLconf matches them.
const READABLE = SETUP.readable.map((source) => new RegExp(source));

// The shell is fetched without the visitor's cookies: an answer still on its way
// when the person signs in would otherwise put back the CSRF cookie the sign-in
// replaced, and their next form would be refused as expired.
const shellRequest = (path) => new Request(path, { credentials: "omit" });

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(SETUP.shell.map(shellRequest)))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected) cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request, { ignoreSearch: true });
    return cached || offlinePage(error);
  }
}

// A page this phone has not kept, offline: the app's own page, not the browser's error.
async function offlinePage(error) {
  const page = await caches.match(SETUP.offline);
  if (page) return page;
  throw error;
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  const fresh = fetch(request).then((response) => {
    if (response.ok) cache.put(request, response.clone());
    return response;
  });
  if (cached) {
    fresh.catch(() => null);
    return cached;
  }
  return fresh;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(SETUP.static)) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === "navigate" && READABLE.some((path) => path.test(url.pathname))) {
    event.respondWith(networkFirst(request));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(offlinePage));
  }
});
