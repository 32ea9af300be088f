"""A club night's pages."""

from django.urls import include, path

from series.nights import views

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
]

urlpatterns = [
    path("clubs/<slug:slug>/nights/", views.nights_list, name="list"),
    path("clubs/<slug:slug>/nights/<uuid:night_id>/", include(night_pages)),
]
