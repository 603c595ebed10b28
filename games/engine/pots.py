"""Pots from what each player put in, and the split of a pot between tied winners.

Pots are layered on the players' *total* contributions this hand (antes, dead
posts, bets, Club Poker card fees): a player all-in for less can win only
what they matched from each opponent (R14, case 10), and a folded player's
chips stay in every pot they reached without making them eligible (case 29).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot (main first, then side pots in the order they formed) and the seats that can win it."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(
    seats: Sequence[int],
    totals: Sequence[int],
    folded: Sequence[bool],
    carried: int = 0,
) -> list[Pot]:
    """Layer the contributions into a main pot and side pots.

    ``carried`` is a Club Poker bank brought into a replay: every player still
    in may win it, so it sits at the bottom of the main pot. Adjacent layers
    with the same eligible seats are one pot.
    """
    live = [i for i in range(len(seats)) if not folded[i]]
    pots: list[Pot] = []
    if carried:
        pots.append(Pot(carried, tuple([seats[i] for i in live])))
    previous = 0
    # Plain loops: a replay builds the pots of every hand, and generator
    # expressions cost several times these few additions.
    for level in sorted({totals[i] for i in live if totals[i] > 0}):
        amount = 0
        for t in totals:
            if t > previous:
                amount += (t if t < level else level) - previous
        _add(pots, amount, tuple([seats[i] for i in live if totals[i] >= level]))
        previous = level
    leftover = 0
    for t in totals:
        if t > previous:
            leftover += t - previous
    if leftover:
        # Only chips of folded players above every live player's total; they
        # join the last pot rather than form a pot nobody can win.
        _add(pots, leftover, pots[-1].eligible if pots else tuple(seats[i] for i in live), merge=True)
    return pots


def _add(pots: list[Pot], amount: int, eligible: tuple[int, ...], *, merge: bool = False) -> None:
    if pots and (merge or pots[-1].eligible == eligible):
        pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
    else:
        pots.append(Pot(amount, eligible))


def split_pot(amount: int, winners: int, chip_unit: int, *, one_odd_chip_each: bool = True) -> list[int]:
    """Shares of ``amount`` for ``winners`` listed clockwise from the button's left.

    With ``one_odd_chip_each`` (R15, case 31) every winner gets the same whole
    number of smallest chips and the odd chips go one each from the button's
    left, so nobody gets more than one (an all-in of a stack that is not a
    multiple of the chip leaves a part-chip, which goes to the next in line).
    Without it, pokerkit's split: ``amount // winners`` each, the whole
    remainder to the first winner.
    """
    if winners < 1:
        raise ValueError("a pot needs at least one winner")
    if not one_odd_chip_each:
        quotient, remainder = divmod(amount, winners)
        return [quotient + remainder] + [quotient] * (winners - 1)
    share = amount // (winners * chip_unit) * chip_unit
    shares = [share] * winners
    left = amount - share * winners
    for i in range(winners):
        if left <= 0:
            break
        odd = min(chip_unit, left)
        shares[i] += odd
        left -= odd
    return shares


def clockwise_from(seats: Iterable[int], after: int) -> list[int]:
    """``seats`` in clockwise order starting with the first seat after seat ``after``."""
    ordered = sorted(seats)
    return [s for s in ordered if s > after] + [s for s in ordered if s <= after]
