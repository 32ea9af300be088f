from django.contrib import admin
from django.urls import include, path

from scorekeeper.health import healthz
from series.accounts.views import language_choose

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    # Django's language switcher, which also keeps a signed-in member's choice.
    path("i18n/setlang/", language_choose, name="set_language"),
    path("", include("series.site.urls")),
]
