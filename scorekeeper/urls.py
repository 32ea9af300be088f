from django.contrib import admin
from django.urls import include, path

from scorekeeper.health import healthz
from series.accounts.views import language_choose

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    # Django's language switcher, which also keeps a signed-in member's choice.
    path("i18n/setlang/", language_choose, name="set_language"),
    # The league's, federations' and championships' API first: the series API ends
    # with a JSON 404 for the rest.
    path("api/v1/", include("series.league.api_urls")),
    path("api/v1/", include("series.federations.api_urls")),
    path("api/v1/", include("series.championships.api_urls")),
    path("api/v1/", include("series.site.api_urls")),
    path("", include("series.league.urls")),
    path("", include("series.federations.urls")),
    path("", include("series.site.urls")),
]
