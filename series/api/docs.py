"""The API's docs pages: drf-spectacular's Swagger UI and ReDoc, served by the
app itself from drf-spectacular-sidecar (no CDN), under the site's
Content-Security-Policy.

Swagger UI runs under the strict policy as it is (its set-up script comes from
``?script``, not inline). ReDoc styles itself with styled-components, which
writes ``<style>`` elements at run time and takes no nonce, and runs its search
in a ``blob:`` worker: on that page alone inline *styles* and blob workers are
allowed; scripts stay ``'self'`` only. Its sidebar's logo, hard-coded from
its CDN, is blocked (no request leaves) and ReDoc hides it.
"""

from __future__ import annotations

from csp.decorators import csp_update
from django.utils.decorators import method_decorator
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerSplitView

swagger_ui = SpectacularSwaggerSplitView.as_view(url_name="api:schema")


@method_decorator(
    csp_update({"style-src": ["'unsafe-inline'"], "worker-src": ["blob:"]}), name="dispatch"
)
class RedocView(SpectacularRedocView):
    url_name = "api:schema"


redoc = RedocView.as_view()
