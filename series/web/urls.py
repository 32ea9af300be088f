"""The pages (the REST API lives under /api/v1/, see series/api/urls.py), grouped
by the path they share: an account's, a club's, a series' and a live link's;
and the pages a member's mail links to (series.mail.views)."""

from django.contrib.auth import views as auth_views
from django.urls import include, path

from series.accounts import views as account_views
from series.accounts.forms import SignInForm
from series.clubs import views as club_views
from series.mail import views as mail_views
from series.sheets import confirm_pages, views
from series.site import pwa, rules

account_pages = [
    path("", account_views.account, name="account"),
    path("password/", account_views.PasswordChangeView.as_view(), name="password_change"),
    path("reset/", account_views.password_reset, name="password_reset"),
    path("reset/sent/", account_views.password_reset_done, name="password_reset_done"),
    path(
        "reset/<uidb64>/<token>/",
        account_views.password_reset_confirm,
        name="password_reset_confirm",
    ),
    path("reset/done/", account_views.password_reset_complete, name="password_reset_complete"),
    path("devices/", account_views.devices, name="account_devices"),
    path("pin/", account_views.account_pin, name="account_pin"),
    path("email/confirm/<str:token>/", mail_views.email_confirm, name="email_confirm"),
]

club_pages = [
    path("settings/", club_views.club_settings, name="club_settings"),
    path("league/roster/", club_views.roster_page, name="roster"),
    path("members/", club_views.members, name="members"),
    path("members/<int:user_id>/remove/", club_views.member_remove, name="member_remove"),
    path("invitations/made/", club_views.invitation_made, name="invitation_made"),
    path("series/new/", views.series_new, name="series_new"),
]

deal_pages = [
    path("correct/", views.deal_correct, name="deal_correct"),
    path("void/", views.deal_void, name="deal_void"),
    path("confirm/", confirm_pages.deal_confirm, name="deal_confirm"),
]

series_pages = [
    path("", views.sheet, name="sheet"),
    path("print/", views.sheet_print, name="sheet_print"),
    path("audit/", views.audit, name="audit"),
    path("abandon/", views.series_abandon, name="series_abandon"),
    path("deals/new/", views.deal_new, name="deal_new"),
    path("deals/check/", views.deal_check, name="deal_check"),
    path("deals/<int:number>/", include(deal_pages)),
    path("live-link/new/", views.live_link_new, name="live_link_new"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("offline/", pwa.offline, name="offline"),
    path(
        "login/",
        auth_views.LoginView.as_view(
            template_name="accounts/login.html", authentication_form=SignInForm
        ),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("signup/", account_views.signup, name="signup"),
    path("account/", include(account_pages)),
    path("clubs/new/", club_views.club_new, name="club_new"),
    path("clubs/<slug:slug>/", include(club_pages)),
    path("join/", club_views.join, name="join"),
    path("mail/unsubscribe/<str:token>/", mail_views.unsubscribe, name="unsubscribe"),
    path("join/<str:token>/", club_views.join_link, name="join_link"),
    path("rules/check/", views.rules_check, name="rules_check"),
    path("rules/", rules.rules_index, name="rules"),
    path("rules/<slug:preset>/", rules.rules_page, name="rules_preset"),
    path("series/<uuid:series_id>/", include(series_pages)),
    path("check/", views.checker, name="checker"),
    path("live/<str:token>/", views.live, name="live"),
    path("live/<str:token>/sheet/", views.live_fragment, name="live_fragment"),
    path("", include("series.nights.urls")),
    path("", include("series.championships.urls")),
]
