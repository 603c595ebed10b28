"""Applying an entered action: whose turn it is, and actions out of turn (R19, case 24).

An action for a seat that is not to act is refused, unless staff record it
as the floor rules it, binding out of turn (``Action.out_of_turn``). It is
then checked against the bet the seat faces now and held; when the seat's
turn comes it is taken if the bet is unchanged (the players in between only
checked, called or folded) and lapses otherwise, leaving the seat to act
again. A held action can bring the next one to its turn, so one event may
take several actions, each recorded in ``Hand.effective_actions`` where it
took effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from games.engine.betting import NOBODY, needs_action, next_to_act, take
from games.engine.errors import ActionError, EngineError, PhaseError, TurnError
from games.engine.events import Action, ActionKind
from games.engine.results import Phase

if TYPE_CHECKING:
    from games.engine.state import Hand


class HeldAction(NamedTuple):
    """An out-of-turn action held as binding until its seat's turn, if the bet is then still ``level``."""

    seat_index: int
    level: int
    action: Action


def apply_action(h: Hand, action: Action) -> bool:
    """Apply one action (and any out-of-turn action it brings to its turn); True when the round is over."""
    if h.phase is not Phase.BETTING:
        raise PhaseError(f"seat {action.seat} cannot {action.kind}: no betting round is open ({h.phase_text})")
    i = h.seat_index(action.seat)
    if i != h.to_act:
        if not action.out_of_turn:
            raise TurnError(f"seat {action.seat} is not to act: seat {h.seats[h.to_act]} is", seat=action.seat)
        _hold(h, i, action)
        return False
    take(h, i, action, out_of_turn=False)
    while True:
        if h.live == 1:
            return True
        h.to_act = i = next_to_act(h, (i + 1) % len(h.seats))
        if i == NOBODY or not h.held:
            return i == NOBODY
        held = next((held for held in h.held if held.seat_index == i), None)
        if held is None or not _binding(h, held):
            return False


def _hold(h: Hand, i: int, action: Action) -> None:
    """R19: keep an out-of-turn action, checked now against the bet the seat faces, for the seat's turn."""
    seat = h.seats[i]
    if not needs_action(h, i):
        raise TurnError(
            f"seat {seat} has no action due this round: its out-of-turn {action.kind} is refused", seat=seat
        )
    if any(held.seat_index == i for held in h.held):
        raise ActionError(
            f"seat {seat} already has an out-of-turn action waiting for its turn (undo it to change it)",
            code="out_of_turn_held",
            seat=seat,
        )
    trial = h._copy()
    trial.to_act = i
    take(trial, i, action, out_of_turn=True)  # refused here if the action is not legal facing this bet
    h.held += (HeldAction(i, h.current_bet, action),)
    h.notes += (f"seat {seat}: out-of-turn {_words(action)} recorded as binding (R19)",)


def _binding(h: Hand, held: HeldAction) -> bool:
    """At the seat's turn: apply its held action if the bet is unchanged (True), else let it lapse."""
    h.held = tuple(other for other in h.held if other is not held)
    seat, words = h.seats[held.seat_index], _words(held.action)
    if h.current_bet != held.level:
        h.notes += (
            f"seat {seat}: out-of-turn {words} is not binding: the bet changed from {held.level} "
            f"to {h.current_bet}, so seat {seat} acts again (R19)",
        )
        return False
    try:
        take(h, held.seat_index, held.action, out_of_turn=True)
    except EngineError as refused:  # cannot happen with an unchanged bet; the seat then acts itself
        h.notes += (f"seat {seat}: out-of-turn {words} lapses: {refused} (R19)",)
        return False
    return True


def _words(action: Action) -> str:
    amount = f" {action.amount}" if action.kind in (ActionKind.BET, ActionKind.RAISE) else ""
    return f"{action.kind}{amount}"
