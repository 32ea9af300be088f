"""A championship's REST API, under /api/v1/ beside the rest of the API."""

from django.urls import path

from . import api

app_name = "championships-api"

urlpatterns = [
    path(
        "clubs/<slug:slug>/championships",
        api.ClubChampionshipsApi.as_view(),
        name="club-championships",
    ),
    path(
        "championships/<uuid:championship_id>",
        api.ChampionshipDetailApi.as_view(),
        name="championship",
    ),
    path(
        "championships/<uuid:championship_id>/nights",
        api.ChampionshipNightsApi.as_view(),
        name="nights",
    ),
    path(
        "championships/<uuid:championship_id>/nights/<uuid:night_id>/withdraw",
        api.ChampionshipNightWithdrawApi.as_view(),
        name="night-withdraw",
    ),
    path(
        "championships/<uuid:championship_id>/cut",
        api.ChampionshipCutApi.as_view(),
        name="cut",
    ),
    path(
        "championships/<uuid:championship_id>/close",
        api.ChampionshipCloseApi.as_view(),
        name="close",
    ),
]
