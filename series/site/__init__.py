"""The site: the root URLs, the home page, the app shell (service worker,
manifest, offline page) and the rules pages. It stands above every context and
may import any of them; nothing below imports it."""
