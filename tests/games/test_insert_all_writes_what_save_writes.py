"""``config.db.insert_all``: several models' rows in one statement on PostgreSQL (``bulk_create`` elsewhere)
read back as written, whatever their field types; rows that point to a row inserted with them work when
that row's key is set first."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.db.models import Model
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from config.db import insert_all
from games import services as hands
from games.models import Hand, HandEvent, HandStatusChange, PotAward


def _values(row: Model) -> dict[str, Any]:
    return {f.attname: getattr(row, f.attname) for f in row._meta.concrete_fields if f is not row._meta.pk}


def _rows(hand: Hand, actor) -> tuple[list[HandEvent], list[PotAward], list[HandStatusChange]]:
    now = timezone.now()
    events = [
        HandEvent(
            hand=hand,
            seq=100 + k,
            client_event_id=f"insert-all-{k}",
            kind="note",
            data={"text": "Zoë's «quoted» \\ back'slash", "n": k, "nested": {"none": None, "list": [1, "2", 3.5]}},
            created_at=now + timedelta(microseconds=k),
            created_by=actor,
        )
        for k in range(3)
    ]
    pots = [
        PotAward(
            hand=hand, index=0, amount=10**15, eligible=[1, 2], winners=[2], shares=[10**15], fee=0, carried=False
        ),
        PotAward(hand=hand, index=1, amount=0, eligible=[], winners=[], shares=[], fee=0, carried=True),
    ]
    change = HandStatusChange(
        hand=hand, from_status="open", to_status="open", reason="", created_at=now, created_by=actor
    )
    return events, pots, [change]


@pytest.mark.parametrize("fast", [True, False], ids=["as-run", "orm-twin"])
def test_rows_read_back_as_written(dealer, holdem_table, fast) -> None:
    """``as-run``: on PostgreSQL the fast path; ``orm-twin``: the fast paths off (``bulk_create``)."""
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    events, pots, changes = _rows(hand, dealer)
    with transaction.atomic(), override_settings(CARDROOM_FAST_PATHS=fast and settings.CARDROOM_FAST_PATHS):
        insert_all([(HandEvent, events), (PotAward, pots), (HandStatusChange, changes)])
    stored = {
        HandEvent: HandEvent.objects.filter(hand=hand, seq__gte=100).order_by("seq"),
        PotAward: PotAward.objects.filter(hand=hand).order_by("index"),
        HandStatusChange: HandStatusChange.objects.filter(hand=hand, reason=""),
    }
    for model, written in ((HandEvent, events), (PotAward, pots), (HandStatusChange, changes)):
        assert [_values(row) for row in stored[model]] == [_values(row) for row in written]


def test_one_statement_on_postgres_for_a_parent_and_its_children(on_postgres, dealer, holdem_table) -> None:
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    parent = Hand.objects.get(pk=hand.pk)
    with connection.cursor() as cursor:
        cursor.execute("SELECT nextval(pg_get_serial_sequence('games_hand', 'id'))")
        parent.pk = cursor.fetchone()[0]
    parent.number += 1000
    parent.status = "complete"
    events, pots, _ = _rows(parent, dealer)  # built once the parent's key is set: they point to it
    with transaction.atomic(), CaptureQueriesContext(connection) as captured:
        insert_all([(Hand, [parent]), (HandEvent, events), (PotAward, pots)])
    assert len(captured) == 1
    assert HandEvent.objects.filter(hand_id=parent.pk).count() == 3
    assert PotAward.objects.filter(hand_id=parent.pk).count() == 2


def test_rows_with_and_without_keys_in_one_group_are_refused(on_postgres, dealer, holdem_table) -> None:
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    events, _, _ = _rows(hand, dealer)
    events[0].pk = 10**9
    with pytest.raises(ValueError, match="HandEvent: give every row its primary key, or none"):
        insert_all([(HandEvent, events)])
    assert not HandEvent.objects.filter(hand=hand, seq__gte=100).exists()
