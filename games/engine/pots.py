"""Pots from what each player put in, and the split of a pot between tied winners.

Pots are layered on the players' *live* contributions this hand (bets,
blinds, and uniform antes while they are trimmed): a player all-in for less
can win only what they matched from each opponent (R14, case 10), and a
folded player's chips stay in every pot they reached without making them
eligible (case 29).

Dead money is not layered (case 57): it belongs to the pot and goes to its
winner, so it can never form a pot that only its payer could win. A
big-blind ante, a dead small blind and an untrimmed ante go into the main
pot; a Club Poker card fee into the highest pot the payer shares with
another live player. A Club Poker bank carried into a replay sits at the
bottom, each bank winnable by the players who tied for it (case 59).
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
    *,
    banks: Sequence[Pot] = (),
    dead: Sequence[int] = (),
    fees: Sequence[int] = (),
) -> list[Pot]:
    """Layer the contributions into a main pot and side pots.

    ``totals`` is everything each player put in; ``dead`` (to the main pot)
    and ``fees`` (card fees) are the parts of it that are dead money, by
    player, or empty when there is none. ``banks`` are carried Club Poker
    banks: a bank none of whose players is still in goes to every player
    still in. Adjacent layers with the same eligible seats are one pot.
    """
    live = [i for i in range(len(seats)) if not folded[i]]
    live_seats = tuple([seats[i] for i in live])
    layered = list(totals)
    for extra in (dead, fees):
        for i, chips in enumerate(extra):
            layered[i] -= chips
    pots: list[Pot] = []
    lows: list[int] = []  # each pot's lowest layer level: a folded payer's chips reached the pots above it
    for bank in banks:
        still_in = tuple([s for s in bank.eligible if s in live_seats])
        _add(pots, lows, bank.amount, still_in or live_seats, 0)
    if dead:
        _add(pots, lows, sum(dead), live_seats, 0)
    previous = 0
    # Plain loops: a replay builds the pots of every hand, and generator
    # expressions cost several times these few additions.
    for level in sorted({layered[i] for i in live if layered[i] > 0}):
        amount = 0
        for t in layered:
            if t > previous:
                amount += (t if t < level else level) - previous
        _add(pots, lows, amount, tuple([seats[i] for i in live if layered[i] >= level]), previous)
        previous = level
    leftover = 0
    for t in layered:
        if t > previous:
            leftover += t - previous
    if leftover:
        # Only chips of folded players above every live player's total; they
        # join the last pot rather than form a pot nobody can win.
        _add(pots, lows, leftover, pots[-1].eligible if pots else live_seats, previous, merge=True)
    for i, chips in enumerate(fees):
        if chips:
            k = _fee_pot(pots, lows, seats[i], layered[i], folded[i])
            if k < 0:
                _add(pots, lows, chips, live_seats, 0)
            else:
                pots[k] = Pot(pots[k].amount + chips, pots[k].eligible)
    return pots


def _fee_pot(pots: list[Pot], lows: list[int], seat: int, layered: int, folded: bool) -> int:
    """Where a card fee goes: the highest pot the payer shares with another live player (case 57).

    A folded payer shares none: its fee joins the highest pot its live chips
    reached, as its bets did. -1 when there is no pot yet.
    """
    if folded:
        reached = [k for k, low in enumerate(lows) if low < layered]
        return reached[-1] if reached else (0 if pots else -1)
    for k in range(len(pots) - 1, -1, -1):
        eligible = pots[k].eligible
        if seat in eligible and len(eligible) > 1:
            return k
    for k in range(len(pots) - 1, -1, -1):
        if seat in pots[k].eligible:
            return k  # nobody else is still in: the payer wins every pot anyway
    return 0 if pots else -1


def _add(
    pots: list[Pot], lows: list[int], amount: int, eligible: tuple[int, ...], low: int, *, merge: bool = False
) -> None:
    if not amount:
        return
    if pots and (merge or pots[-1].eligible == eligible):
        pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
    else:
        pots.append(Pot(amount, eligible))
        lows.append(low)


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
