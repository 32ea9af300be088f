from django.contrib import admin
from django.urls import include, path

from scorekeeper.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    # The league's API first: the series API ends with a JSON 404 for the rest.
    path("api/v1/", include("series.league.api_urls")),
    path("api/v1/", include("series.federations.api_urls")),
    path("api/v1/", include("series.api.urls")),
    path("", include("series.league.urls")),
    path("", include("series.federations.urls")),
    path("", include("series.web.urls")),
]
