"""The league's REST API, under /api/v1/ beside the rest of the API."""

from django.urls import path

from series.league import admin_api, api

app_name = "league-api"

urlpatterns = [
    path("clubs/<slug:slug>/standings", api.ClubStandingsApi.as_view(), name="standings"),
    path("clubs/<slug:slug>/series", api.ClubHistoryApi.as_view(), name="history"),
    path("players/<int:player_id>", api.PlayerApi.as_view(), name="player"),
    path("clubs/<slug:slug>/ladder", admin_api.ClubLadderApi.as_view(), name="ladder"),
    path("clubs/<slug:slug>/seasons", admin_api.ClubSeasonsApi.as_view(), name="seasons"),
    path("clubs/<slug:slug>/seasons/<slug:key>", admin_api.ClubSeasonApi.as_view(), name="season"),
    path("clubs/<slug:slug>/guests", admin_api.ClubGuestsApi.as_view(), name="guests"),
    path("players/<int:player_id>/guest", admin_api.PlayerGuestApi.as_view(), name="guest"),
    path("players/<int:player_id>/rename", admin_api.PlayerRenameApi.as_view(), name="rename"),
    path("players/<int:player_id>/merge", admin_api.PlayerMergeApi.as_view(), name="merge"),
    path("players/<int:player_id>/retire", admin_api.PlayerRetireApi.as_view(), name="retire"),
    path("players/<int:player_id>/account", admin_api.PlayerAccountApi.as_view(), name="account"),
    path("players/<int:player_id>/unmerge", admin_api.PlayerUnmergeApi.as_view(), name="unmerge"),
]
