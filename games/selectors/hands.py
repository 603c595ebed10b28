"""Reads of the hand record: the log with its filters, one hand told street by street, the live summary."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Exists, OuterRef, Prefetch, QuerySet
from django.utils.translation import gettext as _

from config.errors import NotFound
from games.engine import Board, Event, Hand, Undo, event_from_dict
from games.engine.cards import cards_str
from games.models import Hand as HandRow
from games.models import HandEvent, HandSeat, HandStatus, HandStatusChange, PhhExport, PotAward
from games.models.setup import setup_from_dict
from games.selectors.access import readable_table_ids
from rooms.models import Room
from rooms.selectors import room_ids_of


@dataclass(frozen=True)
class HandFilters:
    table_id: int | None = None
    gaming_day: date | None = None
    gaming_day_from: date | None = None
    gaming_day_to: date | None = None
    dealer_id: int | None = None
    player_id: int | None = None
    game_id: int | None = None
    min_pot: int | None = None
    max_pot: int | None = None
    status: str | None = None
    in_force: bool = False

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            if value is None or value is False:
                continue
            data[name] = value.isoformat() if isinstance(value, date) else value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandFilters:
        values = dict(data)
        for key in ("gaming_day", "gaming_day_from", "gaming_day_to"):
            if isinstance(values.get(key), str):
                values[key] = date.fromisoformat(values[key])
        return cls(**{k: v for k, v in values.items() if k in cls.__dataclass_fields__})


def hands_list(*, user: AbstractBaseUser | AnonymousUser, filters: HandFilters | None = None) -> QuerySet[HandRow]:
    """Hands a user may read, newest first, with what a list row shows (a fixed number of queries)."""
    f = filters or HandFilters()
    # The hands of the rooms the user works in: another room's are that room's staff's to read.
    rows = HandRow.objects.select_related("table__room", "game", "dealer").filter(table__room_id__in=room_ids_of(user))
    visible = readable_table_ids(user)
    if visible is not None:
        rows = rows.filter(table_id__in=visible)
    if f.table_id is not None:
        rows = rows.filter(table_id=f.table_id)
    if f.gaming_day is not None:
        rows = rows.filter(gaming_day=f.gaming_day)
    if f.gaming_day_from is not None:
        rows = rows.filter(gaming_day__gte=f.gaming_day_from)
    if f.gaming_day_to is not None:
        rows = rows.filter(gaming_day__lte=f.gaming_day_to)
    if f.dealer_id is not None:
        rows = rows.filter(dealer_id=f.dealer_id)
    if f.player_id is not None:
        rows = rows.filter(Exists(HandSeat.objects.filter(hand=OuterRef("pk"), player_id=f.player_id)))
    if f.game_id is not None:
        rows = rows.filter(game_id=f.game_id)
    if f.min_pot is not None:
        rows = rows.filter(pot__gte=f.min_pot)
    if f.max_pot is not None:
        rows = rows.filter(pot__lte=f.max_pot)
    if f.in_force:
        rows = rows.filter(status=HandStatus.COMPLETE)
    elif f.status:
        rows = rows.filter(status=f.status)
    seats = HandSeat.objects.select_related("player").order_by("seat_number")
    return rows.prefetch_related(Prefetch("seats", queryset=seats)).order_by("-created_at", "-pk")


def hand_room(*, hand_id: int) -> Room | None:
    """The room of hand ``hand_id``'s table, in one query; None for no such hand (the operation refuses it)."""
    return Room.objects.filter(tables__hands__pk=hand_id).first()


def phh_export_get_for(*, user: AbstractBaseUser | AnonymousUser, export_id: int) -> PhhExport:
    """A PHH export, for a reader who works in every room its maker does: its file holds the hands of the
    maker's rooms (``hands_list``), which another room's staff do not read. Unknown to others (404), as a
    missing export."""
    export = PhhExport.objects.select_related("created_by").filter(pk=export_id).first()
    if export is None or not room_ids_of(export.created_by) <= room_ids_of(user):
        raise NotFound(_("Export %(export_id)s does not exist.") % {"export_id": export_id}, export_id=export_id)
    return export


