"""The pages (the REST API lives under /api/v1/, see series/api/urls.py)."""

from django.contrib.auth import views as auth_views
from django.urls import include, path

from series.accounts import views as account_views
from series.clubs import views as club_views
from series.sheets import confirm_pages, views
from series.web import pwa, rules_views

urlpatterns = [
    path("", views.home, name="home"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("offline/", pwa.offline, name="offline"),
    path("login/", auth_views.LoginView.as_view(template_name="account/login.html"), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("signup/", account_views.signup, name="signup"),
    path("account/", account_views.account, name="account"),
    path(
        "account/password/",
        account_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path("account/reset/", account_views.password_reset, name="password_reset"),
    path("account/reset/sent/", account_views.password_reset_done, name="password_reset_done"),
    path(
        "account/reset/<uidb64>/<token>/",
        account_views.password_reset_confirm,
        name="password_reset_confirm",
    ),
    path(
        "account/reset/done/",
        account_views.password_reset_complete,
        name="password_reset_complete",
    ),
    path("clubs/new/", club_views.club_new, name="club_new"),
    path("clubs/<slug:slug>/settings/", club_views.club_settings, name="club_settings"),
    path("clubs/<slug:slug>/members/", club_views.members, name="members"),
    path(
        "clubs/<slug:slug>/members/<int:user_id>/remove/",
        club_views.member_remove,
        name="member_remove",
    ),
    path("clubs/<slug:slug>/invitations/made/", club_views.invitation_made, name="invitation_made"),
    path("join/", club_views.join, name="join"),
    path("join/<str:token>/", club_views.join_link, name="join_link"),
    path("account/devices/", account_views.devices, name="account_devices"),
    path("clubs/<slug:slug>/series/new/", views.series_new, name="series_new"),
    path("rules/check/", views.rules_check, name="rules_check"),
    path("rules/", rules_views.rules_index, name="rules"),
    path("rules/<slug:preset>/", rules_views.rules_page, name="rules_preset"),
    path("series/<uuid:series_id>/", views.sheet, name="sheet"),
    path("series/<uuid:series_id>/print/", views.sheet_print, name="sheet_print"),
    path("series/<uuid:series_id>/audit/", views.audit, name="audit"),
    path("series/<uuid:series_id>/abandon/", views.series_abandon, name="series_abandon"),
    path("series/<uuid:series_id>/deals/new/", views.deal_new, name="deal_new"),
    path("series/<uuid:series_id>/deals/check/", views.deal_check, name="deal_check"),
    path(
        "series/<uuid:series_id>/deals/<int:number>/correct/",
        views.deal_correct,
        name="deal_correct",
    ),
    path("series/<uuid:series_id>/deals/<int:number>/void/", views.deal_void, name="deal_void"),
    path(
        "series/<uuid:series_id>/deals/<int:number>/confirm/",
        confirm_pages.deal_confirm,
        name="deal_confirm",
    ),
    path("account/pin/", account_views.account_pin, name="account_pin"),
    path("check/", views.checker, name="checker"),
    path("series/<uuid:series_id>/live-link/new/", views.live_link_new, name="live_link_new"),
    path("live/<str:token>/", views.live, name="live"),
    path("live/<str:token>/sheet/", views.live_fragment, name="live_fragment"),
    path("", include("series.nights.urls")),
]
