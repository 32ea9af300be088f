"""A championship's pages."""

from django.urls import path

from . import views

app_name = "championships"

urlpatterns = [
    path("clubs/<slug:slug>/championships/", views.championships_list, name="list"),
    path(
        "clubs/<slug:slug>/championships/<uuid:championship_id>/",
        views.championship_page,
        name="championship",
    ),
    path(
        "clubs/<slug:slug>/championships/<uuid:championship_id>/screen/",
        views.championship_screen,
        name="screen",
    ),
    path(
        "clubs/<slug:slug>/championships/<uuid:championship_id>/screen/ranking/",
        views.championship_screen_fragment,
        name="screen_fragment",
    ),
]
