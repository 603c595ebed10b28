"""Large-cash log: cash by one player in one gaming day above CARDROOM_LARGE_CASH_THRESHOLD.

Cash in (chip purchases paid in cash) and cash out (redemptions) are summed
separately, as currency transaction reports do; card payments are not cash.
Reversed transactions do not count.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.db.models import Q, QuerySet, Sum

from cashier.models import ChipTransaction, PaymentMethod, TransactionKind
from config.gaming_day import current_gaming_day
from rooms.models import Room


@dataclass(frozen=True)
class LargeCashRow:
    player_id: int
    player: str
    gaming_day: date
    cash_in: int
    cash_out: int
    transactions: int


def _cash(day: date) -> QuerySet[ChipTransaction]:
    return ChipTransaction.objects.filter(
        gaming_day=day, method=PaymentMethod.CASH, player__isnull=False, entry__reversed_by__isnull=True
    )


def large_cash_log(*, day: date, room: Room, threshold: int | None = None) -> list[LargeCashRow]:
    """The players whose cash in or out at ``room``'s cage on ``day`` passed the room's large cash
    threshold (or ``threshold``)."""
    limit = room.large_cash_threshold if threshold is None else threshold
    rows = (
        _cash(day)
        .filter(shift__drawer__room=room)
        .values("player_id", "player__first_name", "player__last_name")
        .annotate(
            cash_in=Sum("amount", filter=Q(kind=TransactionKind.SALE), default=0),
            cash_out=Sum("amount", filter=Q(kind=TransactionKind.REDEMPTION), default=0),
            n=Sum(1),
        )
        .filter(Q(cash_in__gt=limit) | Q(cash_out__gt=limit))
        .order_by("player__last_name", "player_id")
    )
    return [
        LargeCashRow(
            player_id=r["player_id"],
            player=f"{r['player__first_name']} {r['player__last_name']}",
            gaming_day=day,
            cash_in=r["cash_in"],
            cash_out=r["cash_out"],
            transactions=r["n"],
        )
        for r in rows
    ]


def player_cash_today(*, player_id: int, kind: str, room: Room, day: date | None = None) -> int:
    """The player's cash ``kind`` at ``room``'s cage on its gaming ``day`` (today's by default)."""
    cash = _cash(day or current_gaming_day(room=room)).filter(shift__drawer__room=room)
    total = cash.filter(player_id=player_id, kind=kind).aggregate(t=Sum("amount"))["t"]
    return int(total or 0)


def large_cash_warning(*, player_id: int, kind: str, amount: int, room: Room) -> tuple[int, int] | None:
    """(the day's total at ``room``'s cage including ``amount``, the room's threshold) when it would pass
    the threshold."""
    threshold = room.large_cash_threshold
    total = player_cash_today(player_id=player_id, kind=kind, room=room) + amount
    return (total, threshold) if total > threshold else None


def large_cash_crossed(*, transaction_id: int) -> str | None:
    """A description when this transaction took its player's day total at its room's cage over the room's
    threshold."""
    txn = ChipTransaction.objects.select_related("player", "shift__drawer__room").filter(pk=transaction_id).first()
    if txn is None or txn.player_id is None:
        return None
    room = txn.shift.drawer.room
    threshold = room.large_cash_threshold
    same = _cash(txn.gaming_day).filter(shift__drawer__room=room, player_id=txn.player_id, kind=txn.kind)
    total = same.filter(pk__lte=txn.pk).aggregate(t=Sum("amount"))["t"] or 0
    if total > threshold >= total - txn.amount:
        return (
            f"player {txn.player_id} {txn.kind} cash {total} on {txn.gaming_day} at {room.code} (threshold {threshold})"
        )
    return None
