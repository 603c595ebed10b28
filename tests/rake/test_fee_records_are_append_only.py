"""Fee records, drop counts and day closes are append-only: PostgreSQL refuses UPDATE, DELETE and
TRUNCATE through the ORM and raw SQL; a final drop count never changes again."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction

from games.services.hand_fees import hand_fees_post
from rake.models import DropCount, FeeCharge
from rake.services import drop_count_start, drop_tally_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def posted(on_postgres, open_table, holdem_ring, quick_hand, floor_manager, cashier, dealer, chips_in_play):
    table = open_table(holdem_ring, dealer=dealer)
    hand_fees_post(actor=floor_manager, hand_id=quick_hand(table, pot=20_000, fee=1000, dealer=dealer).pk)
    count = drop_count_start(actor=floor_manager, table_id=table.pk)
    for who in (floor_manager, cashier):
        drop_tally_record(actor=who, count_id=count.pk, chips={chips_in_play[1000]: 1})
    return FeeCharge.objects.get(), DropCount.objects.get()


def _refused(sql: str) -> None:
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql)


def test_fee_records_refuse_changes(posted) -> None:
    charge, _count = posted
    with pytest.raises(DatabaseError), transaction.atomic():
        FeeCharge.objects.filter(pk=charge.pk).update(fee=1)
    _refused(f"DELETE FROM rake_feecharge WHERE id = {charge.pk}")
    _refused("SET LOCAL cardroom.allow_truncate = 'off'; TRUNCATE rake_feecharge CASCADE")


def test_a_final_drop_count_never_changes(posted) -> None:
    _charge, count = posted
    with pytest.raises(DatabaseError), transaction.atomic():
        DropCount.objects.filter(pk=count.pk).update(explanation="rewritten")
    _refused(f"UPDATE rake_dropcount SET expected = 0 WHERE id = {count.pk}")
    _refused(f"DELETE FROM rake_dropcount WHERE id = {count.pk}")
