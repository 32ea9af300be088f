"""A club's pages: a new club, its settings, its players (the roster), its
members and invitations, and joining through an invitation link."""

from django.urls import include, path

from series.clubs import views

club_pages = [
    path("settings/", views.club_settings, name="club_settings"),
    path("league/roster/", views.roster_page, name="roster"),
    path("members/", views.members, name="members"),
    path("members/<int:user_id>/remove/", views.member_remove, name="member_remove"),
    path("invitations/made/", views.invitation_made, name="invitation_made"),
]

urlpatterns = [
    path("clubs/new/", views.club_new, name="club_new"),
    path("clubs/<slug:slug>/", include(club_pages)),
    path("join/", views.join, name="join"),
    path("join/<str:token>/", views.join_link, name="join_link"),
]
