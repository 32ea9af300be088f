"""The pages (the REST API lives under /api/v1/, see series/api/urls.py)."""

from django.contrib.auth import views as auth_views
from django.urls import path

from . import account_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("login/", auth_views.LoginView.as_view(template_name="login.html"), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("account/devices/", account_views.devices, name="account_devices"),
    path("clubs/<slug:slug>/series/new/", views.series_new, name="series_new"),
    path("rules/check/", views.rules_check, name="rules_check"),
    path("series/<uuid:series_id>/", views.sheet, name="sheet"),
    path("series/<uuid:series_id>/print/", views.sheet_print, name="sheet_print"),
    path("series/<uuid:series_id>/audit/", views.audit, name="audit"),
    path("series/<uuid:series_id>/deals/new/", views.deal_new, name="deal_new"),
    path("series/<uuid:series_id>/deals/check/", views.deal_check, name="deal_check"),
    path(
        "series/<uuid:series_id>/deals/<int:number>/correct/",
        views.deal_correct,
        name="deal_correct",
    ),
    path("series/<uuid:series_id>/deals/<int:number>/void/", views.deal_void, name="deal_void"),
    path("check/", views.checker, name="checker"),
    path("live/<str:token>/", views.live, name="live"),
    path("live/<str:token>/sheet/", views.live_fragment, name="live_fragment"),
]
