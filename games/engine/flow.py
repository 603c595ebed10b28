"""The order of a hand: deal, betting rounds, boards or the draw, showdown.

Hold'em: deal, pre-flop, flop, turn, river, showdown. Club Poker (club-poker.md,
"How the software reads it"): deal 5, first round, draw, second round,
showdown. A betting round is skipped when fewer than two players still have
chips; the board is still dealt (or the draw still held). Hold'em hands all
in before the river are tabled from the moment the betting closes, during
the run-out, in any order (R17, case 58: ``showdown.begin_runout``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine import betting, club, forced, showdown
from games.engine.cards import UNKNOWN, add_known, cards_str
from games.engine.errors import CardError, PhaseError
from games.engine.events import Board, Deal
from games.engine.results import Phase
from games.engine.setup import Game

if TYPE_CHECKING:
    from games.engine.state import Hand

HOLDEM_HOLE = 2
CLUB_HOLE = 5
_BOARD_NAMES = ("flop", "turn", "river")


def hole_size(h: Hand) -> int:
    return CLUB_HOLE if h.setup.game is Game.CLUB_POKER else HOLDEM_HOLE


def deal(h: Hand, event: Deal) -> None:
    if h.phase is not Phase.DEAL:
        raise PhaseError("the hole cards were already dealt", code="already_dealt")
    size = hole_size(h)
    holes = [(UNKNOWN,) * size] * len(h.seats)
    for seat, cards in event.holes.items():
        i = h.seat_index(seat)
        if len(cards) != size:
            raise CardError(
                f"seat {seat} must be dealt {size} cards, not {len(cards)} ({cards_str(cards)})",
                code="wrong_card_count",
            )
        holes[i] = tuple(cards)
    h.known = add_known(h.known, [card for hole in holes for card in hole])
    h.holes = tuple(holes)
    if h.setup.game is Game.CLUB_POKER:
        betting.start_round(h, anchor=h.setup.button)
    else:
        forced.start_preflop(h)
    if h.to_act == betting.NOBODY:
        close_round(h)


def close_round(h: Hand) -> None:
    """After a betting round: uncalled chips back, then a win by folds, the next street or the showdown."""
    betting.return_uncalled(h)
    h.to_act = betting.NOBODY
    h.held = ()  # an out-of-turn action still held when the round ends never came to its turn
    if h.live == 1:
        showdown.finish_uncontested(h)
    elif h.setup.game is Game.CLUB_POKER:
        if h.street == 0:
            h.street = 1
            club.begin_draw(h)
        else:
            showdown.begin(h)
    elif h.street == 3:
        showdown.begin(h)
    else:
        h.phase = Phase.BOARD
        if h.able < 2:
            showdown.begin_runout(h)


def _next_round(h: Hand) -> None:
    """Open the round of the current street, or skip it when nobody can bet against anybody."""
    h.bets = [0] * len(h.seats)
    if h.able >= 2:
        betting.start_round(h, anchor=h.setup.button)
        if h.to_act == betting.NOBODY:
            close_round(h)
        return
    h.free_show = True
    final = 3 if h.setup.game is Game.HOLDEM else 2
    if h.street == final:
        showdown.begin(h)
    else:
        h.phase = Phase.BOARD


def board(h: Hand, event: Board) -> None:
    if h.setup.game is Game.CLUB_POKER:
        raise PhaseError("Club Poker has no board", code="no_board")
    if h.phase is not Phase.BOARD:
        raise PhaseError(f"no board card can be dealt now: {h.phase_text}", code="board_not_due")
    due = h.board_due
    name = _BOARD_NAMES[h.street]
    if len(event.cards) != due:
        raise CardError(
            f"the {name} is {due} card{'s' if due > 1 else ''}, not {len(event.cards)}", code="wrong_card_count"
        )
    if UNKNOWN in event.cards:
        raise CardError(f"the {name} is dealt face up: every card must be known, not ??", code="unknown_board")
    burn = () if event.burn is None else (event.burn,)
    h.known = add_known(h.known, event.cards + burn)
    h.board += event.cards
    h.dead += burn
    h.street += 1
    _next_round(h)


def after_draw(h: Hand) -> None:
    h.street = 2
    _next_round(h)
