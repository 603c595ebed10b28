"""PHH, the Poker Hand History standard (uoftcprg/phh-std), in and out of the engine.

Export: every Hold'em hand, and Club Poker hands as a five-card draw, with
what PHH has no field for in ``_``-prefixed user fields (the spec's rule for
extensions): seats and button, fee policy and fees, house options, misdeal,
card fees and the tie outcome. Import (``games.engine.phh_import``): ``.phh``
and ``.phhs`` files of Hold'em hands replayed through the engine. Reading
the TOML and the amounts is ``games.engine.phh_text``, re-exported here.

Variant codes. PHH 1.x and pokerkit 0.7.7 define ``NT`` (no-limit) and
``FT`` (fixed-limit) Texas hold'em; ``PO`` is pot-limit *Omaha* and there is
no pot-limit Texas hold'em and no five-card draw high. The spec adds codes
"on a need-by-need basis", so the house uses ``PT`` (pot-limit Texas
hold'em) and ``N5CD``/``P5CD``/``F5CD`` (Club Poker: five-card draw, one
draw, high hand) in the spec's naming pattern; pokerkit reads ``PT`` once a
game type is registered for it (the tests show how).

Player order is PHH's: p1 is the first seat clockwise from the button, the
button (when dealt in) is last. Heads-up, the file's blinds and antes are
written in that order and reversed by the reader, as the spec says.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields
from decimal import Decimal
from typing import Any

from games.engine.betting import EffectiveAction
from games.engine.cards import UNKNOWN, cards_str
from games.engine.events import (
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
)
from games.engine.phh_text import PhhError as PhhError
from games.engine.phh_text import decimal_places as decimal_places
from games.engine.phh_text import loads_hand as loads_hand
from games.engine.phh_text import loads_simple_hand as loads_simple_hand
from games.engine.phh_text import to_units as to_units
from games.engine.pots import clockwise_from
from games.engine.setup import Game, HouseOptions, Structure, TableSetup
from games.engine.state import Hand

HOLDEM_VARIANTS: dict[Structure, str] = {
    Structure.NO_LIMIT: "NT",
    Structure.POT_LIMIT: "PT",
    Structure.FIXED_LIMIT: "FT",
}
CLUB_VARIANTS: dict[Structure, str] = {
    Structure.NO_LIMIT: "N5CD",
    Structure.POT_LIMIT: "P5CD",
    Structure.FIXED_LIMIT: "F5CD",
}
STRUCTURE_OF_VARIANT: dict[str, Structure] = {code: s for s, code in HOLDEM_VARIANTS.items()}


# -- amounts ----------------------------------------------------------------


def from_units(units: int, exponent: int) -> int | Decimal:
    """Minor units as a PHH amount: ``1250`` with exponent 2 is ``Decimal("12.50")``."""
    return units if exponent == 0 else Decimal(units).scaleb(-exponent)


# -- TOML writing -------------------------------------------------------------


def _toml(value: Any) -> str:
    """A TOML value; only the types an export produces."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        text = f"{value:f}"
        return text if "." in text else text + ".0"  # a TOML float needs a point
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # JSON string escapes are valid TOML basic strings
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + "}"
    if isinstance(value, Iterable):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {value!r}")


def dumps(data: Mapping[str, Any]) -> str:
    """One hand's fields as PHH text, standard fields first."""
    return "".join(f"{key} = {_toml(value)}\n" for key, value in data.items() if value is not None)


# -- export -------------------------------------------------------------------


def effective_events(log: Iterable[Event]) -> list[Event]:
    """The events that make the state: each ``Undo`` cancels the latest one not already undone."""
    kept: list[Event] = []
    for event in log:
        if isinstance(event, Undo):
            if kept:
                kept.pop()
        else:
            kept.append(event)
    return kept


def player_order(setup: TableSetup) -> list[int]:
    """Seats dealt in, in PHH order: from the button's left, the button last."""
    return clockwise_from(setup.players, setup.button)


def _forced_bets(hand: Hand, order: list[int]) -> tuple[list[int], list[int]]:
    """The ``antes`` and ``blinds_or_straddles`` arrays as PHH writes them."""
    setup, n = hand.setup, len(order)
    antes = [setup.ante] * n if setup.ante and not setup.bb_ante else [0] * n
    blinds = [0] * n
    if setup.game is Game.HOLDEM:
        blinds[0] = setup.small_blind if hand.small_blind_index >= 0 else 0
        blinds[1] = setup.big_blind
        if setup.straddle:
            blinds[2] = setup.straddle
        if setup.bb_ante and setup.ante:
            antes[1] = setup.ante  # the big blind's place, heads-up included (reversed by the reader)
    return antes, blinds


def _house_fields(setup: TableSetup, exponent: int) -> dict[str, Any]:
    """Engine settings PHH has no field for; amounts in the file's unit like every other amount."""
    options: dict[str, Any] = {}
    for f in fields(HouseOptions):
        value = getattr(setup.options, f.name)
        options[f.name] = sorted(value) if isinstance(value, frozenset) else value
    data: dict[str, Any] = {
        "_game": str(setup.game),
        "_button": setup.button,
        "_chip_unit": from_units(setup.chip_unit, exponent),
    }
    data["_house"] = options
    if setup.big_blind_seat is not None:
        data["_big_blind_seat"] = setup.big_blind_seat
        data["_small_blind_seat"] = setup.small_blind_seat
        data["_small_blind"] = from_units(setup.small_blind, exponent)
    if setup.posts:
        data["_posts"] = [[p.seat, from_units(p.live, exponent), from_units(p.dead, exponent)] for p in setup.posts]
    fee = setup.fee
    if fee is not None:
        data["_fee_rate"] = str(fee.rate)
        data["_fee_cap"] = None if fee.cap_per_hand is None else from_units(fee.cap_per_hand, exponent)
        data["_fee_caps_by_players"] = [[n, from_units(cap, exponent)] for n, cap in fee.caps_by_players] or None
        data["_fee_min_pot"] = from_units(fee.min_pot, exponent)
        data["_fee_no_flop_no_drop"] = fee.no_flop_no_drop
        data["_fee_allocation"] = fee.allocation
    return data


