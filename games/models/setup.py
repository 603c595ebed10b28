"""The engine's ``TableSetup`` as stored JSON, and built from a table of the floor.

The JSON form keeps every field of the dataclass, so a hand replays years
later exactly as it was dealt, whatever the table or its fee policy has
become since.
"""

from __future__ import annotations

from dataclasses import fields
from decimal import Decimal
from typing import Any

from games.engine import ExtraPost, Game, HouseOptions, Pot, Structure, TableSetup
from rake.engine.policies import PercentageFee
from tables.models import Game as FloorGame
from tables.models import GameKind
from tables.models import Structure as FloorStructure

# The floor's "pot or no limit" (Club Poker tables that allow either) is
# recorded under no limit, the wider of the two: the engine validates a pot-limit
# bet there too, and nothing legal at the table is refused.
STRUCTURES: dict[str, Structure] = {
    FloorStructure.NO_LIMIT: Structure.NO_LIMIT,
    FloorStructure.POT_LIMIT: Structure.POT_LIMIT,
    FloorStructure.FIXED_LIMIT: Structure.FIXED_LIMIT,
    FloorStructure.POT_OR_NO_LIMIT: Structure.NO_LIMIT,
}


def engine_game(game: FloorGame) -> Game:
    return Game.CLUB_POKER if game.kind == GameKind.CLUB_POKER else Game.HOLDEM


def fee_to_dict(fee: PercentageFee | None) -> dict[str, Any] | None:
    if fee is None:
        return None
    return {
        "rate": str(fee.rate),
        "cap_per_hand": fee.cap_per_hand,
        "caps_by_players": [list(pair) for pair in fee.caps_by_players],
        "min_pot": fee.min_pot,
        "no_flop_no_drop": fee.no_flop_no_drop,
        "allocation": fee.allocation,
    }


def fee_from_dict(data: dict[str, Any] | None) -> PercentageFee | None:
    if data is None:
        return None
    return PercentageFee(
        rate=Decimal(data["rate"]),
        cap_per_hand=data.get("cap_per_hand"),
        caps_by_players=tuple((int(n), int(cap)) for n, cap in data.get("caps_by_players", [])),
        min_pot=int(data.get("min_pot", 0)),
        no_flop_no_drop=bool(data.get("no_flop_no_drop", True)),
        allocation="proportional" if data.get("allocation") == "proportional" else "main_first",
    )


def _options_to_dict(options: HouseOptions) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for f in fields(HouseOptions):
        value = getattr(options, f.name)
        data[f.name] = sorted(value) if isinstance(value, frozenset) else value
    return data


def _options_from_dict(data: dict[str, Any]) -> HouseOptions:
    known = {f.name for f in fields(HouseOptions)}
    values = {k: v for k, v in data.items() if k in known}
    if "club_tie_modes" in values:
        values["club_tie_modes"] = frozenset(values["club_tie_modes"])
    return HouseOptions(**values)


def setup_to_dict(setup: TableSetup) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for f in fields(TableSetup):
        data[f.name] = getattr(setup, f.name)
    data["game"] = str(setup.game)
    data["structure"] = str(setup.structure)
    data["stacks"] = {str(seat): chips for seat, chips in sorted(setup.stacks.items())}
    data["fee"] = fee_to_dict(setup.fee)
    data["options"] = _options_to_dict(setup.options)
    data["sitting_out"] = sorted(setup.sitting_out)
    data["posts"] = [[p.seat, p.live, p.dead] for p in setup.posts]
    data["carried_banks"] = [[bank.amount, list(bank.eligible)] for bank in setup.carried_banks]
    return data


def _banks_from_dict(data: dict[str, Any], stacks: dict[int, int], sitting_out: frozenset[int]) -> tuple[Pot, ...]:
    if "carried_banks" in data:
        return tuple(Pot(int(amount), tuple(int(s) for s in seats)) for amount, seats in data["carried_banks"])
    # Replays stored before banks were kept apart carried one bank that every player dealt in could win.
    carried = int(data.get("carried") or 0)
    return (Pot(carried, tuple(sorted(s for s in stacks if s not in sitting_out))),) if carried else ()


def setup_from_dict(data: dict[str, Any]) -> TableSetup:
    values = dict(data)
    values["game"] = Game(data["game"])
    values["structure"] = Structure(data["structure"])
    values["stacks"] = {int(seat): int(chips) for seat, chips in data["stacks"].items()}
    values["fee"] = fee_from_dict(data.get("fee"))
    values["options"] = _options_from_dict(data.get("options", {}))
    values["sitting_out"] = frozenset(data.get("sitting_out", []))
    values["posts"] = tuple(ExtraPost(int(s), int(live), int(dead)) for s, live, dead in data.get("posts", []))
    values["carried_banks"] = _banks_from_dict(data, values["stacks"], values["sitting_out"])
    known = {f.name for f in fields(TableSetup)}
    return TableSetup(**{k: v for k, v in values.items() if k in known})
