"""The federations' pages."""

from django.urls import path

from series.federations import views

app_name = "federations"

urlpatterns = [
    path("federations/<slug:slug>/ranking.csv", views.ranking_csv, name="ranking_csv"),
]
