/* The service worker's values, from the server (series/site/pwa.py): its cache,
   the app shell, the offline page, the static files' folder and the paths of
   the pages it keeps, from the URLconf. Its logic is static/js/service-worker.js,
   linted with the other scripts. */
"use strict";

self.WORKER_SETUP = {{ setup|safe }};
importScripts({{ logic|safe }});
