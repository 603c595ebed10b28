"""Pages of the hand record: the log, one hand, the dealer's screen, PHH export/import, dealer statistics."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, cast

from django.contrib.auth.models import User
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from rest_framework.exceptions import ValidationError

from config.context_processors import NAV_ROLES
from config.errors import DomainError, Forbidden
from config.gaming_day import check_gaming_day, current_gaming_day
from config.numbers import whole_number
from config.permissions import forbidden, role_required
from config.roles import Role
from games.apis.log import filters_from
from games.models import HandStatus, PhhExport
from games.selectors import (
    HandFilters,
    check_may_record,
    current_hand_summary,
    dealer_stats,
    hand_detail,
    hand_get_for_user,
    hands_list,
)
from games.services.phh import phh_export_create, phh_import
from tables.models import Game, Table
from tables.selectors import dealer_assigned_now, sign_current

READERS = NAV_ROLES["hands"]
OFFICE = (Role.FLOOR_MANAGER, Role.ACCOUNTANT)
PAGE_SIZE = 50


def _filters(request: HttpRequest) -> tuple[HandFilters, str]:
    data = {k: v for k, v in request.GET.items() if v and k != "page"}
    try:
        return filters_from(data), ""
    except ValidationError as exc:
        return HandFilters(), f"Filters ignored: {exc.detail}"


@role_required(*READERS)
def hand_list(request: HttpRequest) -> HttpResponse:
    """The hand log with its filters, PHH export with a progress bar, links to import and statistics."""
    filters, problem = _filters(request)
    page = Paginator(hands_list(user=request.user, filters=filters), PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "page": page,
        "filters": filters,
        "problem": problem,
        "query": query.urlencode(),
        "tables": Table.objects.order_by("number"),
        "games": Game.objects.order_by("name"),
        "statuses": HandStatus.choices,
        "is_office": _has(request, OFFICE),
        "is_floor": _has(request, (Role.FLOOR_MANAGER,)),
    }
    return render(request, "games/hand_list.html", context)


def _has(request: HttpRequest, roles: tuple[str, ...]) -> bool:
    from config.roles import has_any_role

    return has_any_role(request.user, roles)


@role_required(*READERS)
def hand_page(request: HttpRequest, hand_id: int) -> HttpResponse:
    """One hand replayed street by street: the log, pots, winners, fee, the sign in force, the dealer."""
    try:
        hand = hand_get_for_user(user=request.user, hand_id=hand_id)
    except DomainError:
        return render(request, "games/not_found.html", {"hand_id": hand_id}, status=404)
    context: dict[str, Any] = {"hand": hand, **hand_detail(hand)}
    context["is_floor"] = _has(request, (Role.FLOOR_MANAGER,))
    return render(request, "games/hand_detail.html", context)


@role_required(Role.FLOOR_MANAGER, Role.DEALER)
def dealer_screen(request: HttpRequest, table_id: int) -> HttpResponse:
    """The tablet at the table: one page per table; the dealer assigned now or a floor manager."""
    table = Table.objects.select_related("game").filter(pk=table_id).first()
    if table is None:
        return render(request, "games/not_found.html", {"table_id": table_id}, status=404)
    try:
        check_may_record(request.user, table_id=table.pk, table_number=table.number)
    except Forbidden:
        return forbidden(request, (Role.FLOOR_MANAGER, Role.DEALER))
    current = current_hand_summary(table_id=table.pk)
    context = {
        "table": table,
        "hand_id": current["hand_id"] if current else "",
        "dealer": dealer_assigned_now(table_id=table.pk),
        "sign": sign_current(table_id=table.pk),
        "rules_slug": table.game.rules_slug if table.game else "",
    }
    return render(request, "games/dealer.html", context)


@require_POST
@role_required(*OFFICE)
def export_start(request: HttpRequest) -> HttpResponse:
    filters, error = _filters_from_post(request)
    if error:
        # A mistyped filter must not widen the export to every hand: nothing is created. The answer is a
        # 200 partial because htmx swaps no 4xx answer into the page, and the refusal must be read.
        return render(request, "games/_export_refused.html", {"error": error})
    export = phh_export_create(actor=cast(User, request.user), filters=filters)
    export.refresh_from_db()
    return render(request, "games/_export.html", {"export": export})


def _filters_from_post(request: HttpRequest) -> tuple[HandFilters, str]:
    data = {k: v for k, v in request.POST.items() if v and k not in ("csrfmiddlewaretoken", "page")}
    try:
        return filters_from(data), ""
    except ValidationError as exc:
        return HandFilters(), str(exc.detail)


@role_required(*OFFICE)
def export_progress(request: HttpRequest, export_id: int) -> HttpResponse:
    export = PhhExport.objects.filter(pk=export_id).first()
    if export is None:
        return render(request, "games/not_found.html", {}, status=404)
    return render(request, "games/_export.html", {"export": export})


@role_required(Role.FLOOR_MANAGER)
def import_page(request: HttpRequest) -> HttpResponse:
    """Import a .phh/.phhs file into a table's history, with a per-hand report."""
    context: dict[str, Any] = {"tables": Table.objects.exclude(game=None).order_by("number"), "report": None}
    if request.method == "POST":
        upload = request.FILES.get("file")
        text = upload.read().decode("utf-8", errors="replace") if upload else request.POST.get("text", "")
        table_id = whole_number(request.POST.get("table_id", ""))
        try:
            if table_id is None:
                raise DomainError(_("Choose a table."), code="bad_table")
            context["report"] = phh_import(actor=cast(User, request.user), table_id=table_id, text=text)
        except DomainError as exc:
            context["error"] = exc.message
    return render(request, "games/import.html", context)


@role_required(*OFFICE)
def stats_page(request: HttpRequest) -> HttpResponse:
    """Dealer statistics over a range of gaming days (default: the last 7)."""
    from datetime import date

    today = current_gaming_day()
    try:
        day_to = date.fromisoformat(request.GET["day_to"]) if request.GET.get("day_to") else today
        # Refused (DomainError: a 400 page) before the arithmetic below could overflow on a far date.
        check_gaming_day(day_to, field="day_to")
        day_from = date.fromisoformat(request.GET["day_from"]) if request.GET.get("day_from") else day_to - timedelta(6)
        check_gaming_day(day_from, field="day_from")
    except ValueError:
        day_from, day_to = today - timedelta(6), today
    rows = dealer_stats(day_from=day_from, day_to=day_to)
    return render(request, "games/stats.html", {"rows": rows, "day_from": day_from, "day_to": day_to})
