"""The poker engine: the rules of Club Poker and Texas Hold'em, in plain Python.

A hand is ``Hand.start(TableSetup(...))`` moved by events with ``hand.apply``;
every refusal is an ``EngineError`` subclass with a stable ``code``. Nothing
here imports Django (an import-linter contract keeps it so).

Each name below is loaded from its module on first use (a module
``__getattr__``), so a tool that needs a part of the engine does not import
all of it: ``python -m games.engine replay`` on plain hands loads neither the
state machine nor the fee policies.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.engine.betting import EffectiveAction, LegalActions
    from games.engine.button import (
        MissedBlinds,
        Positions,
        ReturningPosts,
        next_positions,
        positions_for,
        returning_posts,
        update_missed,
        with_positions,
    )
    from games.engine.errors import (
        ActionError,
        AmountError,
        CardError,
        ChipError,
        DrawError,
        EngineError,
        MisdealError,
        PhaseError,
        SetupError,
        ShowdownError,
        TurnError,
    )
    from games.engine.events import (
        Action,
        ActionKind,
        AgreeSplit,
        Board,
        Deal,
        Draw,
        Event,
        Misdeal,
        Muck,
        Replay,
        Show,
        Undo,
        event_from_dict,
    )
    from games.engine.pots import Pot, build_pots, split_pot
    from games.engine.results import Flag, HandResult, Phase, PotResult, ReplayDue
    from games.engine.setup import ExtraPost, Game, HouseOptions, Structure, TableSetup
    from games.engine.state import Hand, replay, start_replay

# Where each public name lives.
_MODULES = {
    "EffectiveAction": "games.engine.betting",
    "LegalActions": "games.engine.betting",
    "MissedBlinds": "games.engine.button",
    "Positions": "games.engine.button",
    "ReturningPosts": "games.engine.button",
    "next_positions": "games.engine.button",
    "positions_for": "games.engine.button",
    "returning_posts": "games.engine.button",
    "update_missed": "games.engine.button",
    "with_positions": "games.engine.button",
    "ActionError": "games.engine.errors",
    "AmountError": "games.engine.errors",
    "CardError": "games.engine.errors",
    "ChipError": "games.engine.errors",
    "DrawError": "games.engine.errors",
    "EngineError": "games.engine.errors",
    "MisdealError": "games.engine.errors",
    "PhaseError": "games.engine.errors",
    "SetupError": "games.engine.errors",
    "ShowdownError": "games.engine.errors",
    "TurnError": "games.engine.errors",
    "Action": "games.engine.events",
    "ActionKind": "games.engine.events",
    "AgreeSplit": "games.engine.events",
    "Board": "games.engine.events",
    "Deal": "games.engine.events",
    "Draw": "games.engine.events",
    "Event": "games.engine.events",
    "Misdeal": "games.engine.events",
    "Muck": "games.engine.events",
    "Replay": "games.engine.events",
    "Show": "games.engine.events",
    "Undo": "games.engine.events",
    "event_from_dict": "games.engine.events",
    "Pot": "games.engine.pots",
    "build_pots": "games.engine.pots",
    "split_pot": "games.engine.pots",
    "Flag": "games.engine.results",
    "HandResult": "games.engine.results",
    "Phase": "games.engine.results",
    "PotResult": "games.engine.results",
    "ReplayDue": "games.engine.results",
    "ExtraPost": "games.engine.setup",
    "Game": "games.engine.setup",
    "HouseOptions": "games.engine.setup",
    "Structure": "games.engine.setup",
    "TableSetup": "games.engine.setup",
    "Hand": "games.engine.state",
    "replay": "games.engine.state",
    "start_replay": "games.engine.state",
}

__all__ = [
    "Action",
    "ActionError",
    "ActionKind",
    "AgreeSplit",
    "AmountError",
    "Board",
    "CardError",
    "ChipError",
    "Deal",
    "Draw",
    "DrawError",
    "EffectiveAction",
    "EngineError",
    "Event",
    "ExtraPost",
    "Flag",
    "Game",
    "Hand",
    "HandResult",
    "HouseOptions",
    "LegalActions",
    "Misdeal",
    "MisdealError",
    "MissedBlinds",
    "Muck",
    "Phase",
    "PhaseError",
    "Positions",
    "Pot",
    "PotResult",
    "Replay",
    "ReplayDue",
    "ReturningPosts",
    "SetupError",
    "Show",
    "ShowdownError",
    "Structure",
    "TableSetup",
    "TurnError",
    "Undo",
    "build_pots",
    "event_from_dict",
    "next_positions",
    "positions_for",
    "replay",
    "returning_posts",
    "split_pot",
    "start_replay",
    "update_missed",
    "with_positions",
]


def __getattr__(name: str) -> object:
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value  # once loaded, a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
