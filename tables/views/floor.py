"""Pages: the floor, a table, its sign, the room board, the rules."""

from __future__ import annotations

import segno
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from config.roles import Role, has_any_role
from games.selectors import current_hands_summary
from tables import selectors, services
from tables.models import AwayReturn, GameKind, Player, SeatSession, TableStatus
from tables.rules_text import RULES, rules_rendered
from tables.selectors.board import room_board
from tables.selectors.dealers import dealer_shifts
from tables.selectors.tables import games_list, table_events, table_get_for_user, tables_for_user
from tables.views.common import FM, action, actor, int_field, is_htmx, page, req_int, run, safe_next, table_action


@page("floor")
def floor(request: HttpRequest) -> HttpResponse:
    """Every table with its seats, dealer, current hand and the waitlists; a dealer sees their own table."""
    tables = list(tables_for_user(user=request.user))
    hands = current_hands_summary(table_ids=[t.pk for t in tables])
    for table in tables:
        table.current_hand = hands.get(table.pk)  # type: ignore[attr-defined]
    context = {
        "tables": tables,
        "lists": selectors.waitlists_by_game() if has_any_role(request.user, (FM,)) else [],
        "games": games_list(active=True),
        "is_floor_manager": has_any_role(request.user, (FM,)),
        "rules": RULES.values(),
    }
    template = "tables/floor.html#floor-live" if is_htmx(request) else "tables/floor.html"
    return render(request, template, context)


@page("table")
def table_detail(request: HttpRequest, table_id: int) -> HttpResponse:
    table = table_get_for_user(user=request.user, table_id=table_id)
    seated = {s.seat_number: s for s in table.open_sessions}  # type: ignore[attr-defined]
    seated_ids = SeatSession.objects.filter(ended_at__isnull=True).values("player_id")
    away = selectors.aways_open(table_id=table.pk)
    seats = []
    for number in range(1, table.seats + 1):
        session = seated.get(number)
        seats.append((number, session, away.get(session.pk) if session else None))
    context = {
        "table": table,
        "seats": seats,
        "dealer": table.current_assignments[0] if table.current_assignments else None,  # type: ignore[attr-defined]
        "entries": list(selectors.waitlist_entries(game_id=table.game_id)) if table.game_id else [],
        "players": Player.objects.exclude(pk__in=seated_ids).order_by("last_name", "first_name")[:300],
        "dealers": [s.dealer for s in dealer_shifts(open_only=True)],
        "games": games_list(active=True),
        "other_tables": [t for t in tables_for_user(user=request.user) if t.status == TableStatus.OPEN],
        "events": table_events(table_id=table.pk).reverse()[:20],
        "signs": selectors.sign_history(table_id=table.pk).reverse()[:10],
        "is_floor_manager": has_any_role(request.user, (FM,)),
        # A dealer sees only the table they deal now (table_get_for_user), so may mark its players.
        "may_mark_away": has_any_role(request.user, (FM, Role.DEALER)),
        "is_holdem": table.game is not None and table.game.kind == GameKind.TEXAS_HOLDEM,
    }
    template = "tables/table.html#table-live" if is_htmx(request) else "tables/table.html"
    return render(request, template, context)


@page("sign")
def sign(request: HttpRequest, table_id: int) -> HttpResponse:
    """The table-top sign (print A5/A4), readable from three metres, with a QR code to the rules."""
    table = table_get_for_user(user=request.user, table_id=table_id)
    current = selectors.sign_current(table_id=table.pk)
    qr = ""
    if current is not None:
        url = request.build_absolute_uri(reverse("tables:rules", args=[current.data.get("rules_slug", "")]))
        qr = segno.make(url, error="m").svg_inline(scale=5, dark="#000", light="#fff")
    return render(request, "tables/sign.html", {"table": table, "sign": current, "qr": qr})


@page("board")
def board(request: HttpRequest) -> HttpResponse:
    """The wall TV: running tables and the waitlists, first names and initials only, server time."""
    template = "tables/board.html#board-live" if is_htmx(request) else "tables/board.html"
    return render(request, template, {"board": room_board()})


@page("rules")
def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "tables/rules_index.html", {"rules": RULES.values()})


