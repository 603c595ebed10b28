"""Pages: the floor map and a table, with the table's own actions (its seats: ``seating``; its sign: ``signs``).

The floor map shows the hand in play at each table (games), a table page the tray count it waits for
(cashier), and opening a table puts up its sign, which names the fee in force (rake): the floor's writes go
through ``tables.services``, the fee's words come from ``rake.selectors.sign_fee_words``.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from config.errors import DomainError
from config.htmx import is_htmx
from config.money import format_money
from config.numbers import whole_number
from config.permissions import acting_user, roles_allowed
from config.roles import Role, has_any_role
from config.room_context import use_records_room
from floor.selectors.tables import tables_with_hands, tray_due
from games.selectors.stacks import buy_in_sources
from rake.selectors import sign_fee_words
from rooms.selectors import room_for
from tables import selectors, services
from tables.models import GameKind, Table, TableStatus
from tables.selectors.dealers import dealer_shifts
from tables.selectors.players import players_pick
from tables.selectors.tables import (
    check_table_in_users_rooms,
    games_list,
    table_events,
    table_get_for_user,
    tables_for_user,
)
from tables.views.common import (
    FM,
    PAGE_ROLES,
    Refused,
    action,
    attempt,
    int_field,
    page_room,
    req_int,
    safe_next,
)
from tables.views.rules_text import RULES

# Who counts a tray (cashier.views TRAY_ROLES writes): the prompt goes to them.
TRAY_COUNTERS = (FM, Role.DEALER)


@roles_allowed(*PAGE_ROLES["floor"]).page
def floor(request: HttpRequest) -> HttpResponse:
    """Every table with its seats, dealer, current hand and the waitlists; a dealer sees their own table."""
    return floor_page(request)


def floor_page(request: HttpRequest, refused: Refused | None = None) -> HttpResponse:
    context = {
        "tables": tables_with_hands(user=request.user, room=request.room),  # type: ignore[attr-defined]
        "lists": selectors.waitlists_by_game(room=page_room(request)) if has_any_role(request.user, (FM,)) else [],
        # a table is given a game of the room it stands in
        "games": games_list(room_ids=[page_room(request).pk], active=True),
        "is_floor_manager": has_any_role(request.user, (FM,)),
        "rules": RULES.values(),
        "refused": refused,
        "posted": refused.data if refused else {},
    }
    template = "floor/floor.html#floor-live" if is_htmx(request) else "floor/floor.html"
    return render(request, template, context)


@roles_allowed(*PAGE_ROLES["table"]).page
def table_detail(request: HttpRequest, table_id: int) -> HttpResponse:
    return table_page(request, table_id)


def table_page(request: HttpRequest, table_id: int, refused: Refused | None = None) -> HttpResponse:
    """The table with its seats and waitlist; ``refused``: a form of this page shown again as it was sent."""
    table = table_get_for_user(user=request.user, table_id=table_id)
    use_records_room(table.room)
    seated = {s.seat_number: s for s in table.open_sessions}  # type: ignore[attr-defined]
    away = selectors.aways_open(table_id=table.pk)
    seats = []
    for number in range(1, table.seats + 1):
        session = seated.get(number)
        seats.append((number, session, away.get(session.pk) if session else None))
    is_floor_manager = has_any_role(request.user, (FM,))
    running = list(tables_for_user(user=request.user, room=table.room)) if is_floor_manager else [table]
    context: dict[str, Any] = {
        "table": table,
        "seats": seats,
        "dealer": table.current_assignments[0] if table.current_assignments else None,  # type: ignore[attr-defined]
        "entries": list(selectors.waitlist_entries(room=table.room, game_id=table.game_id)) if table.game_id else [],
        "dealers": _dealers_with_tables(running, table) if is_floor_manager else [],
        "games": games_list(room_ids=[table.room_id], active=True),
        "other_tables": [t for t in running if t.status == TableStatus.OPEN],
        "events": table_events(table_id=table.pk).reverse()[:20],
        "signs": selectors.sign_history(table_id=table.pk).reverse()[:10],
        "is_floor_manager": is_floor_manager,
        # A dealer sees only the table they deal now (table_get_for_user), so may mark its players.
        "may_mark_away": has_any_role(request.user, (FM, Role.DEALER)),
        "is_holdem": table.game is not None and table.game.kind == GameKind.TEXAS_HOLDEM,
        "tray_due": _tray_due(table) if has_any_role(request.user, TRAY_COUNTERS) else None,
        "refused": refused,
        "posted": refused.data if refused else {},
        "currency": table.room.currency,
        "buy_in_sources": buy_in_sources(table.room),
        # The placeholder shows the money format typed (``config.money``): plain digits, no grouping.
        "buy_in_example": format_money(table.game.min_buy_in) if table.game else "",
        "picker": pick_again(request, refused, room_id=table.room_id) if refused and refused.form == "seat" else {},
    }
    template = "floor/table.html#table-live" if is_htmx(request) else "floor/table.html"
    return render(request, template, context)


def _dealers_with_tables(tables: list[Table], table: Table) -> list[tuple[Any, Table | None]]:
    """The dealers clocked in in the table's room, each with the other table they deal now (a push moves them
    from it)."""
    dealing = {a.dealer_id: t for t in tables for a in t.current_assignments}  # type: ignore[attr-defined]
    rows = [(s.dealer, dealing.get(s.dealer_id)) for s in dealer_shifts(room=table.room, open_only=True)]
    return [(dealer, at) for dealer, at in rows if at is None or at.pk != table.pk]


def pick_again(request: HttpRequest, refused: Refused, *, room_id: int) -> dict[str, Any]:
    """The player picker of ``room_id``'s table or list as it was sent: the search typed and the player
    chosen, still chosen."""
    query = (refused.data.get("q") or "")[:100]
    chosen = whole_number((refused.data.get("player_id") or "").strip())  # None for what was not a number
    picked = players_pick(user=request.user, room_id=room_id, query=query)
    if chosen is not None and all(p.pk != chosen for p in picked):
        again = players_pick(user=request.user, room_id=room_id, query=str(chosen))
        picked = [p for p in again if p.pk == chosen] + picked
    return {"q": query, "picked": picked, "chosen": chosen}


def _tray_due(table: Table) -> dict[str, Any] | None:
    """The tray count the table waits for, with the cage's page where it is counted."""
    due = tray_due(table)
    if due is None:
        return None
    return {**due, "url": reverse("cashier:tray_counts") + f"?table={table.pk}&kind={due['kind']}"}


