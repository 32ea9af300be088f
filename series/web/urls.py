"""The pages (the REST API lives under /api/v1/, see series/api/urls.py): the
site's, each context's from its own ``urls.py`` (the account's, the series',
the nights', the championships'), a club's grouped by the path they share, and
the pages a member's mail links to (series.mail.views)."""

from django.urls import include, path

from series.clubs import views as club_views
from series.mail import views as mail_views
from series.site import home, pwa, rules

club_pages = [
    path("settings/", club_views.club_settings, name="club_settings"),
    path("league/roster/", club_views.roster_page, name="roster"),
    path("members/", club_views.members, name="members"),
    path("members/<int:user_id>/remove/", club_views.member_remove, name="member_remove"),
    path("invitations/made/", club_views.invitation_made, name="invitation_made"),
]

urlpatterns = [
    path("", home.home, name="home"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("offline/", pwa.offline, name="offline"),
    path("", include("series.accounts.urls")),
    path("account/email/confirm/<str:token>/", mail_views.email_confirm, name="email_confirm"),
    path("clubs/new/", club_views.club_new, name="club_new"),
    path("clubs/<slug:slug>/", include(club_pages)),
    path("join/", club_views.join, name="join"),
    path("mail/unsubscribe/<str:token>/", mail_views.unsubscribe, name="unsubscribe"),
    path("join/<str:token>/", club_views.join_link, name="join_link"),
    path("", include("series.sheets.urls")),
    path("rules/", rules.rules_index, name="rules"),
    path("rules/<slug:preset>/", rules.rules_page, name="rules_preset"),
    path("", include("series.nights.urls")),
    path("", include("series.championships.urls")),
]
