"""History fixtures: players of the floor, and the log as the pages read it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from audit.selectors import Change, HistoryFilter, history_changes, history_events

# The floor's player factory and the cage's stocked vault with its drawers, as fixtures here too.
from tests.cashier.conftest import chips, open_shift, room_admin, vault  # noqa: F401
from tests.tables.conftest import make_player  # noqa: F401


@pytest.fixture
def changes() -> Callable[..., list[Change]]:
    """Every history row of one record (oldest first), with what each changed, as the log page shows them."""

    def read(kind: str, object_id: int) -> list[Change]:
        events = list(history_events(HistoryFilter(kind=kind, object_id=object_id)))
        return list(reversed(history_changes(events)))

    return read