@page("rules")
def rules(request: HttpRequest, slug: str) -> HttpResponse:
    if slug not in RULES:
        raise Http404(_("No rules page for this game."))
    english, original = rules_rendered(slug)
    return render(request, "tables/rules.html", {"rules": RULES[slug], "english": english, "original": original})


def _back(table_id: int) -> str:
    return reverse("tables:table", args=[table_id])


@action
def table_create(request: HttpRequest) -> HttpResponse:
    def call() -> object:
        return services.table_create(
            actor=actor(request),
            number=req_int(request.POST, "number"),
            seats=req_int(request.POST, "seats"),
            name=request.POST.get("name", "")[:80],
            game_id=int_field(request.POST, "game_id", required=False),
        )

    return run(request, call, done=_("Table created."), back=reverse("tables:floor"))


@action
def table_configure(request: HttpRequest, table_id: int) -> HttpResponse:
    def call() -> object:
        return services.table_configure(
            actor=actor(request),
            table_id=table_id,
            game_id=int_field(request.POST, "game_id", required=False),
            seats=req_int(request.POST, "seats"),
        )

    return run(request, call, done=_("Table configured."), back=_back(table_id))


TRANSITIONS = {
    "open": (services.table_open, gettext_lazy("Table opened.")),
    "pause": (services.table_pause, gettext_lazy("Table paused.")),
    "resume": (services.table_resume, gettext_lazy("Table resumed.")),
    "close": (services.table_close, gettext_lazy("Table closed.")),
}


@action
def table_transition(request: HttpRequest, table_id: int, transition: str) -> HttpResponse:
    if transition not in TRANSITIONS:
        raise Http404
    service, done = TRANSITIONS[transition]
    return run(request, lambda: service(actor=actor(request), table_id=table_id), done=str(done), back=_back(table_id))


@action
def seat_player(request: HttpRequest, table_id: int) -> HttpResponse:
    def call() -> object:
        return services.seat_player(
            actor=actor(request),
            table_id=table_id,
            player_id=req_int(request.POST, "player_id"),
            seat_number=int_field(request.POST, "seat_number", required=False),
            entry=request.POST.get("entry", ""),
        )

    return run(request, call, done=_("Player seated."), back=_back(table_id))


@action
def seat_stand_up(request: HttpRequest, session_id: int) -> HttpResponse:
    table_id = req_int(request.POST, "table_id")
    call = lambda: services.seat_stand_up(actor=actor(request), session_id=session_id)  # noqa: E731
    return run(request, call, done=_("Player stood up."), back=_back(table_id))


@action
def seat_move(request: HttpRequest, session_id: int) -> HttpResponse:
    def call() -> object:
        return services.seat_move(
            actor=actor(request),
            session_id=session_id,
            table_id=req_int(request.POST, "table_id"),
            seat_number=int_field(request.POST, "seat_number", required=False),
        )

    return run(request, call, done=_("Player moved."), back=_back(req_int(request.POST, "from_table_id")))


@table_action
def seat_away(request: HttpRequest, session_id: int) -> HttpResponse:
    call = lambda: services.seat_away_start(actor=actor(request), session_id=session_id)  # noqa: E731
    return run(request, call, done=_("Player marked away."), back=safe_next(request, reverse("tables:floor")))


@table_action
def seat_back(request: HttpRequest, session_id: int) -> HttpResponse:
    choice = request.POST.get("choice") or AwayReturn.POST  # the service refuses anything but post or wait
    call = lambda: services.seat_away_end(actor=actor(request), session_id=session_id, choice=choice)  # noqa: E731
    return run(request, call, done=_("Player is back."), back=safe_next(request, reverse("tables:floor")))


@action
def dealer_assign(request: HttpRequest, table_id: int) -> HttpResponse:
    call = lambda: services.dealer_assign(  # noqa: E731
        actor=actor(request), table_id=table_id, dealer_id=req_int(request.POST, "dealer_id")
    )
    return run(request, call, done=_("Dealer assigned."), back=safe_next(request, _back(table_id)))


@action
def dealer_release(request: HttpRequest, table_id: int) -> HttpResponse:
    call = lambda: services.dealer_release(actor=actor(request), table_id=table_id)  # noqa: E731
    return run(request, call, done=_("Dealer released."), back=safe_next(request, _back(table_id)))
