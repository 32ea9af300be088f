"""The series' API paths: start one, read it, record and change its deals, and
the claim checker."""

from django.urls import path

from series.sheets import api, checker_api, confirm_api

urlpatterns = [
    path("series", api.SeriesStartApi.as_view(), name="series-start"),
    path("series/<uuid:series_id>", api.SeriesDetailApi.as_view(), name="series"),
    path("series/<uuid:series_id>/deals", api.DealRecordApi.as_view(), name="deals"),
    path(
        "series/<uuid:series_id>/deals/<int:number>/correction",
        api.DealCorrectApi.as_view(),
        name="deal-correction",
    ),
    path(
        "series/<uuid:series_id>/deals/<int:number>/void",
        api.DealVoidApi.as_view(),
        name="deal-void",
    ),
    path(
        "series/<uuid:series_id>/deals/<int:number>/confirmation",
        confirm_api.DealConfirmApi.as_view(),
        name="deal-confirmation",
    ),
    path(
        "series/<uuid:series_id>/deals/<int:number>/dispute",
        confirm_api.DealDisputeApi.as_view(),
        name="deal-dispute",
    ),
    path(
        "series/<uuid:series_id>/confirmations",
        confirm_api.DealsToConfirmApi.as_view(),
        name="deals-to-confirm",
    ),
    path("series/<uuid:series_id>/abandon", api.SeriesAbandonApi.as_view(), name="abandon"),
    path("series/<uuid:series_id>/live-link", api.LiveLinkApi.as_view(), name="live-link"),
    path("series/<uuid:series_id>/events", api.SeriesEventsApi.as_view(), name="events"),
    path("verify", checker_api.VerifyApi.as_view(), name="verify"),
]
