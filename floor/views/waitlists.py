"""Pages: the waitlists; adding, checking in, calling, seating (with the buy-in) and removing."""

from __future__ import annotations

from datetime import timedelta

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from config.gaming_day import current_gaming_day
from config.htmx import is_htmx
from config.permissions import acting_user, roles_allowed
from config.roles import has_any_role
from config.room_context import use_records_room
from floor.views.floor import pick_again, table_page, table_url
from floor.views.seating import buy_in_field
from games.models import BuyInSource
from games.selectors.stacks import buy_in_sources
from games.services.seating import waitlist_seat_with_buy_in
from tables import selectors, services
from tables.models import TableStatus, WaitlistSource
from tables.selectors.tables import check_table_in_users_rooms, games_list, tables_list
from tables.selectors.waitlists import waitlist_entry_get_for_user
from tables.services.waitlists import REMOVE_REASONS
from tables.views.common import FM, PAGE_ROLES, Refused, action, attempt, int_field, page_room, req_int, safe_next


@roles_allowed(*PAGE_ROLES["waitlists"]).page
def waitlists(request: HttpRequest) -> HttpResponse:
    return waitlists_page(request)


def waitlists_page(request: HttpRequest, refused: Refused | None = None) -> HttpResponse:
    """The lists of the room picked; ``refused``: a form of this page shown again as it was sent."""
    room = page_room(request)
    today = current_gaming_day(room=room)
    context = {
        "room": room,
        "lists": selectors.waitlists_by_game(room=room),
        "games": games_list(room_ids=[room.pk], active=True),
        "tables": list(tables_list(status=TableStatus.OPEN).filter(room=room)),
        "today": selectors.waitlist_analytics(room=room, start=today),
        "by_day": selectors.waitlist_analytics(room=room, start=today - timedelta(days=6), end=today),
        "sources": WaitlistSource.choices,
        "remove_reasons": [(r.value, r.label) for r in REMOVE_REASONS],
        "is_floor_manager": has_any_role(request.user, (FM,)),
        "refused": refused,
        "posted": refused.data if refused else {},
        "currency": room.currency,
        "buy_in_sources": buy_in_sources(room),
        "picker": pick_again(request, refused, room_id=room.pk) if refused and refused.form == "add" else {},
    }
    template = "floor/waitlists.html#lists" if is_htmx(request) else "floor/waitlists.html"
    return render(request, template, context)


def _wl_back(request: HttpRequest) -> str:
    return safe_next(request, reverse("floor:waitlists"))


@action
@roles_allowed(*PAGE_ROLES["write"]).page
def waitlist_add(request: HttpRequest) -> HttpResponse:
    def call() -> object:
        return services.waitlist_add(
            actor=acting_user(request),
            room=page_room(request),
            game_id=req_int(request.POST, "game_id"),
            player_id=req_int(request.POST, "player_id"),
            source=request.POST.get("source", WaitlistSource.DESK),
            check_in_minutes=int_field(request.POST, "check_in_minutes", required=False),
        )

    return attempt(
        request,
        call,
        done=_("Added to the list."),
        back=_wl_back(request),
        form="add",
        again=lambda refused: waitlists_page(request, refused),
    )


@action
@roles_allowed(*PAGE_ROLES["write"]).page
def waitlist_entry_action(request: HttpRequest, entry_id: int, verb: str) -> HttpResponse:
    user = acting_user(request)
    if verb == "seat":
        return _seat(request, entry_id)

    def mine() -> int:
        return waitlist_entry_get_for_user(user=user, entry_id=entry_id).pk

    calls = {
        "check-in": lambda: services.waitlist_check_in(actor=user, entry_id=mine()),
        "call": lambda: services.waitlist_call(actor=user, entry_id=mine()),
        "remove": lambda: services.waitlist_remove(actor=user, entry_id=mine(), reason=request.POST.get("reason", "")),
    }
    done = {
        "check-in": _("Checked in."),
        "call": _("Player called: seat them with their buy-in when they reach the table."),
        "remove": _("Removed from the list."),
    }
    if verb not in calls:
        return redirect(_wl_back(request))
    return attempt(
        request,
        calls[verb],
        done=done[verb],
        back=_wl_back(request),
        form="entry",
        key=entry_id,
        again=lambda refused: waitlists_page(request, refused),
    )


def _seat(request: HttpRequest, entry_id: int) -> HttpResponse:
    """Seat a listed player with their buy-in; a refusal comes back on the page the form was on."""
    table_id = req_int(request.POST, "table_id")

    def call() -> object:
        # The buy-in is in the money of the table's room (the service refuses a table of another room
        # than the entry's).
        use_records_room(check_table_in_users_rooms(request.user, table_id=table_id))
        return waitlist_seat_with_buy_in(
            actor=acting_user(request),
            entry_id=waitlist_entry_get_for_user(user=request.user, entry_id=entry_id).pk,
            table_id=table_id,
            seat_number=int_field(request.POST, "seat_number", required=False),
            seat_entry=request.POST.get("entry", ""),
            buy_in=buy_in_field(request.POST),
            source=request.POST.get("source", BuyInSource.PLAYER_CHIPS),
        )

    back = _wl_back(request)

    def again(refused: Refused) -> HttpResponse:
        if back == table_url(table_id):
            return table_page(request, table_id, refused)
        return waitlists_page(request, refused)

    return attempt(
        request,
        call,
        done=_("Player seated from the list, buy-in recorded."),
        back=back,
        form="entry",
        key=entry_id,
        again=again,
    )
