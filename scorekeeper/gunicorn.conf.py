"""gunicorn settings for `make serve` (``gunicorn -c scorekeeper/gunicorn.conf.py``).

gunicorn has no setting to leave out its ``Server`` header, so this file
removes that one line from the headers it writes; nothing else changes.
"""

from gunicorn.http import wsgi

accesslog = "-"
graceful_timeout = 10
# Uploads are tiny (a deal is a few hundred bytes): refuse huge request lines.
limit_request_line = 4094

_default_headers = wsgi.Response.default_headers


def _without_server(self):
    return [line for line in _default_headers(self) if not line.startswith("Server:")]


wsgi.Response.default_headers = _without_server
