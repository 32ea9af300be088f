"""The club nights' REST API: a night, its players, rounds, tables and close,
and a night planned ahead, under /api/v1/ in the API's namespace
(``series.site.api_urls``)."""

from django.urls import path

from series.nights import api, plan_api

urlpatterns = [
    path("clubs/<slug:slug>/nights", api.ClubNightsApi.as_view(), name="club-nights"),
    path("nights/<uuid:night_id>", api.NightDetailApi.as_view(), name="night"),
    path("nights/<uuid:night_id>/report", api.NightReportApi.as_view(), name="night-report"),
    path("nights/<uuid:night_id>/check-ins", api.CheckInsApi.as_view(), name="night-check-ins"),
    path(
        "nights/<uuid:night_id>/check-ins/me",
        api.SelfCheckInApi.as_view(),
        name="night-self-check-in",
    ),
    path("nights/<uuid:night_id>/check-outs", api.CheckOutsApi.as_view(), name="night-check-outs"),
    path("nights/<uuid:night_id>/rounds", api.RoundsApi.as_view(), name="night-rounds"),
    path(
        "nights/<uuid:night_id>/rounds/<int:number>/withdraw",
        api.RoundWithdrawApi.as_view(),
        name="night-round-withdraw",
    ),
    path("nights/<uuid:night_id>/moves", api.MovesApi.as_view(), name="night-moves"),
    path(
        "nights/<uuid:night_id>/tables/start",
        api.TablesStartApi.as_view(),
        name="night-tables-start",
    ),
    path(
        "nights/<uuid:night_id>/tables/<int:number>/result",
        api.TableResultApi.as_view(),
        name="night-table-result",
    ),
    path("nights/<uuid:night_id>/close", api.CloseApi.as_view(), name="night-close"),
    path("nights/<uuid:night_id>/reopen", api.ReopenApi.as_view(), name="night-reopen"),
    path("nights/<uuid:night_id>/move", plan_api.MoveNightApi.as_view(), name="night-move"),
    path(
        "nights/<uuid:night_id>/withdraw",
        plan_api.WithdrawNightApi.as_view(),
        name="night-withdraw",
    ),
    path("nights/<uuid:night_id>/rsvp", plan_api.RsvpApi.as_view(), name="night-rsvp"),
    path("clubs/<slug:slug>/calendar", plan_api.ClubCalendarApi.as_view(), name="calendar"),
    path(
        "clubs/<slug:slug>/calendar/renew",
        plan_api.CalendarRenewApi.as_view(),
        name="calendar-renew",
    ),
]
