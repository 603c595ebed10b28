"""The stack ledger: buy-ins, add-ons, each hand's final stacks, corrections, adjustments.

A player who moves seats takes their chips along (``games.selectors.stacks``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import Conflict, DomainError, quoted
from config.money import check_minor
from games.models import BuyInSource, Hand, HandStatus, SeatStack, StackKind
from games.selectors.access import check_may_amend, check_may_record
from games.selectors.stacks import with_latest_stack
from ledger.models import JournalEntry
from ledger.services.table_sales import chips_sold_at_table
from tables.models import SeatSession, Table
from tables.services.common import dealer_now, lock_table


@dataclass(frozen=True)
class Seated:
    session: SeatSession
    stack: int | None  # None: no buy-in recorded yet


def seated_with_stacks(table_id: int) -> list[Seated]:
    """Open seat sessions of a table, each with its latest stack, carried from the seat it moved from until it
    has its own (one query)."""
    sessions = with_latest_stack(
        SeatSession.objects.filter(table_id=table_id, ended_at__isnull=True).select_related("player")
    ).order_by("seat_number")
    return [Seated(s, s.latest_stack) for s in sessions]


def stack_rows(
    *,
    actor: User,
    table_id: int,
    entries: Iterable[tuple[Seated, int]],
    kind: str,
    hand_id: int | None = None,
    note: str = "",
    source: str = "",
    journal_entry: JournalEntry | None = None,
) -> list[SeatStack]:
    """Append one row per (seat, new stack); ``change`` is the difference from the seat's stack before."""
    now = timezone.now()
    rows = [
        SeatStack(
            table_id=table_id,
            seat_session=seated.session,
            seat_number=seated.session.seat_number,
            kind=kind,
            change=stack - (seated.stack or 0),
            stack=stack,
            hand_id=hand_id,
            note=note,
            source=source,
            journal_entry=journal_entry,
            created_at=now,
            created_by=actor,
        )
        for seated, stack in entries
    ]
    return SeatStack.objects.bulk_create(rows)


def check_buy_in_source(table: Table, source: str) -> None:
    """``source`` is a buy-in source, and one ``table``'s room allows."""
    if source not in BuyInSource.values:
        raise DomainError(
            _("%(source)s is not a buy-in source: the player's chips or cash at the table.")
            % {"source": quoted(source)},
            code="bad_buy_in_source",
        )
    if source == BuyInSource.CASH_AT_TABLE and not table.room.cash_buy_ins_at_tables:
        raise DomainError(
            _("%(room)s takes no cash at the tables: the player buys the chips at the cage.")
            % {"room": table.room.name},
            code="no_cash_at_tables",
        )


def buy_in_rows(
    *, actor: User, table: Table, entries: list[tuple[Seated, int]], kind: str, source: str, note: str = ""
) -> list[SeatStack]:
    """Buy-ins or add-ons (each seat's new stack) from ``source``; chips sold for cash at the table are booked
    on the ledger first (``ledger.services.table_sales``), one entry per seat. The caller holds the table."""
    check_buy_in_source(table, source)
    rows: list[SeatStack] = []
    for seated, stack in entries:
        entry = None
        if source == BuyInSource.CASH_AT_TABLE:
            recorded = SeatStack.objects.filter(seat_session=seated.session).count()
            entry = chips_sold_at_table(
                actor=actor,
                room=table.room,
                table_id=table.pk,
                amount=stack - (seated.stack or 0),
                ref=f"seat:{seated.session.pk}:{recorded + 1}",
            )
        rows += stack_rows(
            actor=actor,
            table_id=table.pk,
            entries=[(seated, stack)],
            kind=kind,
            note=note,
            source=source,
            journal_entry=entry,
        )
    return rows


@transaction.atomic
def seat_stack_add(
    *,
    actor: User,
    table_id: int,
    seat_number: int,
    amount: int,
    kind: str = StackKind.BUY_IN,
    note: str = "",
    source: str = BuyInSource.PLAYER_CHIPS,
) -> SeatStack:
    """A buy-in (the first chips of a seat session) or an add-on, between hands, from ``source``.

    Recorded by the dealer of the table or a floor manager; a floor
    ``adjustment`` sets the stack to ``amount`` and needs a floor manager (it has no source).
    """
    table = lock_table(table_id)
    check_may_record(actor, table_id=table.pk, table_number=table.number, dealer_now=dealer_now(table))
    if kind == StackKind.ADJUSTMENT:
        check_may_amend(actor)
    elif kind not in (StackKind.BUY_IN, StackKind.ADD_ON):
        raise DomainError(
            _("%(kind)r is not a buy-in, an add-on or an adjustment.") % {"kind": kind}, code="bad_stack_kind"
        )
    check_minor(amount, field="amount", allow_zero=kind == StackKind.ADJUSTMENT)
    if Hand.objects.filter(table_id=table.pk, status=HandStatus.OPEN).exists():
        raise Conflict(
            _("Table %(number)s has a hand open: chips are added between hands.") % {"number": table.number},
            code="hand_open",
        )
    seated = next((s for s in seated_with_stacks(table.pk) if s.session.seat_number == seat_number), None)
    if seated is None:
        raise DomainError(
            _("Nobody sits in seat %(seat_number)s at table %(number)s.")
            % {"seat_number": seat_number, "number": table.number},
            code="seat_empty",
        )
    if kind == StackKind.BUY_IN and seated.stack is not None:
        raise DomainError(
            _("Seat %(seat_number)s already has %(stack)s in chips: record an add-on instead.")
            % {"seat_number": seat_number, "stack": seated.stack},
            code="has_buy_in",
        )
    if kind == StackKind.ADD_ON and seated.stack is None:
        raise DomainError(
            _("Seat %(seat_number)s has no buy-in yet: record the buy-in first.") % {"seat_number": seat_number},
            code="no_buy_in",
        )
    new = amount if kind in (StackKind.BUY_IN, StackKind.ADJUSTMENT) else (seated.stack or 0) + amount
    check_minor(new, field="stack", allow_zero=True)
    if kind == StackKind.ADJUSTMENT:
        return stack_rows(actor=actor, table_id=table.pk, entries=[(seated, new)], kind=kind, note=note)[0]
    return buy_in_rows(actor=actor, table=table, entries=[(seated, new)], kind=kind, source=source, note=note)[0]
