"""docs/production.md gives the commands the fault tests run (tests/servers.py), in its shell lines and in
its systemd units, so that what the tests show of a killed process is what production does."""

from __future__ import annotations

import pytest

from tests.conftest import ROOT
from tests.servers import BEAT_COMMAND, GUNICORN_COMMAND, WORKER_COMMAND

PAGE = (ROOT / "docs" / "production.md").read_text()


@pytest.mark.parametrize("command", [GUNICORN_COMMAND, WORKER_COMMAND, BEAT_COMMAND])
def test_production_runs_the_command_the_fault_tests_run(command: str) -> None:
    assert f"\n.venv/bin/{command}" in PAGE, f"docs/production.md does not run {command!r}"
    assert f"\nExecStart=/srv/cardroom/.venv/bin/{command}" in PAGE, f"no systemd unit runs {command!r}"
