"""Showdown, awarding the pots and the fee, and voiding a hand.

Order (R17): the last aggressor of the final round shows first, else the
first player still in from the button's left; when the betting closed early
because players were all-in, every hand is tabled at once, in any order. A
player may muck in turn unless nobody else could then claim some pot. Cards
speak: a pot goes to the best shown hand among its eligible players, and a
player who is the only claimant left wins without showing (case 42: a
winning claim otherwise needs the cards entered).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine.betting import recount
from games.engine.cards import UNKNOWN, add_known, cards_str, check_distinct
from games.engine.errors import CardError, PhaseError, ShowdownError, TurnError
from games.engine.evaluator import evaluate
from games.engine.events import Muck, Show
from games.engine.pots import Pot, clockwise_from, split_pot
from games.engine.results import Descriptions, HandResult, Phase, PotResult, ReplayDue
from games.engine.setup import Game
from rake.policies import hand_fees

if TYPE_CHECKING:
    from games.engine.state import Hand

NOBODY = -1


def begin(h: Hand) -> None:
    h.phase = Phase.SHOWDOWN
    order = [h.seat_index(s) for s in clockwise_from([h.seats[i] for i in _live(h)], h.setup.button)]
    if not h.free_show and h.aggressor != NOBODY and not h.folded[h.aggressor]:
        first = order.index(h.aggressor)
        order = order[first:] + order[:first]
    h.show_order = tuple(order)
    h.to_act = NOBODY if h.free_show else order[0]


def _live(h: Hand) -> list[int]:
    return [i for i in range(len(h.seats)) if not h.folded[i]]


def _turn(h: Hand, seat: int, verb: str) -> int:
    if h.phase is not Phase.SHOWDOWN:
        raise PhaseError(f"seat {seat} cannot {verb} now: {h.phase_text}", code="no_showdown")
    i = h.seat_index(seat)
    if h.folded[i]:
        raise ShowdownError(f"seat {seat} folded and has no hand to {verb}", code="folded")
    if h.shown[i] or h.mucked[i]:
        raise ShowdownError(f"seat {seat} has already {'shown' if h.shown[i] else 'mucked'}", code="already_done")
    if h.to_act != NOBODY and i != h.to_act:
        raise TurnError(f"seat {seat} is not to {verb}: seat {h.seats[h.to_act]} is (R17)", seat=seat)
    return i


def apply_show(h: Hand, event: Show) -> None:
    seat, cards = event.seat, tuple(event.cards)
    i = _turn(h, seat, "show")
    size = 5 if h.setup.game is Game.CLUB_POKER else 2
    if len(cards) != size:
        raise CardError(f"seat {seat} shows {len(cards)} cards: a hand here is {size}", code="wrong_card_count")
    if UNKNOWN in cards:
        raise ShowdownError(f"seat {seat} must show known cards, not {cards_str(cards)}", code="unknown_cards")
    held = h.holes[i]
    if any(c != UNKNOWN and c not in cards for c in held):
        raise ShowdownError(
            f"seat {seat} holds {cards_str(held)}, not {cards_str(cards)}", code="wrong_cards", seat=seat
        )
    check_distinct(cards)
    h.known = add_known(h.known, [c for c in cards if c not in held])
    h.holes = _replace(h.holes, i, cards)
    h.shown = _replace(h.shown, i, True)
    h.values = _replace(h.values, i, evaluate(cards + h.board))
    _advance(h)


def _replace[T](values: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    return (*values[:i], value, *values[i + 1 :])


def apply_muck(h: Hand, event: Muck) -> None:
    i = _turn(h, event.seat, "muck")
    for pot in h.pots():
        claimants = [s for s in pot.eligible if not h.mucked[h.seat_index(s)]]
        if claimants == [event.seat]:
            raise ShowdownError(
                f"seat {event.seat} cannot muck: nobody else can claim the pot of {pot.amount}", code="last_claimant"
            )
    h.mucked = _replace(h.mucked, i, True)
    _advance(h)


def _advance(h: Hand) -> None:
    undecided = [i for i in h.show_order if not h.shown[i] and not h.mucked[i]]
    unmucked = [i for i in h.show_order if not h.mucked[i]]
    if not undecided or len(unmucked) == 1:
        award(h)
    elif h.to_act != NOBODY:
        h.to_act = undecided[0]


def award(h: Hand) -> None:
    """The winners of each pot; a Club Poker tie waits for a split or a replay."""
    winners: list[tuple[int, ...]] = []
    pots = h.pots()
    index, mucked, values, button = h._index, h.mucked, h.values, h.setup.button
    for pot in pots:
        claimants = [s for s in pot.eligible if not mucked[index[s]]]
        if len(claimants) > 1:
            best = max([values[index[s]] for s in claimants])
            claimants = [s for s in claimants if values[index[s]] == best]
        winners.append(tuple(clockwise_from(claimants, button)) if len(claimants) > 1 else tuple(claimants))
    h.pot_winners = tuple(winners)
    h.to_act = NOBODY
    if h.setup.game is Game.CLUB_POKER and any(len(w) > 1 for w in winners):
        h.phase = Phase.TIE
        return
    finalize(h, pots=pots)


def finish_uncontested(h: Hand) -> None:
    winner = h.seats[_live(h)[0]]
    pots = h.pots()
    h.pot_winners = tuple((winner,) for _ in pots)
    finalize(h, uncontested=True, pots=pots)


def finalize(h: Hand, *, tie: str | None = None, uncontested: bool = False, pots: list[Pot] | None = None) -> None:
    """Take the fee of each pot, split the rest and record the result (``pots``: already built for this state)."""
    setup = h.setup
    if pots is None:
        pots = h.pots()
    carry = [tie == "replay" and len(w) > 1 for w in h.pot_winners]
    saw_flop = setup.game is Game.CLUB_POKER or len(h.board) >= 3
    if setup.fee is None:
        fees = [0] * len(pots)
    else:
        fee_base = [0 if c else p.amount for p, c in zip(pots, carry, strict=True)]
        fees = hand_fees(setup.fee, fee_base, chip_unit=setup.chip_unit, players_dealt=len(h.seats), saw_flop=saw_flop)
    results: list[PotResult] = []
    for pot, winners, fee, carried in zip(pots, h.pot_winners, fees, carry, strict=True):
        if carried:
            results.append(PotResult(pot.amount, pot.eligible, winners, (), 0, carried=True))
            continue
        shares = split_pot(
            pot.amount - fee, len(winners), setup.chip_unit, one_odd_chip_each=setup.options.odd_chip_per_player
        )
        for seat, share in zip(winners, shares, strict=True):
            h.stacks[h._index[seat]] += share
        results.append(PotResult(pot.amount, pot.eligible, winners, tuple(shares), fee))
    carried_total = sum(p.amount for p in results if p.carried)
    replay = ReplayDue(h.tied_seats, carried_total) if carried_total else None
    _record(h, results, uncontested=uncontested, tie=tie, replay=replay)


def _record(h: Hand, pots: list[PotResult], *, uncontested: bool, tie: str | None, replay: ReplayDue | None) -> None:
    shown = {h.seats[i]: h.holes[i] for i in range(len(h.seats)) if h.shown[i]}
    recount(h)
    h.result = HandResult(
        pots=tuple(pots),
        award_order=tuple(reversed(range(len(pots)))),
        final_stacks=h.stacks_by_seat(),
        fees=sum(p.fee for p in pots),
        uncontested=uncontested,
        shown=shown,
        descriptions=Descriptions(shown, h.board),
        returned=h.returned,
        tie=tie,
        replay=replay,
        carried_out=replay.carried if replay else 0,
        flags=h.flags,
    )
    h.phase = Phase.COMPLETE
    h.to_act = NOBODY


def void(h: Hand, reason: str) -> None:
    """A misdeal: every forced bet and bet goes back, the hand counts for nothing (R18)."""
    h.stacks = list(h.start_stacks)
    h.bets = [0] * len(h.seats)
    h.totals = [0] * len(h.seats)
    h.held = ()
    recount(h)
    h.notes += (f"misdeal: {reason}" if reason else "misdeal",)
    h.result = HandResult(
        pots=(),
        award_order=(),
        final_stacks=h.stacks_by_seat(),
        fees=0,
        uncontested=False,
        shown={},
        descriptions={},
        returned=(),
        misdeal=True,
        carried_out=h.setup.carried,
        flags=h.flags,
    )
    h.phase = Phase.VOID
    h.to_act = NOBODY
