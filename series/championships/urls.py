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
]