def _action_lines(hand: Hand, events: list[Event], label: Mapping[int, str], exponent: int) -> list[str]:
    """PHH actions in the order the engine took them, amounts after corrections (``Hand.effective_actions``).

    An under-raise corrected to a call is ``cc``; an out-of-turn action held
    as binding is written at its seat's turn, where it took effect.
    """
    lines: list[str] = []
    state = Hand.start(hand.setup)
    for event in events:
        before = state
        state = state.apply(event)
        if isinstance(event, Deal):
            for seat in label:
                lines.append(f"d dh {label[seat]} {_cards(state.hole_cards(seat))}")
        elif isinstance(event, Board):
            lines.append(f"d db {cards_str(event.cards)}")
        elif isinstance(event, Draw):
            lines.append(f"{label[event.seat]} sd {_cards(event.discards)}".rstrip())
            if event.cards:
                lines.append(f"d dh {label[event.seat]} {_cards(event.cards)}")
        elif isinstance(event, Show):
            lines.append(f"{label[event.seat]} sm {cards_str(event.cards)}")
        elif isinstance(event, Muck):
            lines.append(f"{label[event.seat]} sm")
        for taken in state.effective_actions_from(before.effective_count):
            lines.append(_action_line(taken, label[taken.seat], exponent))
    return lines


def _action_line(taken: EffectiveAction, who: str, exponent: int) -> str:
    if taken.kind is ActionKind.FOLD:
        return f"{who} f"
    if taken.kind in (ActionKind.BET, ActionKind.RAISE):
        return f"{who} cbr {from_units(taken.to, exponent)}"
    return f"{who} cc"


def _cards(cards: Sequence[int]) -> str:
    return "".join("??" if c == UNKNOWN else cards_str((c,)) for c in cards)


def export_fields(
    hand: Hand,
    *,
    exponent: int = 0,
    table: str | int | None = None,
    number: str | int | None = None,
    players: Sequence[str] | None = None,
    replay_of: str | int | None = None,
) -> dict[str, Any]:
    """The PHH fields of a hand (finished or not), amounts divided by ``10**exponent``."""
    setup = hand.setup
    order = player_order(setup)
    label = {seat: f"p{k + 1}" for k, seat in enumerate(order)}
    events = effective_events(hand.log)

    def amount(units: int) -> int | Decimal:
        return from_units(units, exponent)

    antes, blinds = _forced_bets(hand, order)
    club = setup.game is Game.CLUB_POKER
    variant = (CLUB_VARIANTS if club else HOLDEM_VARIANTS)[setup.structure]
    data: dict[str, Any] = {"variant": variant}
    # A big-blind ante is dead money whatever the option (case 57); pokerkit reads false the same way.
    data["ante_trimming_status"] = setup.options.ante_trimming and not setup.bb_ante
    data["antes"] = [amount(a) for a in antes]
    data["blinds_or_straddles"] = [amount(b) for b in blinds]
    if setup.structure is Structure.FIXED_LIMIT:
        small, big = setup.limit_bets
        data["small_bet"], data["big_bet"] = amount(small), amount(big)
    else:
        data["min_bet"] = amount(setup.bring_in)
    data["starting_stacks"] = [amount(setup.stacks[s]) for s in order]
    data["actions"] = _action_lines(hand, events, label, exponent)
    data["hand"], data["table"] = number, table
    data["seats"], data["seat_count"] = order, setup.seat_count
    data["players"] = list(players) if players is not None else None
    result = hand.result
    if result is not None:
        data["finishing_stacks"] = [amount(result.final_stacks[s]) for s in order]
        won = result.winnings()
        data["winnings"] = [amount(won.get(s, 0)) for s in order]
    data.update(_house_fields(setup, exponent))
    if result is not None:
        data["_pots"] = [amount(p.amount) for p in result.pots]
        data["_fees"] = [amount(p.fee) for p in result.pots]
        data["_misdeal"] = result.misdeal or None
        data["_tie"] = result.tie
    if club:
        data["_card_fee"] = amount(setup.ante)
        data["_cards_bought"] = [_bought(events, s) for s in order]
        data["_carried"] = amount(setup.carried) if setup.carried else None
        data["_replay_of"] = replay_of
        data["_tie_event"] = next((e.type for e in events if isinstance(e, AgreeSplit | Replay)), None)
    misdeal = next((e for e in events if isinstance(e, Misdeal)), None)
    if misdeal is not None and misdeal.reason:
        data["_misdeal_reason"] = misdeal.reason
    return data


def _bought(events: list[Event], seat: int) -> int:
    return sum(len(e.discards) for e in events if isinstance(e, Draw) and e.seat == seat)


def export_hand(hand: Hand, **options: Any) -> str:
    """One hand as the text of a ``.phh`` file (see ``export_fields`` for the options)."""
    return dumps(export_fields(hand, **options))


def export_hands(hands: Iterable[Hand], *, exponent: int = 0, table: str | int | None = None) -> str:
    """Several hands as the text of a ``.phhs`` file: one ``[n]`` table per hand, numbered from 1."""
    parts = []
    for k, hand in enumerate(hands, start=1):
        parts.append(f"[{k}]\n" + export_hand(hand, exponent=exponent, table=table, number=k))
    return "\n".join(parts)
