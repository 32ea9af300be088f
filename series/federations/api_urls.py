"""The federations' REST API, under /api/v1/ beside the rest of the API."""

from django.urls import path

from series.federations import api

app_name = "federations-api"

urlpatterns = [
    path("federations", api.FederationsApi.as_view(), name="federations"),
    path("federations/<slug:slug>", api.FederationDetailApi.as_view(), name="federation"),
    path("federations/<slug:slug>/link", api.FederationLinkApi.as_view(), name="link"),
    path("federations/<slug:slug>/members", api.MembersApi.as_view(), name="members"),
    path(
        "federations/<slug:slug>/members/<slug:club>/accept",
        api.MemberAcceptApi.as_view(),
        name="member-accept",
    ),
    path(
        "federations/<slug:slug>/members/<slug:club>/end",
        api.MemberEndApi.as_view(),
        name="member-end",
    ),
    path("federations/<slug:slug>/ranking", api.RankingApi.as_view(), name="ranking"),
    path("federations/<slug:slug>/persons/<str:person>", api.PersonApi.as_view(), name="person"),
    path("account/players", api.AccountLinksApi.as_view(), name="account-players"),
    path(
        "account/players/<int:player_id>/withdraw",
        api.AccountLinkWithdrawApi.as_view(),
        name="account-player-withdraw",
    ),
    path("account/initials", api.AccountInitialsApi.as_view(), name="account-initials"),
]
