"""Club Poker's own steps: the draw and the end of a tie (club-poker.md).

The draw goes round once, from the dealer's left, over every player still
in: stand pat (no cards) or hand back 1 to 3 of one's own cards and pay one
ante per card bought into the bank. Card fees are dead money (case 57):
they count toward no bet and no side-pot layer, and go into the highest
pot the payer shares with another player still in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine import showdown
from games.engine.betting import pay_dead
from games.engine.cards import UNKNOWN, add_known, card_str, cards_str, check_distinct
from games.engine.errors import DrawError, PhaseError, ShowdownError, TurnError
from games.engine.events import AgreeSplit, Draw, Replay
from games.engine.results import Phase
from games.engine.setup import Game

if TYPE_CHECKING:
    from games.engine.state import Hand

MAX_DRAW = 3
NOT_DRAWN = -1


def begin_draw(h: Hand) -> None:
    h.phase = Phase.DRAW
    h.to_act = _next_to_draw(h, h.index_after(h.setup.button))


def _next_to_draw(h: Hand, start: int) -> int:
    n = len(h.seats)
    for k in range(n):
        i = (start + k) % n
        if not h.folded[i] and h.drew[i] == NOT_DRAWN:
            return i
    return -1


def apply_draw(h: Hand, event: Draw) -> bool:
    """Apply one player's draw; True when everybody still in has drawn."""
    seat = event.seat
    if h.setup.game is not Game.CLUB_POKER:
        raise PhaseError("Hold'em has no draw", code="no_draw")
    if h.phase is not Phase.DRAW:
        raise PhaseError(f"seat {seat} cannot draw now: {h.phase_text}", code="draw_not_due")
    i = h.seat_index(seat)
    if i != h.to_act:
        raise TurnError(f"seat {seat} is not to draw: seat {h.seats[h.to_act]} is", seat=seat)
    count = len(event.discards)
    cost = _check_draw(h, i, event)
    kept, revealed = _discard(h, i, event.discards)
    h.known = add_known(h.known, revealed + tuple(event.cards))
    h.holes = _replace(h.holes, i, kept + tuple(event.cards))
    h.dead += tuple(c for c in event.discards if c != UNKNOWN)
    pay_dead(h, i, cost, card_fee=True)
    h.drew = _replace(h.drew, i, count)
    h.to_act = _next_to_draw(h, (i + 1) % len(h.seats))
    return h.to_act == -1


def _check_draw(h: Hand, i: int, event: Draw) -> int:
    """The price of the draw, after refusing what the regulation refuses."""
    seat, count, ante = event.seat, len(event.discards), h.setup.ante
    if len(event.cards) != count:
        raise DrawError(
            f"seat {seat} hands back {count} cards but receives {len(event.cards)}: one new card for each",
            code="draw_count_mismatch",
        )
    if count > MAX_DRAW:
        raise DrawError(f"seat {seat} cannot buy {count} cards: at most {MAX_DRAW}", code="too_many_cards")
    cost = count * ante
    if cost > h.stacks[i]:
        raise DrawError(
            f"seat {seat} cannot pay for {count} cards: they cost {cost} ({count} x the ante of {ante}) "
            f"and the stack is {h.stacks[i]}",
            code="cannot_pay_draw",
        )
    return cost


def _replace[T](values: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    return (*values[:i], value, *values[i + 1 :])


def _discard(h: Hand, i: int, discards: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards kept, and the discards the dealer sees only now (each takes the place of an unknown card)."""
    seat = h.seats[i]
    check_distinct(discards, where=f"the cards seat {seat} hands back")
    held = list(h.holes[i])
    revealed: list[int] = []
    for card in discards:
        if card in held:
            held.remove(card)
        elif UNKNOWN in held:
            held.remove(UNKNOWN)
            revealed.append(card)
        else:
            raise DrawError(
                f"seat {seat} does not hold {card_str(card)}: its cards are {cards_str(h.holes[i])}",
                code="card_not_held",
            )
    return tuple(held), tuple(revealed)


def resolve_tie(h: Hand, event: AgreeSplit | Replay) -> None:
    """A tie ends in an agreed split or a replay hand for the tied players, as the table allows."""
    if h.phase is not Phase.TIE:
        raise PhaseError(f"there is no tie to resolve: {h.phase_text}", code="no_tie")
    mode = "split" if isinstance(event, AgreeSplit) else "replay"
    allowed = h.setup.options.club_tie_modes
    if mode not in allowed:
        raise ShowdownError(
            f"this table does not allow a tie to end in a {mode} (allowed: {', '.join(sorted(allowed))})",
            code="tie_mode_not_allowed",
        )
    # A replay carries every tied bank with its own tied players, so a tie
    # can always be finished, whoever shares it (case 59).
    showdown.finalize(h, tie=mode)
