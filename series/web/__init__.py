"""The shell every context's pages stand on: the write forms' version and key and
their submit (``forms``), the messages in the page's language, conditional GETs
for watchers, the client's address behind trusted proxies, the CSRF failure page
and the middleware. It imports no context; the site (``series.site``) composes
the pages above them all."""
