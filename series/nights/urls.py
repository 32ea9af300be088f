"""A club night's pages."""

from django.urls import path

from series.nights import views

app_name = "nights"

urlpatterns = [
    path("clubs/<slug:slug>/nights/", views.nights_list, name="list"),
    path("clubs/<slug:slug>/nights/<uuid:night_id>/", views.night_page, name="night"),
    path("clubs/<slug:slug>/nights/<uuid:night_id>/cards/", views.night_cards, name="cards"),
    path("clubs/<slug:slug>/nights/<uuid:night_id>/screen/", views.night_screen, name="screen"),
    path(
        "clubs/<slug:slug>/nights/<uuid:night_id>/screen/tables/",
        views.night_screen_fragment,
        name="screen_fragment",
    ),
    path("clubs/<slug:slug>/nights/<uuid:night_id>/join/", views.night_join, name="join"),
]
