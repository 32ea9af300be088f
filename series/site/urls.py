"""The site's one URLconf below the project's (``scorekeeper.urls``): the REST
API under /api/v1/ (the league's, federations' and championships' operations
in namespaces of their own, then ``series/site/api_urls.py``, which ends with a
JSON 404 for the rest), and the pages: the site's own (home, the PWA, the
rules) and each context's from its ``urls.py``."""

from django.urls import include, path

from series.site import home, pwa, rules

urlpatterns = [
    path("api/v1/", include("series.league.api_urls")),
    path("api/v1/", include("series.federations.api_urls")),
    path("api/v1/", include("series.championships.api_urls")),
    path("api/v1/", include("series.site.api_urls")),
    path("", include("series.league.urls")),
    path("", include("series.federations.urls")),
    path("", home.home, name="home"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("offline/", pwa.offline, name="offline"),
    path("", include("series.accounts.urls")),
    path("", include("series.mail.urls")),
    path("", include("series.clubs.urls")),
    path("", include("series.sheets.urls")),
    path("rules/", rules.rules_index, name="rules"),
    path("rules/<slug:preset>/", rules.rules_page, name="rules_preset"),
    path("", include("series.nights.urls")),
    path("", include("series.championships.urls")),
]
