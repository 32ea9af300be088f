"""The series' pages: a new series, its score sheet and its deals, its live
view, and the claim checker."""

from django.urls import include, path

from series.sheets import confirm_pages, views

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
    path("clubs/<slug:slug>/series/new/", views.series_new, name="series_new"),
    # Before the rules' pages: "check" is no preset.
    path("rules/check/", views.rules_check, name="rules_check"),
    path("series/<uuid:series_id>/", include(series_pages)),
    path("check/", views.checker, name="checker"),
    path("live/<str:token>/", views.live, name="live"),
    path("live/<str:token>/sheet/", views.live_fragment, name="live_fragment"),
]
