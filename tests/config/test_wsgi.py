"""The WSGI application a server worker loads: everything the first request would import is loaded, and
what lives as long as the process is out of the cyclic collector's full passes."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import ROOT

PROBE = (
    "import gc, json, sys; import config.wsgi;"
    "print(json.dumps({'frozen': gc.get_freeze_count(), 'views': 'games.apis.recording' in sys.modules}))"
)


def test_loading_the_application_imports_the_views_and_freezes_what_it_loaded() -> None:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    result = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout.strip().splitlines()[-1])
    assert found["views"]  # the URL modules' imports, done before the first request
    assert found["frozen"] > 50_000  # Django, DRF and the app's modules
