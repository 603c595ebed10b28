"""The engine's one error family.

Every refusal carries a stable ``code`` (for APIs and tests) and a message that
names the rule and the numbers, e.g. ``seat 4 cannot check: facing a bet of 200``.
"""

from __future__ import annotations

from typing import Any


class EngineError(Exception):
    """An event or a setup the rules refuse."""

    code: str = "illegal"

    def __init__(self, message: str, *, code: str | None = None, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.details: dict[str, Any] = details

    def __str__(self) -> str:
        return self.message


class CardError(EngineError):
    """A malformed card, or a card that appears twice in one hand."""

    code = "bad_card"


class SetupError(EngineError):
    """A table setup the rules refuse (seat limits, stakes, policies)."""

    code = "bad_setup"


class ActionError(EngineError):
    """An event that is not legal in the current state of the hand."""

    code = "illegal_action"


class TurnError(ActionError):
    """An event for a seat whose turn it is not (R19: out of turn is refused)."""

    code = "out_of_turn"


class PhaseError(ActionError):
    """An event the hand is not at (a board before the round is over, a draw in Hold'em...)."""

    code = "wrong_phase"


class AmountError(ActionError):
    """A bet, raise or call the betting rules refuse (minimum, maximum, stack, chip unit)."""

    code = "bad_amount"


class DrawError(ActionError):
    """A Club Poker draw the regulation refuses (more than 3 cards, unpaid, cards not held)."""

    code = "bad_draw"


class ShowdownError(ActionError):
    """A show, muck, split or replay the showdown rules refuse."""

    code = "bad_showdown"


class MisdealError(ActionError):
    """A misdeal called after substantial action (R18)."""

    code = "misdeal_refused"


class ChipError(EngineError):
    """Chips appeared or vanished: stacks + pots + fees differ from the starting total."""

    code = "chips_not_conserved"
