"""The hand API's amounts leave in major units, as every amount of the API does (``config.api.MoneyField``).

The state, a hand's result and its stored events are plain data built by the
services and the engine in integer minor units; on the recording path they are
answered without a serializer (running the nested ``HandStateOutput`` cost more
than the engine and the database together), so their amounts are turned into
decimal strings here, field by field as ``games.apis.serializers`` documents them.
"""

from __future__ import annotations

from typing import Any

from config.api import money_out


def _each(rows: list[dict[str, Any]], *keys: str) -> list[dict[str, Any]]:
    return [{**row, **{key: money_out(row[key]) for key in keys}} for row in rows]


def legal_out(legal: dict[str, Any] | None) -> dict[str, Any] | None:
    if legal is None:
        return None
    presets = legal["presets"]
    return {
        **legal,
        "call_amount": money_out(legal["call_amount"]),
        "min_to": money_out(legal["min_to"]),
        "max_to": money_out(legal["max_to"]),
        "all_in_to": money_out(legal["all_in_to"]),
        "presets": None if presets is None else {name: money_out(value) for name, value in presets.items()},
    }


def result_out(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """``HandResult.to_dict()`` (as the engine returns it, or as stored in ``HandResult.data``)."""
    if not result:
        return None
    replay = result.get("replay")
    return {
        **result,
        "pots": [
            {
                **pot,
                "amount": money_out(pot["amount"]),
                "shares": [money_out(c) for c in pot["shares"]],
                "fee": money_out(pot["fee"]),
            }
            for pot in result["pots"]
        ],
        "final_stacks": {seat: money_out(chips) for seat, chips in result["final_stacks"].items()},
        "fees": money_out(result["fees"]),
        "returned": [[seat, money_out(chips)] for seat, chips in result["returned"]],
        "replay": None
        if replay is None
        else {**replay, "carried": money_out(replay["carried"]), "banks": _each(replay["banks"], "amount")},
        "carried_out": money_out(result.get("carried_out", 0)),
    }


def event_out(data: dict[str, Any]) -> dict[str, Any]:
    """A stored engine event: an action's amount (the bet or raise *to*) in major units."""
    if "amount" not in data:
        return data
    return {**data, "amount": money_out(data["amount"])}


def state_out(state: dict[str, Any]) -> dict[str, Any]:
    """``games.services.state.state_payload`` as ``HandStateOutput`` answers it."""
    return {
        **state,
        "card_price": money_out(state["card_price"]),
        "seats": _each(state["seats"], "start_stack", "stack", "bet", "committed"),
        "sitting_out": _each(state["sitting_out"], "stack"),
        "pots": _each(state["pots"], "amount"),
        "pot_total": money_out(state["pot_total"]),
        "legal": legal_out(state["legal"]),
        "result": result_out(state["result"]),
    }
