"""Pages of the fee policies per table and game, and of the time charges at a table."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import DomainError
from config.htmx import is_htmx
from config.permissions import acting_user, forbidden, roles_allowed
from config.roles import Role, has_any_role
from rake import selectors, services
from rake.models import TimeChargeStatus
from rake.views.forms import FeePolicyForm
from rooms.selectors import check_works_in
from tables.models import Game, GameKind, Table
from tables.selectors.tables import games_list
from tables.views.common import page_room

POLICY_READERS = (Role.FLOOR_MANAGER, Role.ACCOUNTANT)
POLICY_WRITERS = (Role.FLOOR_MANAGER,)
CHARGE_MARKERS = (Role.FLOOR_MANAGER, Role.DEALER)
# Accountants read the charges (as in the API), and mark none.
CHARGE_READERS = (*CHARGE_MARKERS, Role.ACCOUNTANT)


@roles_allowed(*POLICY_READERS).page
def fee_policies(request: HttpRequest) -> HttpResponse:
    """Every table and game of the room picked in the top bar with the fee in force now."""
    room = page_room(request)
    tables = list(Table.objects.filter(room=room).select_related("game").order_by("number"))
    games = list(games_list(room_ids=[room.pk]))
    rows = [(t, selectors.fee_policy_in_force(table_id=t.pk)) for t in tables]
    game_rows = [(g, selectors.game_fee_policy_in_force(game_id=g.pk)) for g in games]
    context = {
        "table_rows": [(t, v, selectors.fee_line(v, has_flop=_has_flop(t.game)) if v else None) for t, v in rows],
        "game_rows": [(g, v, selectors.fee_line(v, has_flop=_has_flop(g)) if v else None) for g, v in game_rows],
    }
    return render(request, "rake/fee_policies.html", context)


def _has_flop(game: Game | None) -> bool:
    return game is None or game.kind != GameKind.CLUB_POKER


def _policy_page(request: HttpRequest, *, table: Table | None, game: Game | None) -> HttpResponse:
    may_set = has_any_role(request.user, POLICY_WRITERS)
    form = FeePolicyForm(request.POST or None, initial={"kind": "percentage", "no_flop_no_drop": True})
    if request.method == "POST":
        if not may_set:
            return forbidden(request, POLICY_WRITERS)
        if form.is_valid():
            user = acting_user(request)
            try:
                services.fee_policy_set(
                    actor=user,
                    table_id=table.pk if table else None,
                    game_id=game.pk if game else None,
                    effective_from=form.cleaned_data.get("effective_from"),
                    reason=form.cleaned_data["reason"],
                    **form.policy,
                )
            except DomainError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, _("The new fee version is recorded."))
                return HttpResponseRedirect(request.path)
    history = selectors.fee_policy_history(
        table_id=table.pk if table else None, game_id=game.pk if game is not None and table is None else None
    )
    owner_game = table.game if table else game
    in_force = (
        selectors.fee_policy_in_force(table_id=table.pk)
        if table
        else selectors.game_fee_policy_in_force(game_id=game.pk if game else 0)
    )
    context: dict[str, Any] = {
        "table": table,
        "game": game,
        "history": [(v, selectors.fee_line(v, has_flop=_has_flop(owner_game))) for v in history],
        "in_force": in_force,
        "in_force_line": selectors.fee_line(in_force, has_flop=_has_flop(owner_game)) if in_force else None,
        "inherited": bool(table and in_force and in_force.table_id is None),
        "form": form if may_set else None,
        "now": timezone.now(),
    }
    return render(request, "rake/fee_policy.html", context, status=400 if form.errors else 200)


@roles_allowed(*POLICY_READERS).page
def table_fee_policy(request: HttpRequest, table_id: int) -> HttpResponse:
    table = Table.objects.select_related("game").filter(pk=table_id).first()
    if table is None:
        return render(request, "rake/not_found.html", {"what": _("Table %(id)s") % {"id": table_id}}, status=404)
    # Another room's table is that room's staff's (403 not_your_room, the refusal page).
    check_works_in(request.user, room_id=table.room_id)
    return _policy_page(request, table=table, game=None)


@roles_allowed(*POLICY_READERS).page
def game_fee_policy(request: HttpRequest, game_id: int) -> HttpResponse:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return render(request, "rake/not_found.html", {"what": _("Game %(id)s") % {"id": game_id}}, status=404)
    # Another room's game is that room's staff's, as its tables are.
    check_works_in(request.user, room_id=game.room_id)
    return _policy_page(request, table=None, game=game)


@roles_allowed(*CHARGE_READERS).page
def table_time_charges(request: HttpRequest, table_id: int) -> HttpResponse:
    """The time charges at a table: due first, with collect and not-collected buttons for those who mark them."""
    table = Table.objects.select_related("game").filter(pk=table_id).first()
    if table is None:
        return render(request, "rake/not_found.html", {"what": _("Table %(id)s") % {"id": table_id}}, status=404)
    # Another room's table is that room's staff's (403 not_your_room, the refusal page).
    check_works_in(request.user, room_id=table.room_id)
    visible = selectors.visible_table_ids(request.user)
    if visible is not None and table.pk not in visible:
        return forbidden(request, CHARGE_READERS)
    try:
        selectors.check_may_mark_time_charges(request.user, table_id=table.pk)
        may_mark = True
    except DomainError:
        may_mark = False
    charges = selectors.time_charges_list(table_ids=[table.pk])
    context = {
        "table": table,
        "may_mark": may_mark,
        "due": list(charges.filter(status=TimeChargeStatus.DUE).order_by("period_start", "pk")),
        "marked": list(charges.exclude(status=TimeChargeStatus.DUE)[:50]),
        "fee_line": selectors.table_fee_line(table.pk),
    }
    return render(request, "rake/time_charges.html", context)


def _mark(request: HttpRequest, charge_id: int, *, collected: bool) -> HttpResponse:
    user = acting_user(request)
    try:
        charge = selectors.time_charge_get_for_user(charge_id=charge_id, user=user)
        if collected:
            charge = services.time_charge_collect(actor=user, charge_id=charge_id)
        else:
            charge = services.time_charge_not_collected(
                actor=user, charge_id=charge_id, reason=request.POST.get("reason", "")
            )
        error = None
    except DomainError as exc:
        error = exc.message
        if exc.status in (403, 404):
            return render(request, "rake/not_found.html", {"what": error}, status=exc.status)
        charge = selectors.time_charge_get_for_user(charge_id=charge_id, user=user)
    if is_htmx(request):
        charge = selectors.time_charge_get_for_user(charge_id=charge.pk, user=user)
        context = {"charge": charge, "error": error, "may_mark": True}
        return render(request, "rake/time_charges.html#charge_row", context, status=400 if error else 200)
    if error:
        messages.error(request, error)
    return HttpResponseRedirect(reverse("rake:table_time_charges", args=[charge.table_id]))


@require_POST
@roles_allowed(*CHARGE_MARKERS).page
def time_charge_collect(request: HttpRequest, charge_id: int) -> HttpResponse:
    return _mark(request, charge_id, collected=True)


@require_POST
@roles_allowed(*CHARGE_MARKERS).page
def time_charge_not_collected(request: HttpRequest, charge_id: int) -> HttpResponse:
    return _mark(request, charge_id, collected=False)
