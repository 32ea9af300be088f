"""The production server's own headers: gunicorn does not announce itself."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.support.ports import free_port

ROOT = Path(__file__).resolve().parents[2]


def test_gunicorn_with_the_served_settings_sends_no_server_header():
    port = free_port()
    gunicorn = str(Path(sys.executable).parent / "gunicorn")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings", "DEBUG": "true"}
    server = subprocess.Popen(
        [
            gunicorn,
            "scorekeeper.wsgi",
            "-c",
            "scorekeeper/gunicorn.conf.py",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "1",
            "--access-logfile",
            "/dev/null",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        headers = None
        for _attempt in range(100):  # up to 20 s for the server to start
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as r:
                    headers = r.headers
                break
            except urllib.error.HTTPError as answer:  # 503 without a database: it answered
                headers = answer.headers
                break
            except OSError:
                time.sleep(0.2)
        assert headers is not None, "gunicorn did not start"
        assert "Server" not in headers
        assert headers["X-Content-Type-Options"] == "nosniff"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
