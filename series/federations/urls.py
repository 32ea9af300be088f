"""The federations' pages."""

from django.urls import path

from series.federations import views

app_name = "federations"

urlpatterns = [
    path("account/players/", views.account_players, name="account_players"),
    path("federations/new/", views.federation_new, name="new"),
    path("federations/<slug:slug>/", views.federation_page, name="federation"),
    path("federations/<slug:slug>/link/", views.link_new, name="link"),
    path("federations/<slug:slug>/join/<str:token>/", views.join, name="join"),
    path("federations/<slug:slug>/ask/", views.ask, name="ask"),
    path(
        "federations/<slug:slug>/members/<slug:club>/<slug:action>/",
        views.member_answer,
        name="member",
    ),
    path("federations/<slug:slug>/persons/<str:person>/", views.person_page, name="person"),
    path("federations/<slug:slug>/ranking.csv", views.ranking_csv, name="ranking_csv"),
]
