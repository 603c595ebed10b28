"""Seat actions of the table page (seat with a buy-in, move, stand up, away and back) and the player picker."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from config.errors import DomainError
from config.money import parse_typed_amount
from config.permissions import acting_user, roles_allowed
from config.room_context import use_records_room
from floor.views.floor import table_page, table_url
from games.models import BuyInSource
from games.services.seating import seat_player_with_buy_in
from rooms.selectors import room_for
from tables import services
from tables.models import AwayReturn
from tables.selectors.players import players_pick
from tables.selectors.tables import check_seat_session_in_users_rooms, check_table_in_users_rooms
from tables.views.common import PAGE_ROLES, action, attempt, int_field, page_room, req_int, run, safe_next

# The pickers a page holds: "seat" (the table page: a seated player is not offered) and "list" (the
# waitlists: a seated player may wait for another game).
PICKERS = ("seat", "list")


def buy_in_field(data: QueryDict) -> int:
    """The buy-in typed in the room's money format (``config.money``), in minor units."""
    raw = (data.get("buy_in") or "").strip()
    if not raw:
        raise DomainError(_("Enter the buy-in: the chips the player buys at the seat."), code="buy_in_required")
    return parse_typed_amount(raw, field=_("Buy-in"))


@roles_allowed(*PAGE_ROLES["pick"]).page
def player_pick(request: HttpRequest) -> HttpResponse:
    """The picker's results (htmx): a few players matching the search, the ones barred from the room's
    tables (``room``, one the user works in; the picked room when not given) flagged and not offered."""
    pick = request.GET.get("pick", "")
    room_id = int_field(request.GET, "room", required=False)
    room = room_for(user=request.user, room_id=room_id) if room_id is not None else page_room(request)
    context = {
        "pick": pick if pick in PICKERS else "seat",
        "q": request.GET.get("q", "")[:100],
        "picked": players_pick(user=request.user, room_id=room.pk, query=request.GET.get("q", "")[:100]),
        "chosen": None,
    }
    return render(request, "floor/_player_pick_results.html", context)


@action
@roles_allowed(*PAGE_ROLES["write"]).page
def seat_player(request: HttpRequest, table_id: int) -> HttpResponse:
    def call() -> object:
        use_records_room(check_table_in_users_rooms(request.user, table_id=table_id))
        return seat_player_with_buy_in(
            actor=acting_user(request),
            table_id=table_id,
            player_id=req_int(request.POST, "player_id"),
            seat_number=int_field(request.POST, "seat_number", required=False),
            entry=request.POST.get("entry", ""),
            buy_in=buy_in_field(request.POST),
            source=request.POST.get("source", BuyInSource.PLAYER_CHIPS),
        )

    return attempt(
        request,
        call,
        done=_("Player seated, buy-in recorded."),
        back=table_url(table_id),
        form="seat",
        again=lambda refused: table_page(request, table_id, refused),
    )


@action
@roles_allowed(*PAGE_ROLES["write"]).page
def seat_stand_up(request: HttpRequest, session_id: int) -> HttpResponse:
    table_id = req_int(request.POST, "table_id")

    def call() -> object:
        check_seat_session_in_users_rooms(request.user, session_id=session_id)
        return services.seat_stand_up(actor=acting_user(request), session_id=session_id)

    return run(request, call, done=_("Player stood up."), back=table_url(table_id))


@action
@roles_allowed(*PAGE_ROLES["write"]).page
def seat_move(request: HttpRequest, session_id: int) -> HttpResponse:
    from_table_id = req_int(request.POST, "from_table_id")

    def call() -> object:
        check_seat_session_in_users_rooms(request.user, session_id=session_id)
        return services.seat_move(
            actor=acting_user(request),
            session_id=session_id,
            table_id=req_int(request.POST, "table_id"),
            seat_number=int_field(request.POST, "seat_number", required=False),
        )

    return attempt(
        request,
        call,
        done=_("Player moved, with their chips."),
        back=table_url(from_table_id),
        form="move",
        key=session_id,
        again=lambda refused: table_page(request, from_table_id, refused),
    )


@action
@roles_allowed(*PAGE_ROLES["table_write"]).page
def seat_away(request: HttpRequest, session_id: int) -> HttpResponse:
    def call() -> object:
        check_seat_session_in_users_rooms(request.user, session_id=session_id)
        return services.seat_away_start(actor=acting_user(request), session_id=session_id)

    return run(request, call, done=_("Player marked away."), back=safe_next(request, reverse("floor:floor")))


@action
@roles_allowed(*PAGE_ROLES["table_write"]).page
def seat_back(request: HttpRequest, session_id: int) -> HttpResponse:
    choice = request.POST.get("choice") or AwayReturn.POST  # the service refuses anything but post or wait

    def call() -> object:
        check_seat_session_in_users_rooms(request.user, session_id=session_id)
        return services.seat_away_end(actor=acting_user(request), session_id=session_id, choice=choice)

    return run(request, call, done=_("Player is back."), back=safe_next(request, reverse("floor:floor")))
