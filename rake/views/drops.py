"""Pages of the money flow: drop counts (blind tallies, explanation), reconciliation, gaming days."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import DomainError
from config.gaming_day import current_gaming_day
from config.money import parse_typed_amount
from config.numbers import whole_number
from config.permissions import acting_user, roles_allowed
from config.roles import Role, has_any_role, user_roles
from config.room_context import use_records_room
from ledger.models import Denomination
from ledger.selectors.chips import chip_counts
from rake import selectors, services
from rake.selectors.drops import results_visible
from rake.services.days import CLOSER_ROLE
from rooms.models import Room
from rooms.selectors import room_for
from tables.models import Table
from tables.views.common import int_field, page_room


def _day(value: str | None, room: Room) -> date:
    try:
        return date.fromisoformat(value) if value else current_gaming_day(room=room)
    except ValueError:
        return current_gaming_day(room=room)


@roles_allowed(*selectors.DROP_READER_ROLES).page
def drop_counts(request: HttpRequest) -> HttpResponse:
    """A gaming day's drop counts and its reconciliation in the room picked in the top bar; floor managers
    start a count here."""
    room = page_room(request)
    day = _day(request.GET.get("gaming_day"), room)
    context: dict[str, Any] = {
        "day": day,
        "room": room,
        "rows": selectors.drop_reconciliation(gaming_day=day, room_ids=[room.pk]),
        "may_start": has_any_role(request.user, selectors.DROP_STARTER_ROLES),
        "tables": Table.objects.filter(room=room).order_by("number"),
    }
    return render(request, "rake/drop_counts.html", context)


@require_POST
@roles_allowed(*selectors.DROP_STARTER_ROLES).page
def drop_count_start(request: HttpRequest) -> HttpResponse:
    table_id = whole_number(request.POST.get("table_id") or "")
    try:
        if table_id is None:
            raise DomainError(_("Choose a table."), code="bad_table")
        count = services.drop_count_start(actor=acting_user(request), table_id=table_id)
    except DomainError as exc:
        messages.error(request, exc.message)
        return HttpResponseRedirect(reverse("rake:drop_counts"))
    return HttpResponseRedirect(reverse("rake:drop_count", args=[count.pk]))


@roles_allowed(*selectors.DROP_READER_ROLES).page
def drop_count(request: HttpRequest, count_id: int) -> HttpResponse:
    try:
        count = selectors.drop_count_get_for_user(count_id=count_id, user=request.user)
    except DomainError as exc:
        return render(request, "rake/not_found.html", {"what": exc.message}, status=404)
    user = acting_user(request)
    this_round = [t for t in count.tallies.all() if t.round == count.round]
    visible = results_visible(count)
    context = {
        "count": count,
        "visible": visible,
        "tallies_this_round": len(this_round),
        "may_tally": count.status == "counting"
        and has_any_role(user, selectors.DROP_COUNTER_ROLES)
        and all(t.counter_id != user.pk for t in this_round),
        "may_explain": count.status == "needs_explanation"
        and has_any_role(user, selectors.DROP_SUPERVISOR_ROLES)
        and all(t.counter_id != user.pk for t in this_round),
        "denominations": Denomination.objects.filter(room_id=count.table.room_id, active=True).order_by("-value"),
    }
    return render(request, "rake/drop_count.html", context)


@require_POST
@roles_allowed(*selectors.DROP_COUNTER_ROLES).page
def drop_count_tally(request: HttpRequest, count_id: int) -> HttpResponse:
    try:
        chips = chip_counts(request.POST)  # the room's whole-number grammar, as at the cage
        raw_cash = request.POST.get("cash", "").strip()
        # The cash is typed in the money of the count's room.
        use_records_room(selectors.drop_count_get_for_user(count_id=count_id, user=request.user).table.room)
        cash = parse_typed_amount(raw_cash, field=_("Cash"), allow_zero=True) if raw_cash else 0
        result = services.drop_tally_record(actor=acting_user(request), count_id=count_id, chips=chips, cash=cash)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        if result.agreed is None:
            messages.success(request, _("Your count is recorded. The second counter counts next."))
        elif result.agreed is False:
            messages.error(request, _("The two counts differ: count the box again, both of you."))
        else:
            messages.success(request, _("The two counts agree."))
    return HttpResponseRedirect(reverse("rake:drop_count", args=[count_id]))


@require_POST
@roles_allowed(*selectors.DROP_SUPERVISOR_ROLES).page
def drop_count_explain(request: HttpRequest, count_id: int) -> HttpResponse:
    try:
        services.drop_count_explain(
            actor=acting_user(request), count_id=count_id, explanation=request.POST.get("explanation", "")
        )
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("The variance is explained; the count is final."))
    return HttpResponseRedirect(reverse("rake:drop_count", args=[count_id]))


@roles_allowed(Role.ACCOUNTANT).page
def gaming_days(request: HttpRequest) -> HttpResponse:
    """The last two weeks of gaming days of the room picked in the top bar; an accountant closes a day once
    its drops are counted."""
    room = page_room(request)
    context = {
        "room": room,
        "days": selectors.gaming_days_list(room=room),
        "may_close": CLOSER_ROLE in user_roles(request.user),
    }
    return render(request, "rake/gaming_days.html", context)


@require_POST
@roles_allowed(Role.ACCOUNTANT).page
def gaming_day_close(request: HttpRequest) -> HttpResponse:
    try:
        day = date.fromisoformat(request.POST.get("gaming_day", ""))
        # The room the form was shown for: another tab may have picked another room since.
        room = room_for(user=request.user, room_id=int_field(request.POST, "room_id", required=False))
        services.gaming_day_close(
            actor=acting_user(request), room=room, gaming_day=day, note=request.POST.get("note", "")
        )
    except ValueError:
        messages.error(request, _("Name the gaming day to close."))
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("The gaming day %(day)s is closed.") % {"day": day.isoformat()})
    return HttpResponseRedirect(reverse("rake:gaming_days"))
