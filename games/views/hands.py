"""Pages of the hand record: the log, one hand, its void and correction, PHH export/import, dealer statistics."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST
from rest_framework.exceptions import ValidationError

from config.context_processors import NAV_ROLES
from config.errors import DomainError
from config.gaming_day import check_gaming_day, current_gaming_day
from config.numbers import whole_number
from config.permissions import acting_user, role_required
from config.roles import Role
from games.apis.log import filters_from
from games.models import Hand, HandStatus, PhhExport
from games.selectors import (
    HandFilters,
    dealer_stats,
    hand_detail,
    hand_get_for_user,
    hands_list,
)
from games.selectors.words import event_line, hand_words, street_label
from games.services.corrections import hand_correct, hand_void
from games.services.phh import phh_export_create, phh_export_retry, phh_import
from tables.models import Game, Table

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
    """One hand replayed street by street: the log, pots, winners, fee, the sign in force, the dealer; a floor
    manager voids or corrects it here."""
    try:
        hand = hand_get_for_user(user=request.user, hand_id=hand_id)
    except DomainError:
        return render(request, "games/not_found.html", {"hand_id": hand_id}, status=404)
    return render(request, "games/hand_detail.html", _hand_context(request, hand))


# The reasons the recorder itself writes on a status change (games.services), in the reader's language.
SYSTEM_REASONS = {
    "hand over": gettext_lazy("hand over"),
    "misdeal": gettext_lazy("misdeal"),
    "imported from PHH": gettext_lazy("imported from PHH"),
}


def _hand_context(request: HttpRequest, hand: Hand, **extra: Any) -> dict[str, Any]:
    detail = hand_detail(hand)
    for seat in detail["seats"]:
        seat["words"] = hand_words(seat["description"])
    for street in detail["streets"]:
        street["label"] = street_label(street["street"])
        for event in street["events"]:
            event["line"] = event_line(event["data"])
    for change in detail["status_changes"]:
        full = f"{change['created_by__first_name']} {change['created_by__last_name']}".strip()
        change["by_name"] = full or change["created_by__username"]
        change["from_label"] = HandStatus(change["from_status"]).label
        change["to_label"] = HandStatus(change["to_status"]).label
        # The recorder's own reasons are stored in English; a person's reason is shown as they wrote it.
        change["reason"] = SYSTEM_REASONS.get(change["reason"], change["reason"])
    is_floor = _has(request, (Role.FLOOR_MANAGER,))
    # What a correction starts from: the events in force, undone ones and the undos left out, one per line.
    kept = [e["data"] for st in detail["streets"] for e in st["events"] if not e["undone"] and e["kind"] != "undo"]
    return {
        "hand": hand,
        **detail,
        "is_floor": is_floor,
        "may_void": is_floor and hand.status not in (HandStatus.VOIDED, HandStatus.SUPERSEDED),
        "may_correct": is_floor and hand.status in (HandStatus.COMPLETE, HandStatus.MISDEAL),
        "events_text": "\n".join(
            json.dumps({k: v for k, v in data.items() if v is not None}, ensure_ascii=False) for data in kept
        ),
        **extra,
    }


@require_POST
@role_required(Role.FLOOR_MANAGER)
def hand_void_page(request: HttpRequest, hand_id: int) -> HttpResponse:
    """Void a hand through ``hand_void``: the record stays, marked void; a refusal is shown on the hand's page."""
    try:
        hand = hand_get_for_user(user=request.user, hand_id=hand_id)
    except DomainError:
        return render(request, "games/not_found.html", {"hand_id": hand_id}, status=404)
    reason = request.POST.get("reason", "")
    try:
        hand_void(actor=acting_user(request), hand_id=hand.pk, reason=reason)
    except DomainError as exc:
        # Shown like a form's errors: the page again, with the refusal beside what was entered.
        context = _hand_context(request, hand, void_error=exc.message, void_reason=reason)
        return render(request, "games/hand_detail.html", context)
    messages.success(request, _("Hand %(label)s is void.") % {"label": hand.label})
    return redirect("games:hand", hand.pk)


# A hand has tens of events; these bounds only keep a pasted file from being read line by line.
MAX_CORRECTION_CHARS = 100_000
MAX_CORRECTION_EVENTS = 500


def events_from_text(text: str) -> list[dict[str, Any]]:
    """The corrected hand's events, one JSON object per line (blank lines skipped); a DomainError names the line."""
    if len(text) > MAX_CORRECTION_CHARS:
        raise DomainError(
            _("The events are longer than %(limit)s characters.") % {"limit": MAX_CORRECTION_CHARS}, code="too_large"
        )
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if not lines:
        raise DomainError(_("Enter the corrected hand's events, one per line."), code="events_required")
    if len(lines) > MAX_CORRECTION_EVENTS:
        raise DomainError(
            _("A hand has at most %(limit)s events.") % {"limit": MAX_CORRECTION_EVENTS}, code="too_many_events"
        )
    events: list[dict[str, Any]] = []
    for number, line in lines:
        try:
            data = json.loads(line)
        except (ValueError, RecursionError):
            data = None
        if not isinstance(data, dict):
            raise DomainError(
                _('Line %(line)s is not an event: write it as {"type": ...} in JSON, like the lines shown.')
                % {"line": number},
                code="bad_event",
                line=number,
            )
        events.append(data)
    return events


@require_POST
@role_required(Role.FLOOR_MANAGER)
def hand_correct_page(request: HttpRequest, hand_id: int) -> HttpResponse:
    """Correct a finished hand through ``hand_correct``: a new record supersedes it; the page of the new one
    follows, or the refusal is shown with what was entered."""
    try:
        hand = hand_get_for_user(user=request.user, hand_id=hand_id)
    except DomainError:
        return render(request, "games/not_found.html", {"hand_id": hand_id}, status=404)
    reason, text = request.POST.get("reason", ""), request.POST.get("events", "")
    try:
        new = hand_correct(actor=acting_user(request), hand_id=hand.pk, events=events_from_text(text), reason=reason)
    except DomainError as exc:
        context = _hand_context(
            request, hand, correct_error=exc.message, correct_reason=reason, events_text=text[:MAX_CORRECTION_CHARS]
        )
        return render(request, "games/hand_detail.html", context)
    messages.success(request, _("Hand %(old)s is corrected by %(new)s.") % {"old": hand.label, "new": new.label})
    return redirect("games:hand", new.pk)


@require_POST
@role_required(*OFFICE)
def export_start(request: HttpRequest) -> HttpResponse:
    filters, error = _filters_from_post(request)
    if error:
        # A mistyped filter must not widen the export to every hand: nothing is created. The answer is a
        # 200 partial because htmx swaps no 4xx answer into the page, and the refusal must be read.
        return render(request, "games/_export_refused.html", {"error": error})
    export = phh_export_create(actor=acting_user(request), filters=filters)
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


@require_POST
@role_required(*OFFICE)
def export_retry(request: HttpRequest, export_id: int) -> HttpResponse:
    """A failed export's "Try again": queued again under its number; the card shows it from there."""
    try:
        export = phh_export_retry(export_id=export_id)
    except DomainError as exc:
        return render(request, "games/_export_refused.html", {"error": exc.message})
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
            context["report"] = phh_import(actor=acting_user(request), table_id=table_id, text=text)
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