def hand_get_for_user(*, user: AbstractBaseUser | AnonymousUser, hand_id: int) -> HandRow:
    """A hand the user may read: one of the rooms they work in, and for a dealer of the table they deal now
    (404 otherwise)."""
    rows = HandRow.objects.select_related(
        "table__room", "game", "dealer", "sign_version", "fee_policy", "replay_of", "corrects", "created_by"
    ).filter(table__room_id__in=room_ids_of(user))
    visible = readable_table_ids(user)
    if visible is not None:
        rows = rows.filter(table_id__in=visible)
    hand = rows.filter(pk=hand_id).first()
    if hand is None:
        raise NotFound(_("Hand %(hand_id)s does not exist.") % {"hand_id": hand_id}, hand_id=hand_id)
    return hand


def _street_of(before: Hand, after: Hand, event: Event) -> str:
    # A board card opens the street it deals; anything else belongs to the street it was entered on.
    return after.street_name if isinstance(event, Board) else before.street_name


def hand_streets(hand: HandRow, events: list[HandEvent]) -> list[dict[str, Any]]:
    """The log replayed street by street: each event with the pot after it (undone events marked)."""
    state = Hand.start(setup_from_dict(hand.setup))
    streets: list[dict[str, Any]] = []
    undone: set[int] = set()
    kept: list[int] = []
    for row in events:
        event = event_from_dict(row.data)
        if isinstance(event, Undo) and kept:
            undone.add(kept.pop())
        elif not isinstance(event, Undo):
            kept.append(row.seq)
    for row in events:
        event = event_from_dict(row.data)
        before = state
        state = state.apply(event)
        name = "correction" if isinstance(event, Undo) else _street_of(before, state, event)
        if not streets or streets[-1]["street"] != name:
            streets.append({"street": name, "events": []})
        pot = sum(p.amount for p in state.result.pots) if state.result else sum(state.totals) + state.setup.carried
        streets[-1]["events"].append(
            {
                "seq": row.seq,
                "kind": row.kind,
                "data": row.data,
                "text": describe_event(row.data),
                "undone": row.seq in undone,
                "pot_after": pot,
                "board": cards_str(state.board),
                "by": row.created_by.get_username() if row.created_by_id else "",
                "by_name": _display_name(row),
                "at": row.created_at,
            }
        )
    return streets


def _display_name(row: HandEvent) -> str:
    """Who recorded an event as people call them: first and last name, else the username."""
    if not row.created_by_id:
        return ""
    return row.created_by.get_full_name() or row.created_by.get_username()


def describe_event(data: dict[str, Any]) -> str:
    """One line per event, as the log page prints it."""
    kind = data.get("type")
    seat = data.get("seat")
    if kind == "action":
        amount = f" {data['amount']}" if data.get("kind") in ("bet", "raise") else ""
        return f"Seat {seat} {data.get('kind')}{amount}"
    if kind == "deal":
        holes = data.get("holes") or {}
        shown = ", ".join(f"seat {s}: {c}" for s, c in holes.items())
        return "Deal" + (f" ({shown})" if shown else "")
    if kind == "board":
        return f"Board {data.get('cards')}"
    if kind == "draw":
        discards = data.get("discards") or ""
        return f"Seat {seat} draws {len(discards) // 2}" + (f" ({discards} → {data.get('cards')})" if discards else "")
    if kind == "show":
        return f"Seat {seat} shows {data.get('cards')}"
    if kind == "muck":
        return f"Seat {seat} mucks"
    if kind == "agree_split":
        return "Tie: split agreed"
    if kind == "replay":
        return "Tie: replay hand"
    if kind == "misdeal":
        return "Misdeal" + (f": {data.get('reason')}" if data.get("reason") else "")
    if kind == "undo":
        return "Undo last event" + (f": {data.get('reason')}" if data.get("reason") else "")
    return str(kind)


