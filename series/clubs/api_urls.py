"""The clubs' REST API: clubs, their players (the roster), members and
invitations, under /api/v1/ in the API's namespace (``series.site.api_urls``)."""

from django.urls import path

from series.clubs import api

urlpatterns = [
    path("clubs", api.ClubsApi.as_view(), name="clubs"),
    path("clubs/<slug:slug>", api.ClubDetailApi.as_view(), name="club"),
    path("clubs/<slug:slug>/players", api.ClubPlayersApi.as_view(), name="club-players"),
    path(
        "clubs/<slug:slug>/players/<int:player_id>/erase",
        api.PlayerEraseApi.as_view(),
        name="player-erase",
    ),
    path("clubs/<slug:slug>/guests", api.ClubGuestsApi.as_view(), name="roster-guests"),
    path("players/<int:player_id>/guest", api.PlayerGuestApi.as_view(), name="player-guest"),
    path("players/<int:player_id>/rename", api.PlayerRenameApi.as_view(), name="player-rename"),
    path("players/<int:player_id>/merge", api.PlayerMergeApi.as_view(), name="player-merge"),
    path("players/<int:player_id>/retire", api.PlayerRetireApi.as_view(), name="player-retire"),
    path("players/<int:player_id>/account", api.PlayerAccountApi.as_view(), name="player-account"),
    path("players/<int:player_id>/unmerge", api.PlayerUnmergeApi.as_view(), name="player-unmerge"),
    path("clubs/<slug:slug>/members", api.ClubMembersApi.as_view(), name="club-members"),
    path(
        "clubs/<slug:slug>/members/<str:username>/remove",
        api.ClubMemberRemoveApi.as_view(),
        name="club-member-remove",
    ),
    path(
        "clubs/<slug:slug>/invitations",
        api.ClubInvitationsApi.as_view(),
        name="club-invitations",
    ),
    path(
        "clubs/<slug:slug>/invitations/<int:invitation_id>/revoke",
        api.InvitationRevokeApi.as_view(),
        name="invitation-revoke",
    ),
    path("invitations/accept", api.InvitationAcceptApi.as_view(), name="invitation-accept"),
]
