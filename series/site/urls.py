"""The pages (the REST API lives under /api/v1/, see series/site/api_urls.py): the
site's, each context's from its own ``urls.py`` (the account's, a club's,
the series', the nights', the championships'), and the pages a member's mail
links to (series.mail.views)."""

from django.urls import include, path

from series.mail import views as mail_views
from series.site import home, pwa, rules

urlpatterns = [
    path("", home.home, name="home"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("offline/", pwa.offline, name="offline"),
    path("", include("series.accounts.urls")),
    path("account/email/confirm/<str:token>/", mail_views.email_confirm, name="email_confirm"),
    path("", include("series.clubs.urls")),
    path("mail/unsubscribe/<str:token>/", mail_views.unsubscribe, name="unsubscribe"),
    path("", include("series.sheets.urls")),
    path("rules/", rules.rules_index, name="rules"),
    path("rules/<slug:preset>/", rules.rules_page, name="rules_preset"),
    path("", include("series.nights.urls")),
    path("", include("series.championships.urls")),
]
