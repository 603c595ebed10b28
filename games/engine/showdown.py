"""Showdown, awarding the pots and the fee, and voiding a hand.

Tabling (R17, R14, case 58). The engine proposes an order (``show_order``,
read as ``Hand.showdown_pending``; ``to_act`` is the first player in it still
to decide, except when every hand is tabled at once): players in a side pot
before those who can win only a smaller pot, the last side pot's first;
within a pot, the last aggressor of the final round first, then clockwise
from the button's left; when the betting closed before the river because
players were all in, a pot's all-in players before those with chips behind.
The order is what the table asks, not a wall: a player who tables out of
turn is recorded as it happened. All in before the river, every hand is
tabled at once, so shows and mucks are taken during the run-out, before the
remaining board cards, and valued when the board is complete. A player may
muck when asked (in turn, or at any time in an all-in run-out) or, out of
turn, once the hands already shown beat theirs in every pot they could win
(cards never seen lose to any shown hand); never when nobody else could then
claim a pot: that pot is theirs without showing. Cards speak: a pot goes to
the best shown hand among its eligible players, and a player who is the only
claimant left wins without showing (case 42: a winning claim otherwise needs
the cards entered). A winner by folds may still show: recorded, no chip moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine.betting import recount
from games.engine.cards import UNKNOWN, add_known, cards_str, check_distinct
from games.engine.errors import CardError, PhaseError, ShowdownError
from games.engine.evaluator import evaluate
from games.engine.events import Muck, Show
from games.engine.pots import Pot, clockwise_from, split_pot
from games.engine.results import Descriptions, HandResult, Phase, PotResult, ReplayDue
from games.engine.setup import Game
from rake.engine.policies import hand_fees

if TYPE_CHECKING:
    from games.engine.state import Hand

NOBODY = -1
NEVER_SEEN = -1  # the value of a hand whose cards were never seen: below every real value (1 and up)


def begin_runout(h: Hand) -> None:
    """All in before the river (R17): the hands are tabled now, before the remaining board cards."""
    h.free_show = True
    h.show_order = _proposed_order(h)


def begin(h: Hand) -> None:
    h.phase = Phase.SHOWDOWN
    h.show_order = _proposed_order(h)
    if any(h.shown):
        # Tabled during the run-out: valued only now that the board is complete.
        board = h.board
        h.values = tuple(
            evaluate(hole + board) if shown else value
            for hole, shown, value in zip(h.holes, h.shown, h.values, strict=True)
        )
    _advance(h)


def _live(h: Hand) -> list[int]:
    return [i for i in range(len(h.seats)) if not h.folded[i]]


def _proposed_order(h: Hand) -> tuple[int, ...]:
    """The order the table asks players to show in (the module's docstring)."""
    order = [h._index[s] for s in clockwise_from([h.seats[i] for i in _live(h)], h.setup.button)]
    if h.aggressor != NOBODY and not h.folded[h.aggressor]:
        first = order.index(h.aggressor)
        order = order[first:] + order[:first]
    top = {h._index[seat]: k for k, pot in enumerate(h.pots()) for seat in pot.eligible}  # the last pot wins
    free, stacks = h.free_show, h.stacks
    return tuple(sorted(order, key=lambda i: (-top.get(i, 0), free and stacks[i] > 0)))


def tabling(h: Hand) -> bool:
    """Hands may be shown or mucked now: at the showdown, or during an all-in run-out."""
    return h.phase is Phase.SHOWDOWN or (h.phase is Phase.BOARD and h.free_show)


def pending(h: Hand) -> tuple[int, ...]:
    """The seats still to show or muck, the proposed next first; empty when no hand can be tabled."""
    if not tabling(h):
        return ()
    return tuple(h.seats[i] for i in h.show_order if not h.shown[i] and not h.mucked[i])


def _undecided(h: Hand, seat: int, verb: str) -> int:
    if not tabling(h):
        raise PhaseError(f"seat {seat} cannot {verb} now: {h.phase_text}", code="no_showdown")
    i = h.seat_index(seat)
    if h.folded[i]:
        raise ShowdownError(f"seat {seat} folded and has no hand to {verb}", code="folded")
    if h.shown[i] or h.mucked[i]:
        raise ShowdownError(f"seat {seat} has already {'shown' if h.shown[i] else 'mucked'}", code="already_done")
    return i


def _checked_cards(h: Hand, i: int, event: Show) -> tuple[int, ...]:
    """The cards shown, refused unless they are a whole hand of known cards agreeing with what the seat holds."""
    seat, cards = event.seat, tuple(event.cards)
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
    return cards


def _table(h: Hand, i: int, cards: tuple[int, ...]) -> None:
    h.known = add_known(h.known, [c for c in cards if c not in h.holes[i]])
    h.holes = _replace(h.holes, i, cards)
    h.shown = _replace(h.shown, i, True)


def apply_show(h: Hand, event: Show) -> None:
    i = _undecided(h, event.seat, "show")
    cards = _checked_cards(h, i, event)
    _table(h, i, cards)
    if h.phase is Phase.SHOWDOWN:
        h.values = _replace(h.values, i, evaluate(cards + h.board))
    _advance(h)


def show_after_win(h: Hand, event: Show) -> None:
    """A hand won by folds, shown by its winner afterwards: recorded in the notes, no chip moves (case 58)."""
    seat = event.seat
    i = h.seat_index(seat)
    if h.folded[i]:
        raise ShowdownError(f"seat {seat} folded and has no hand to show", code="folded")
    if h.shown[i]:
        raise ShowdownError(f"seat {seat} has already shown", code="already_done")
    cards = _checked_cards(h, i, event)
    _table(h, i, cards)
    h.notes += (f"seat {seat} showed {cards_str(cards)} after winning uncontested",)


def _replace[T](values: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    return (*values[:i], value, *values[i + 1 :])


def apply_muck(h: Hand, event: Muck) -> None:
    i = _undecided(h, event.seat, "muck")
    refusal = _muck_refusal(h, i)
    if refusal is not None:
        raise refusal
    h.mucked = _replace(h.mucked, i, True)
    _advance(h)


def may_muck(h: Hand, seat: int) -> bool:
    """Whether ``Muck(seat)`` would be accepted now."""
    i = h._index.get(seat)
    if i is None or not tabling(h) or h.folded[i] or h.shown[i] or h.mucked[i]:
        return False
    return _muck_refusal(h, i) is None


def _muck_refusal(h: Hand, i: int) -> ShowdownError | None:
    """Why player ``i``, still to decide, may not muck now; None when they may."""
    seat, mucked, index = h.seats[i], h.mucked, h._index
    pots = [pot for pot in h.pots() if seat in pot.eligible]
    for pot in pots:
        if all(s == seat or mucked[index[s]] for s in pot.eligible):
            return ShowdownError(
                f"seat {seat} cannot muck: nobody else can claim the pot of {pot.amount}", code="last_claimant"
            )
    if h.free_show or i == h.to_act or _beaten(h, i, pots):
        return None
    return ShowdownError(
        f"seat {seat} cannot muck out of turn before a shown hand beats it: seat {h.seats[h.to_act]} "
        "is to show first (R17, case 58)",
        code="not_beaten",
        seat=seat,
    )


def _beaten(h: Hand, i: int, pots: list[Pot]) -> bool:
    """At the showdown: in every pot player ``i`` could win, a hand already shown beats theirs."""
    hole = h.holes[i]
    mine = NEVER_SEEN if UNKNOWN in hole else evaluate(hole + h.board)
    index, shown, values = h._index, h.shown, h.values
    return all(any(shown[index[s]] and values[index[s]] > mine for s in pot.eligible) for pot in pots)


def _advance(h: Hand) -> None:
    unmucked = [i for i in h.show_order if not h.mucked[i]]
    if len(unmucked) == 1:
        award(h)  # the last claimant wins without showing, the board complete or not
        return
    if h.phase is not Phase.SHOWDOWN:
        return  # an all-in run-out: the pots wait for the board (``begin``)
    undecided = [i for i in unmucked if not h.shown[i]]
    if not undecided:
        award(h)
    elif not h.free_show:  # after an all-in every hand is asked for at once: nobody in particular is next
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
    # Each tied bank goes on untouched, winnable by the players who tied for it (case 59).
    banks = tuple(Pot(p.amount, p.winners) for p in results if p.carried)
    replay = ReplayDue(h.tied_seats, sum(p.amount for p in banks), banks) if banks else None
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
    h.dead_money = h.card_fees = (0,) * len(h.seats)
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
