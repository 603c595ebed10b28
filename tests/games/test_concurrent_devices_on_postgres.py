"""Two devices post an event to one hand at the same moment: one is stored, the other gets 409 (PostgreSQL)."""

from __future__ import annotations

import threading
import uuid

import pytest
from django.db import connection

from config.errors import Conflict
from games import services as hands
from games.models import HandEvent
from games.services.state import cache_clear
from tests.games.helpers import HOLDEM_HAND, act, record

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("round_", range(3))
def test_two_devices_one_stored_one_conflict(on_postgres, dealer, holdem_table, round_):
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    record(dealer, hand, HOLDEM_HAND[0])
    if round_ == 1:
        cache_clear()  # one round rebuilds the state from the log under the lock
    barrier = threading.Barrier(2)
    outcomes: list[object] = []

    def device(event):
        try:
            barrier.wait(timeout=10)
            outcomes.append(
                hands.hand_event_record(
                    actor=dealer, hand_id=hand.pk, seq=1, client_event_id=uuid.uuid4().hex, event=event
                )
            )
        except Conflict as conflict:
            outcomes.append(conflict)
        finally:
            connection.close()

    threads = [threading.Thread(target=device, args=(e,)) for e in (act(3, "call"), act(3, "raise", 3000))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    conflicts = [o for o in outcomes if isinstance(o, Conflict)]
    stored = [o for o in outcomes if not isinstance(o, Conflict)]
    assert len(stored) == 1 and len(conflicts) == 1
    assert conflicts[0].status == 409 and conflicts[0].details["current_seq"] == 2
    rows = list(HandEvent.objects.filter(hand=hand).order_by("seq").values_list("seq", flat=True))
    assert rows == [0, 1]
    hand.refresh_from_db()
    assert hand.seq == 2
    # The log still replays to the head: the next event at sequence 2 is accepted.
    winner = stored[0].event.data
    nxt = act(1, "call") if winner["kind"] == "call" else act(1, "fold")
    record(dealer, hand, nxt)
