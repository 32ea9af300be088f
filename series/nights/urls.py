"""A club night's pages."""

from django.urls import include, path

from series.nights import plan_views, views

app_name = "nights"

night_pages = [
    path("", views.night_page, name="night"),
    path("cards/", views.night_cards, name="cards"),
    path("close/<str:what>/", views.night_close_confirm, name="close"),
    path("screen/", views.night_screen, name="screen"),
    path("screen/tables/", views.night_screen_fragment, name="screen_fragment"),
    path("join/", views.night_join, name="join"),
    path("reopen/", views.night_reopen, name="reopen"),
    path("report/", views.night_report, name="report"),
    path("answer/", plan_views.night_answer, name="answer"),
]

urlpatterns = [
    path("clubs/<slug:slug>/nights/", views.nights_list, name="list"),
    path("clubs/<slug:slug>/nights.ics", plan_views.nights_calendar, name="calendar"),
    path(
        "clubs/<slug:slug>/nights/calendar/renew/",
        plan_views.calendar_renew,
        name="calendar_renew",
    ),
    path("clubs/<slug:slug>/nights/<uuid:night_id>/", include(night_pages)),
]
