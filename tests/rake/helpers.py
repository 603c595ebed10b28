"""Helpers of the fee tests: ledger balances of a table's places, and the fee invariant (controls, test 29)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date

from django.db.models import Sum

from games.models import Hand, HandStatus
from ledger.models import AccountKind, Balance
from ledger.selectors.balances import ledger_check
from rake.models import FeeCharge, TimeCharge, TimeChargeStatus
from rake.services import summaries_rebuild
from rooms.models import Room
from tests.factories import home_room


def place_total(table_id: int, kind: AccountKind) -> int:
    return int(
        Balance.objects.filter(account__table_id=table_id, account__kind=kind).aggregate(t=Sum("amount", default=0))[
            "t"
        ]
    )


def drop_box(table_id: int) -> int:
    return place_total(table_id, AccountKind.DROP_BOX)


def assert_fee_invariants() -> None:
    """Every journal balances, nothing is negative, chips are conserved, and fee income equals the sum
    of the per-hand fees of the hands in force plus the collected hourly charges."""
    check = ledger_check(room_id=home_room().pk)
    assert check.unbalanced_entries == []
    assert check.negative_balances == []
    assert check.stale_balances == []
    assert check.chips_in_room == check.chips_issued - check.chip_over_short
    income = FeeCharge.objects.aggregate(t=Sum("fee", default=0))["t"]
    posted_hands = FeeCharge.objects.filter(hand__isnull=False).values_list("hand_id", flat=True).distinct()
    hand_fees = Hand.objects.filter(pk__in=list(posted_hands), status=HandStatus.COMPLETE).aggregate(
        t=Sum("fee", default=0)
    )["t"]
    hourly = TimeCharge.objects.filter(status=TimeChargeStatus.COLLECTED).aggregate(t=Sum("amount", default=0))["t"]
    assert income == hand_fees + hourly


def fill_tray(table_id: int, denomination_id: int, amount: int, actor) -> None:
    """Chips from the vault into a table's tray (a fill, posted straight to the ledger)."""
    from django.db import transaction

    from ledger.models import Reason
    from ledger.services.accounts import singleton_accounts, table_account
    from ledger.services.posting import chip_legs, post_entry

    tray = table_account(table_id=table_id, kind=AccountKind.TRAY)
    vault = singleton_accounts(AccountKind.VAULT, room_id=home_room().pk)[AccountKind.VAULT]
    with transaction.atomic():
        post_entry(
            actor=actor,
            reason=Reason.FILL,
            legs=chip_legs(source=vault, target=tray, amounts={denomination_id: amount}),
            room=home_room(),
        )


@contextmanager
def eager_tasks() -> Iterator[None]:
    """Run Celery tasks in-process for a block (the PostgreSQL pass has a broker configured)."""
    from config.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield
    finally:
        app.conf.task_always_eager = before


def stock_chips(pieces: int = 20_000, *, room: Room | None = None) -> dict[int, int]:
    """Chips issued to ``room`` (the home room; 1 to 25,000 of its minor units) and ``pieces`` of each sold
    to the players: ``{value: id}``.

    A fee moves real chips through the ledger, so any test that completes a hand with a fee needs them.
    """
    from config.roles import Role
    from games.services.scenarios import issue_chips
    from tests.factories import UserFactory

    room = room or home_room()
    admin = UserFactory(username=f"chip_admin_{uuid.uuid4().hex[:8]}", roles=[Role.ADMIN], is_staff=True, rooms=[room])
    return issue_chips(actor=admin, pieces=pieces, room=room)


def insert_fee_rows(*, table_id: int, user_id: int, day: date, rows: int) -> None:
    """Many fee records at once (INSERT ... SELECT generate_series, PostgreSQL): for tests of what reads or
    exports them, not of how they are written. The day's summaries are rebuilt from them, as the writes keep
    them: a report and a summary export refuse summaries their records do not prove."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            """
            INSERT INTO rake_feecharge (source, kind, hand_id, table_id, gaming_day, shift, hands, pots, fee,
                                        seconds, created_at, created_by_id)
            SELECT 'hand', 'percentage', n, %s, %s, 1 + n %% 3, 1, 20 * (100 + n %% 900), 100 + n %% 900,
                   0, now(), %s
            FROM generate_series(1, %s) AS n
            """,
            [table_id, day, user_id, rows],
        )
    summaries_rebuild(day_from=day, day_to=day)
