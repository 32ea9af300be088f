"""The REST API's root, under /api/v1/ (see the docs page at /api/v1/docs): what
every API shares (``series.api``), the contexts' own operations
(``series/<context>/api_urls.py``, named in this namespace), and the JSON 404
for the rest, last."""

from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView

from series.api import docs
from series.api.not_found import not_found

app_name = "api"

urlpatterns = [
    path("schema", SpectacularAPIView.as_view(), name="schema"),
    path("docs", docs.swagger_ui, name="docs"),
    path("redoc", docs.redoc, name="redoc"),
    path("", include("series.accounts.api_urls")),
    path("", include("series.clubs.api_urls")),
    path("", include("series.nights.api_urls")),
    path("", include("series.sheets.api_urls")),
    # Anything else under the API is a JSON 404, not an HTML page.
    re_path(r"^[\s\S]*$", not_found),
]