def hand_replay(hand: HandRow) -> HandRow | None:
    """The hand dealt again to settle ``hand``'s tie (Club Poker's replay), once it is recorded."""
    return HandRow.objects.filter(replay_of=hand).only("pk", "number").first()


def hand_detail(hand: HandRow) -> dict[str, Any]:
    """Everything the hand's page and the detail API show: seats, log by street, pots, result, links."""
    events = list(HandEvent.objects.filter(hand=hand).select_related("created_by").order_by("seq"))
    seats = list(HandSeat.objects.filter(hand=hand).select_related("player").order_by("seat_number"))
    pots = list(PotAward.objects.filter(hand=hand).order_by("index"))
    result = getattr(hand, "result", None) if hand.status != HandStatus.OPEN else None
    data = result.data if result is not None else {}
    final = data.get("final_stacks", {})
    descriptions = data.get("descriptions", {})
    shown = data.get("shown", {})
    replay = hand_replay(hand)
    corrected_by = HandRow.objects.filter(corrects=hand).only("pk", "number", "revision").first()
    return {
        "seats": [
            {
                "seat": s.seat_number,
                "player_id": s.player_id,
                "player": s.player.full_name if s.player else "",
                "start_stack": s.start_stack,
                "final_stack": final.get(str(s.seat_number)),
                "shown": shown.get(str(s.seat_number), ""),
                "description": descriptions.get(str(s.seat_number), ""),
            }
            for s in seats
        ],
        "events": [
            {
                "seq": e.seq,
                "client_event_id": e.client_event_id,
                "kind": e.kind,
                "data": e.data,
                "text": describe_event(e.data),
                "created_by": e.created_by.get_username(),
                "created_at": e.created_at,
            }
            for e in events
        ],
        "streets": hand_streets(hand, events),
        "pots": [
            {
                "index": p.index,
                "amount": p.amount,
                "eligible": p.eligible,
                "winners": p.winners,
                "shares": p.shares,
                "fee": p.fee,
                "carried": p.carried,
            }
            for p in pots
        ],
        "result": data or None,
        "status_changes": list(
            HandStatusChange.objects.filter(hand=hand)
            .select_related("created_by")
            .order_by("created_at", "pk")
            .values(
                "from_status",
                "to_status",
                "reason",
                "created_at",
                "created_by__username",
                "created_by__first_name",
                "created_by__last_name",
            )
        ),
        "replay_hand_id": replay.pk if replay else None,
        "corrected_by_id": corrected_by.pk if corrected_by else None,
    }


def hand_events_in_force(hand: HandRow) -> list[dict[str, Any]]:
    """The events a hand's record stands on, as stored: undone events and the undos themselves left out
    (what a correction starts from)."""
    kept: list[dict[str, Any]] = []
    for data in HandEvent.objects.filter(hand=hand).order_by("seq").values_list("data", flat=True):
        if data.get("type") == Undo.type:
            if kept:
                kept.pop()
        else:
            kept.append(data)
    return kept


def current_hand_summary(*, table_id: int) -> dict[str, Any] | None:
    """The hand being dealt at a table now, for the floor map: number, pot, events so far; None between hands."""
    return current_hands_summary(table_ids=[table_id]).get(table_id)


def current_hands_summary(*, table_ids: list[int]) -> dict[int, dict[str, Any]]:
    """``current_hand_summary`` for many tables in one query (the floor map calls this once per refresh)."""
    rows = HandRow.objects.filter(table_id__in=table_ids, status=HandStatus.OPEN).values(
        "pk", "table_id", "number", "pot", "seq", "created_at", "replay_of_id"
    )
    return {
        r["table_id"]: {
            "hand_id": r["pk"],
            "number": r["number"],
            "pot": r["pot"],
            "events": r["seq"],
            "started_at": r["created_at"],
            "is_replay": r["replay_of_id"] is not None,
        }
        for r in rows
    }
