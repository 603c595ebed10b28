"""Making up an amount in chips: from what a place holds exactly, or with change from a table's tray.

Plain arithmetic over ``{denomination_id: (value, amount available)}`` maps (amounts in minor
units), shared by the ledger's posting of a fee (``ledger.services.fees.fee_to_drop_box``) and its PostgreSQL
part of a hand's fee posting (``ledger.services.fee_sql``): both paths move the same chips because
both take them from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

type Available = Mapping[int, tuple[int, int]]


def greedy_breakdown(amount: int, available: Available) -> tuple[dict[int, int], int]:
    """Largest chips first within what is available: ``{denomination_id: (value, available_amount)}``
    -> (``{denomination_id: count}``, remainder)."""
    counts: dict[int, int] = {}
    left = amount
    for denomination_id, (value, have) in sorted(available.items(), key=lambda item: -item[1][0]):
        n = min(left // value, have // value)
        if n > 0:
            counts[denomination_id] = n
            left -= n * value
    return counts, left


@dataclass(frozen=True, slots=True)
class FeeChips:
    """A fee in chips, amounts by denomination.

    Without change, ``fee`` moves straight from the players to the drop box. With change, as a
    dealer makes it: the players' chips ``paid`` go into the tray, the fee's exact chips ``fee``
    from the tray into the drop box, and the ``change`` from the tray back to the players; the
    tray's value is unchanged (``paid`` = ``fee`` + ``change``).
    """

    fee: dict[int, int]
    paid: dict[int, int] = field(default_factory=dict)
    change: dict[int, int] = field(default_factory=dict)


def fee_chips(amount: int, players: Available, tray: Available | None = None) -> FeeChips | None:
    """The chips that make up ``amount``: the players' own exactly, else (given the tray's) with change.

    With change the players pay the largest chips that fit and one more chip, the smallest
    that covers the rest; the fee and then the change are taken, largest first, from the tray
    and the chips just paid into it. None when neither way makes the amount up exactly.
    """
    counts, left = greedy_breakdown(amount, players)
    if not left:
        return FeeChips(fee=_amounts(counts, players))
    if tray is None:
        return None
    extra = _smallest_covering(left, players, counts)
    if extra is None:
        return None
    paid = _amounts({**counts, extra: counts.get(extra, 0) + 1}, players)
    pool = dict(tray)
    for d, amount_paid in paid.items():
        value = players[d][0]
        pool[d] = (value, pool.get(d, (value, 0))[1] + amount_paid)
    fee_counts, fee_left = greedy_breakdown(amount, pool)
    if fee_left:
        return None
    fee = _amounts(fee_counts, pool)
    rest = {d: (value, have - fee.get(d, 0)) for d, (value, have) in pool.items()}
    change_counts, change_left = greedy_breakdown(sum(paid.values()) - amount, rest)
    if change_left:
        return None
    return FeeChips(fee=fee, paid=paid, change=_amounts(change_counts, rest))


def _smallest_covering(left: int, players: Available, used: Mapping[int, int]) -> int | None:
    """The players' smallest chip worth at least ``left`` that is not already paid, or None."""
    candidates = [
        (value, d) for d, (value, have) in players.items() if value >= left and have - used.get(d, 0) * value >= value
    ]
    return min(candidates)[1] if candidates else None


def _amounts(counts: Mapping[int, int], available: Available) -> dict[int, int]:
    return {d: available[d][0] * n for d, n in counts.items() if n}
