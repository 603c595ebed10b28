"""The poker engine: the rules of Club Poker and Texas Hold'em, in plain Python.

A hand is ``Hand.start(TableSetup(...))`` moved by events with ``hand.apply``;
every refusal is an ``EngineError`` subclass with a stable ``code``. Nothing
here imports Django (an import-linter contract keeps it so).
"""

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
    "Pot",
    "PotResult",
    "Positions",
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
