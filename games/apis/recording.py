"""Recording endpoints: start, event, undo, whole hand, void, correct, stacks.

Dealers and floor managers reach them; the services check on every request
that a dealer is assigned to the hand's table at that moment (E23).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer
from rest_framework.views import APIView

from config.numbers import whole_number
from config.openapi import error_response
from config.permissions import acting_user, roles_allowed
from config.roles import Role
from config.room_context import use_records_room
from games import services
from games.apis import lean
from games.apis import serializers as s
from games.apis.amounts import event_out, result_out, state_out
from games.models import Hand, HandEvent, HandSeat, HandStatus
from games.selectors import hand_detail, hand_get_for_user
from games.selectors.hands import hand_replay, hand_room
from games.services.state import engine_state, state_payload
from tables.selectors.tables import table_room

RECORDERS = roles_allowed(Role.FLOOR_MANAGER, Role.DEALER)
FLOOR = roles_allowed(Role.FLOOR_MANAGER)

# What the hand's refusals mean; every operation documents its errors (config.openapi), these in these words.
ERRORS = {
    400: error_response("Refused: the engine's or the rule's message and code."),
    403: error_response("Not assigned to this table now, or the wrong role."),
    404: error_response("Unknown table or hand."),
    409: error_response("Stale sequence (details.current_seq), hand closed, or table not open."),
}


def _in_tables_room(request: Request) -> None:
    """The amounts of a request about the table its body names, in and out, are in the table's room's
    money, whichever room its user picked (a body with no readable table id is refused by its serializer)."""
    raw = request.data.get("table_id") if isinstance(request.data, Mapping) else None
    table_id = raw if type(raw) is int else whole_number(raw) if isinstance(raw, str) else None
    if table_id is not None:
        use_records_room(table_room(table_id=table_id))


def _validated(serializer: type[Serializer[Any]], request: Request) -> Any:
    data = serializer(data=request.data)
    data.is_valid(raise_exception=True)
    return data.validated_data


def _event(row: HandEvent) -> dict[str, Any]:
    return {
        "seq": row.seq,
        "client_event_id": row.client_event_id,
        "kind": row.kind,
        "data": event_out(row.data),
        "created_at": row.created_at,
    }


def state_data(hand: Hand, state: Any, names: dict[int, str] | None = None, replay: Hand | None = None) -> Any:
    """The state as ``HandStateOutput`` documents it; built as plain JSON-ready data on the hot path
    (running it through the nested serializer cost more than the engine and the database together)."""
    payload = state_out(state_payload(hand, state, names=names))
    payload["replay_hand_id"] = replay.pk if replay is not None else None
    return payload


class HandStartApi(APIView):
    permission_classes = [RECORDERS]

    @extend_schema(
        operation_id="games_hand_start",
        request=s.HandStartInput,
        responses={201: s.HandStateOutput, **ERRORS},
        summary="Start the next hand at an open table",
    )
    def post(self, request: Request) -> Response:
        _in_tables_room(request)
        data = s.HandStartInput(data=request.data)
        data.is_valid(raise_exception=True)
        started = services.hand_start(
            actor=acting_user(request),
            table_id=data.validated_data["table_id"],
            buy_ins=data.validated_data.get("buy_ins"),
        )
        return Response(state_data(started.hand, started.state, started.names), status=status.HTTP_201_CREATED)


class HandEventApi(APIView):
    permission_classes = [RECORDERS]

    @extend_schema(
        operation_id="games_hand_event",
        request=s.EventRecordInput,
        responses={201: s.EventRecordedOutput, 200: s.EventRecordedOutput, **ERRORS},
        summary="Record one event (validated by the engine before anything is stored)",
        description="`seq` must be the hand's current sequence, else 409 naming it; the same `client_event_id` "
        "sent again returns the stored event (200, `duplicate: true`). A winner by folds showing after the hand "
        "closed is accepted and not stored (200, `event: null`, `warning`).",
    )
    def post(self, request: Request, hand_id: int) -> Response:
        use_records_room(hand_room(hand_id=hand_id))
        v = lean.event_record(request.data) or _validated(s.EventRecordInput, request)
        done = services.hand_event_record(
            actor=acting_user(request),
            hand_id=hand_id,
            seq=v["seq"],
            client_event_id=v["client_event_id"],
            event=v["event"],
        )
        body: dict[str, Any] = {
            "duplicate": done.duplicate,
            "event": None if done.event is None else _event(done.event),
        }
        if done.warning:
            body["warning"] = done.warning
        body["state"] = state_data(done.hand, done.state, replay=done.replay_hand)
        stored = done.event is not None and not done.duplicate
        return Response(body, status=status.HTTP_201_CREATED if stored else status.HTTP_200_OK)


class HandUndoApi(APIView):
    permission_classes = [RECORDERS]

    @extend_schema(
        operation_id="games_hand_undo",
        request=s.UndoInput,
        responses={201: s.EventRecordedOutput, 200: s.EventRecordedOutput, **ERRORS},
        summary="Undo the last event while the hand is open (an appended Undo event)",
    )
    def post(self, request: Request, hand_id: int) -> Response:
        use_records_room(hand_room(hand_id=hand_id))
        data = s.UndoInput(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        done = services.hand_undo(
            actor=acting_user(request),
            hand_id=hand_id,
            seq=v["seq"],
            client_event_id=v["client_event_id"],
            reason=v["reason"],
        )
        event = None if done.event is None else _event(done.event)
        body = {"duplicate": done.duplicate, "event": event, "state": state_data(done.hand, done.state)}
        return Response(body, status=status.HTTP_200_OK if done.duplicate else status.HTTP_201_CREATED)


class HandRecordWholeApi(APIView):
    permission_classes = [RECORDERS]

    @extend_schema(
        operation_id="games_hand_record_whole",
        request=s.HandRecordWholeInput,
        responses={201: s.HandRecordedOutput, 200: s.HandRecordedOutput, **ERRORS},
        summary="Record a whole hand in one request (electronic tables, late entry)",
        description="Starts the next hand at the table, applies every event and completes it in one transaction; "
        "the same `client_hand_id` sent again returns the stored hand (200).",
    )
    def post(self, request: Request) -> Response:
        _in_tables_room(request)
        v = lean.hand_record_whole(request.data) or _validated(s.HandRecordWholeInput, request)
        done = services.hand_record_whole(
            actor=acting_user(request),
            table_id=v["table_id"],
            events=v["events"],
            client_hand_id=v["client_hand_id"],
            buy_ins=v.get("buy_ins"),
        )
        body = {"duplicate": done.duplicate, "state": state_data(done.hand, done.state, replay=done.replay_hand)}
        return Response(body, status=status.HTTP_200_OK if done.duplicate else status.HTTP_201_CREATED)


class HandVoidApi(APIView):
    permission_classes = [FLOOR]

    @extend_schema(
        operation_id="games_hand_void",
        request=s.VoidInput,
        responses={200: s.HandDetailOutput, **ERRORS},
        summary="Void a hand (floor manager; the record stays, marked void)",
    )
    def post(self, request: Request, hand_id: int) -> Response:
        data = s.VoidInput(data=request.data)
        data.is_valid(raise_exception=True)
        hand = services.hand_void(actor=acting_user(request), hand_id=hand_id, reason=data.validated_data["reason"])
        return Response(detail_data(request, hand.pk))


class HandCorrectApi(APIView):
    permission_classes = [FLOOR]

    @extend_schema(
        operation_id="games_hand_correct",
        request=s.CorrectInput,
        responses={201: s.HandDetailOutput, **ERRORS},
        summary="Correct a finished hand by a new record that supersedes it (floor manager)",
    )
    def post(self, request: Request, hand_id: int) -> Response:
        use_records_room(hand_room(hand_id=hand_id))
        data = s.CorrectInput(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        new = services.hand_correct(actor=acting_user(request), hand_id=hand_id, events=v["events"], reason=v["reason"])
        return Response(detail_data(request, new.pk), status=status.HTTP_201_CREATED)


class StackAddApi(APIView):
    permission_classes = [RECORDERS]

    @extend_schema(
        operation_id="games_stack_add",
        request=s.StackAddInput,
        responses={201: s.StackOutput, **ERRORS},
        summary="Record a seat's buy-in or add-on between hands (an adjustment: floor manager)",
    )
    def post(self, request: Request, table_id: int) -> Response:
        use_records_room(table_room(table_id=table_id))
        data = s.StackAddInput(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        row = services.seat_stack_add(
            actor=acting_user(request),
            table_id=table_id,
            seat_number=v["seat_number"],
            amount=v["amount"],
            kind=v["kind"],
            note=v["note"],
            source=v["source"],
        )
        return Response(s.StackOutput(row).data, status=status.HTTP_201_CREATED)


def _base_row(hand: Hand) -> dict[str, Any]:
    return {
        "id": hand.pk,
        "table_id": hand.table_id,
        "table_number": hand.table.number,
        "gaming_day": hand.gaming_day,
        "number": hand.number,
        "revision": hand.revision,
        "game_id": hand.game_id,
        "game": hand.game.name,
        "dealer_id": hand.dealer_id,
        "dealer": hand.dealer.get_username() if hand.dealer else None,
        "status": hand.status,
        "pot": hand.pot,
        "fee": hand.fee,
        "seq": hand.seq,
        "replay_of_id": hand.replay_of_id,
        "corrects_id": hand.corrects_id,
        "created_at": hand.created_at,
        "ended_at": hand.ended_at,
    }


def _players(seats: Iterable[HandSeat]) -> list[dict[str, Any]]:
    return [
        {
            "seat": seat.seat_number,
            "player_id": seat.player_id,
            "name": seat.player.full_name if seat.player else "",
            "start_stack": seat.start_stack,
        }
        for seat in seats
    ]


def list_row(hand: Hand) -> dict[str, Any]:
    """A row of the hand log; ``seats`` come prefetched by ``hands_list``."""
    return {**_base_row(hand), "players": _players(hand.seats.all())}


def detail_data(request: Request, hand_id: int) -> Any:
    hand = hand_get_for_user(user=request.user, hand_id=hand_id)
    use_records_room(hand.table.room)
    seats = HandSeat.objects.filter(hand=hand).select_related("player").order_by("seat_number")
    detail = hand_detail(hand)
    detail["events"] = [{**row, "data": event_out(row["data"])} for row in detail["events"]]
    detail["result"] = result_out(detail["result"])
    row = {**_base_row(hand), "players": _players(seats), **detail}
    sign = hand.sign_version
    row["fee_policy_id"] = hand.fee_policy_id
    row["sign"] = (
        None
        if sign is None
        else {"id": sign.pk, "content": sign.content, "valid_from": sign.valid_from, "data": sign.data}
    )
    return s.HandDetailOutput(row).data


def state_for(request: Request, hand_id: int) -> Any:
    hand = hand_get_for_user(user=request.user, hand_id=hand_id)
    use_records_room(hand.table.room)
    names = {
        seat.seat_number: seat.player.masked_name if seat.player else f"Seat {seat.seat_number}"
        for seat in hand.seats.select_related("player")
    }
    # As the hand's page links it: a tie settled by a replay names the replay's hand.
    replay = hand_replay(hand) if hand.status != HandStatus.OPEN else None
    return state_data(hand, engine_state(hand), names, replay=replay)