def table_url(table_id: int) -> str:
    return reverse("floor:table", args=[table_id])


@action
@roles_allowed(*PAGE_ROLES["write"]).page
def table_create(request: HttpRequest) -> HttpResponse:
    def call() -> object:
        return services.table_create(
            actor=acting_user(request),
            room=room_for(user=request.user, room_id=int_field(request.POST, "room_id", required=False)),
            number=req_int(request.POST, "number"),
            seats=req_int(request.POST, "seats"),
            name=request.POST.get("name", "")[:80],
            game_id=int_field(request.POST, "game_id", required=False),
        )

    return attempt(
        request,
        call,
        done=_("Table created."),
        back=reverse("floor:floor"),
        form="create",
        again=lambda refused: floor_page(request, refused),
    )


@action
@roles_allowed(*PAGE_ROLES["write"]).page
def table_configure(request: HttpRequest, table_id: int) -> HttpResponse:
    def call() -> object:
        check_table_in_users_rooms(request.user, table_id=table_id)
        return services.table_configure(
            actor=acting_user(request),
            table_id=table_id,
            game_id=int_field(request.POST, "game_id", required=False),
            seats=req_int(request.POST, "seats"),
        )

    return attempt(
        request,
        call,
        done=_("Table configured."),
        back=table_url(table_id),
        form="configure",
        again=lambda refused: table_page(request, table_id, refused),
    )


def _open(*, actor: User, table_id: int) -> Table:
    """Open the table; its sign names the fee in force, in rake's words."""
    return services.table_open(actor=actor, table_id=table_id, fee_words=sign_fee_words)


TRANSITIONS = {
    "open": (_open, gettext_lazy("Table %(number)s opened: count its tray (the opener) now.")),
    "pause": (services.table_pause, gettext_lazy("Table %(number)s paused.")),
    "resume": (services.table_resume, gettext_lazy("Table %(number)s resumed.")),
    "close": (services.table_close, gettext_lazy("Table %(number)s closed: count its tray (the closer) now.")),
}


@action
@roles_allowed(*PAGE_ROLES["write"]).page
def table_transition(request: HttpRequest, table_id: int, transition: str) -> HttpResponse:
    if transition not in TRANSITIONS:
        raise Http404
    service, done = TRANSITIONS[transition]
    try:
        check_table_in_users_rooms(request.user, table_id=table_id)
        table = service(actor=acting_user(request), table_id=table_id)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, str(done) % {"number": table.number})
    return redirect(table_url(table_id))


@action
@roles_allowed(*PAGE_ROLES["write"]).page
def dealer_assign(request: HttpRequest, table_id: int) -> HttpResponse:
    back = safe_next(request, table_url(table_id))
    try:
        check_table_in_users_rooms(request.user, table_id=table_id)
        push = services.dealer_push(
            actor=acting_user(request), table_id=table_id, dealer_id=req_int(request.POST, "dealer_id")
        )
    except DomainError as exc:
        messages.error(request, exc.message)
        return redirect(back)
    dealer = push.assignment.dealer
    name = dealer.get_full_name() or dealer.get_username()
    number = push.assignment.table.number
    messages.success(request, _("%(dealer)s deals table %(number)s now.") % {"dealer": name, "number": number})
    if push.swapped and push.pushed_off is not None and push.moved_from is not None:
        other = push.pushed_off.get_full_name() or push.pushed_off.get_username()
        swap = _("%(other)s took table %(left)s in their place.")
        messages.success(request, swap % {"other": other, "left": push.moved_from.number})
    elif push.moved_from is not None:
        left = push.moved_from
        warning = _("%(dealer)s moved from table %(left)s: table %(left)s has no dealer now.")
        if left.status != TableStatus.CLOSED:
            warning += " " + _("Its players wait: assign a dealer there.")
        messages.warning(request, warning % {"dealer": name, "left": left.number})
    return redirect(back)


@action
@roles_allowed(*PAGE_ROLES["write"]).page
def dealer_release(request: HttpRequest, table_id: int) -> HttpResponse:
    back = safe_next(request, table_url(table_id))
    try:
        check_table_in_users_rooms(request.user, table_id=table_id)
        released = services.dealer_release(actor=acting_user(request), table_id=table_id)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        dealer = released.dealer
        messages.success(
            request,
            _("%(dealer)s released from table %(number)s.")
            % {"dealer": dealer.get_full_name() or dealer.get_username(), "number": released.table.number},
        )
    return redirect(back)
