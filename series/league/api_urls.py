"""The league's REST API, under /api/v1/ beside the rest of the API."""

from django.urls import path

from series.league import admin_api, api

app_name = "league-api"

urlpatterns = [
    path("clubs/<slug:slug>/standings", api.ClubStandingsApi.as_view(), name="standings"),
    path("clubs/<slug:slug>/series", api.ClubHistoryApi.as_view(), name="history"),
    path(
        "clubs/<slug:slug>/night-standings",
        api.ClubNightStandingsApi.as_view(),
        name="night-standings",
    ),
    path("players/<int:player_id>", api.PlayerApi.as_view(), name="player"),
    path("clubs/<slug:slug>/ladder", admin_api.ClubLadderApi.as_view(), name="ladder"),
    path("clubs/<slug:slug>/seasons", admin_api.ClubSeasonsApi.as_view(), name="seasons"),
    path("clubs/<slug:slug>/seasons/<slug:key>", admin_api.ClubSeasonApi.as_view(), name="season"),
]
