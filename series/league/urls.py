"""The league's pages."""

from django.urls import path

from series.league import views

app_name = "league"

urlpatterns = [
    path("clubs/<slug:slug>/league/", views.league_page, name="standings"),
    path("clubs/<slug:slug>/league/standings.csv", views.standings_csv, name="standings_csv"),
    path("clubs/<slug:slug>/league/history/", views.history_page, name="history"),
    path("clubs/<slug:slug>/league/settings/", views.ladder_settings, name="settings"),
    path("clubs/<slug:slug>/players/<int:player_id>/", views.player_page, name="player"),
    path("series/<uuid:series_id>/sheet.csv", views.sheet_csv, name="sheet_csv"),
]
