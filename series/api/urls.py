"""The REST API, under /api/v1/ (see the docs page at /api/v1/docs)."""

from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView

from series.api import docs
from series.api.views import clubs, night_plans, nights, roster
from series.api.views.not_found import not_found

app_name = "api"

urlpatterns = [
    path("schema", SpectacularAPIView.as_view(), name="schema"),
    path("docs", docs.swagger_ui, name="docs"),
    path("redoc", docs.redoc, name="redoc"),
    path("", include("series.accounts.api_urls")),
    path("clubs", clubs.ClubsApi.as_view(), name="clubs"),
    path("clubs/<slug:slug>", clubs.ClubDetailApi.as_view(), name="club"),
    path("clubs/<slug:slug>/players", clubs.ClubPlayersApi.as_view(), name="club-players"),
    path(
        "clubs/<slug:slug>/players/<int:player_id>/erase",
        clubs.PlayerEraseApi.as_view(),
        name="player-erase",
    ),
    path("clubs/<slug:slug>/guests", roster.ClubGuestsApi.as_view(), name="roster-guests"),
    path("players/<int:player_id>/guest", roster.PlayerGuestApi.as_view(), name="player-guest"),
    path("players/<int:player_id>/rename", roster.PlayerRenameApi.as_view(), name="player-rename"),
    path("players/<int:player_id>/merge", roster.PlayerMergeApi.as_view(), name="player-merge"),
    path("players/<int:player_id>/retire", roster.PlayerRetireApi.as_view(), name="player-retire"),
    path(
        "players/<int:player_id>/account", roster.PlayerAccountApi.as_view(), name="player-account"
    ),
    path(
        "players/<int:player_id>/unmerge", roster.PlayerUnmergeApi.as_view(), name="player-unmerge"
    ),
    path("clubs/<slug:slug>/members", clubs.ClubMembersApi.as_view(), name="club-members"),
    path(
        "clubs/<slug:slug>/members/<str:username>/remove",
        clubs.ClubMemberRemoveApi.as_view(),
        name="club-member-remove",
    ),
    path(
        "clubs/<slug:slug>/invitations",
        clubs.ClubInvitationsApi.as_view(),
        name="club-invitations",
    ),
    path(
        "clubs/<slug:slug>/invitations/<int:invitation_id>/revoke",
        clubs.InvitationRevokeApi.as_view(),
        name="invitation-revoke",
    ),
    path("clubs/<slug:slug>/nights", nights.ClubNightsApi.as_view(), name="club-nights"),
    path("nights/<uuid:night_id>", nights.NightDetailApi.as_view(), name="night"),
    path("nights/<uuid:night_id>/report", nights.NightReportApi.as_view(), name="night-report"),
    path("nights/<uuid:night_id>/check-ins", nights.CheckInsApi.as_view(), name="night-check-ins"),
    path(
        "nights/<uuid:night_id>/check-ins/me",
        nights.SelfCheckInApi.as_view(),
        name="night-self-check-in",
    ),
    path(
        "nights/<uuid:night_id>/check-outs", nights.CheckOutsApi.as_view(), name="night-check-outs"
    ),
    path("nights/<uuid:night_id>/rounds", nights.RoundsApi.as_view(), name="night-rounds"),
    path(
        "nights/<uuid:night_id>/rounds/<int:number>/withdraw",
        nights.RoundWithdrawApi.as_view(),
        name="night-round-withdraw",
    ),
    path("nights/<uuid:night_id>/moves", nights.MovesApi.as_view(), name="night-moves"),
    path(
        "nights/<uuid:night_id>/tables/start",
        nights.TablesStartApi.as_view(),
        name="night-tables-start",
    ),
    path(
        "nights/<uuid:night_id>/tables/<int:number>/result",
        nights.TableResultApi.as_view(),
        name="night-table-result",
    ),
    path("nights/<uuid:night_id>/close", nights.CloseApi.as_view(), name="night-close"),
    path("nights/<uuid:night_id>/reopen", nights.ReopenApi.as_view(), name="night-reopen"),
    path("nights/<uuid:night_id>/move", night_plans.MoveNightApi.as_view(), name="night-move"),
    path(
        "nights/<uuid:night_id>/withdraw",
        night_plans.WithdrawNightApi.as_view(),
        name="night-withdraw",
    ),
    path("nights/<uuid:night_id>/rsvp", night_plans.RsvpApi.as_view(), name="night-rsvp"),
    path("clubs/<slug:slug>/calendar", night_plans.ClubCalendarApi.as_view(), name="calendar"),
    path(
        "clubs/<slug:slug>/calendar/renew",
        night_plans.CalendarRenewApi.as_view(),
        name="calendar-renew",
    ),
    path("invitations/accept", clubs.InvitationAcceptApi.as_view(), name="invitation-accept"),
    path("", include("series.sheets.api_urls")),
    # Anything else under the API is a JSON 404, not an HTML page.
    re_path(r"^[\s\S]*$", not_found),
]
