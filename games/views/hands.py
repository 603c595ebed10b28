"""Pages of the hand record: the log, one hand, its void and correction, PHH export/import, dealer statistics."""

from __future__ import annotations

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
from config.errors import DomainError, Forbidden, NotFound
from config.gaming_day import check_gaming_day, current_gaming_day
from config.htmx import is_htmx
from config.numbers import whole_number
from config.permissions import acting_user, roles_allowed
from config.roles import Role
from config.room_context import use_records_room
from games.apis.log import filters_from
from games.models import Hand, HandSeat, HandStatus
from games.selectors import (
    HandFilters,
    dealer_stats,
    hand_detail,
    hand_get_for_user,
    hands_list,
)
from games.selectors.hands import hand_events_in_force, phh_export_get_for
from games.selectors.refusals import refusal_text
from games.selectors.words import event_line, hand_words, street_label
from games.services.corrections import (
    CorrectionPreview,
    events_edited,
    hand_correct,
    hand_correction_preview,
    hand_void,
)
from games.services.phh import phh_export_create, phh_export_retry, phh_import
from games.views.correction_form import (
    changes,
    edit_from_post,
    editor_context,
    event_from_post,
    events_from_text,
    events_to_text,
)
from rooms.selectors import room_ids_of
from tables.models import Table
from tables.selectors.tables import games_list

READERS = NAV_ROLES["hands"]
OFFICE = (Role.FLOOR_MANAGER, Role.ACCOUNTANT)
PAGE_SIZE = 50


def _filters(request: HttpRequest) -> tuple[HandFilters, str]:
    data = {k: v for k, v in request.GET.items() if v and k != "page"}
    try:
        return filters_from(data), ""
    except ValidationError as exc:
        return HandFilters(), f"Filters ignored: {exc.detail}"


@roles_allowed(*READERS).page
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
        "tables": Table.objects.filter(room_id__in=room_ids_of(request.user)).order_by("number"),
        "games": games_list(room_ids=room_ids_of(request.user)).order_by("name"),
        "statuses": HandStatus.choices,
        "is_office": _has(request, OFFICE),
        "is_floor": _has(request, (Role.FLOOR_MANAGER,)),
    }
    return render(request, "games/hand_list.html", context)


def _has(request: HttpRequest, roles: tuple[str, ...]) -> bool:
    from config.roles import has_any_role

    return has_any_role(request.user, roles)


@roles_allowed(*READERS).page
def hand_page(request: HttpRequest, hand_id: int) -> HttpResponse:
    """One hand replayed street by street: the log, pots, winners, fee, the sign in force, the dealer; a floor
    manager voids or corrects it here."""
    hand = _readable_hand(request, hand_id)
    if isinstance(hand, HttpResponse):
        return hand
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
    may_correct = is_floor and hand.status in (HandStatus.COMPLETE, HandStatus.MISDEAL)
    context = {
        "hand": hand,
        **detail,
        "is_floor": is_floor,
        "may_void": is_floor and hand.status not in (HandStatus.VOIDED, HandStatus.SUPERSEDED),
        "may_correct": may_correct,
    }
    if may_correct:
        seats = [s["seat"] for s in detail["seats"]]
        context["editor"] = editor_context(hand, hand_events_in_force(hand), seats=seats)
    return {**context, **extra}


@require_POST
@roles_allowed(Role.FLOOR_MANAGER).page
def hand_void_page(request: HttpRequest, hand_id: int) -> HttpResponse:
    """Void a hand through ``hand_void``: the record stays, marked void; a refusal is shown on the hand's page."""
    hand = _readable_hand(request, hand_id)
    if isinstance(hand, HttpResponse):
        return hand
    reason = request.POST.get("reason", "")
    try:
        hand_void(actor=acting_user(request), hand_id=hand.pk, reason=reason)
    except DomainError as exc:
        # Shown like a form's errors: the page again, with the refusal beside what was entered.
        context = _hand_context(request, hand, void_error=exc.message, void_reason=reason)
        return render(request, "games/hand_detail.html", context)
    messages.success(request, _("Hand %(label)s is void.") % {"label": hand.label})
    return redirect("games:hand", hand.pk)


def _readable_hand(request: HttpRequest, hand_id: int) -> Hand | HttpResponse:
    """The hand the user may read, its room's money and time the page's (a group accountant's picked
    room may be another); else the page that says it is not found."""
    try:
        hand = hand_get_for_user(user=request.user, hand_id=hand_id)
    except DomainError:
        return render(request, "games/not_found.html", {"hand_id": hand_id}, status=404)
    use_records_room(hand.table.room)
    return hand


def _correction_answer(request: HttpRequest, hand: Hand, name: str, context: dict[str, Any]) -> HttpResponse:
    """htmx gets the region ``name`` of the page; a browser without it, the hand's page around it. A refusal is
    a 200 with the refusal in it: htmx swaps no 4xx answer into the page, and the refusal must be read."""
    if is_htmx(request):
        return render(request, f"games/hand_detail.html#{name}", {"hand": hand, **context})
    return render(request, "games/hand_detail.html", _hand_context(request, hand, **context))


def _working_events(request: HttpRequest, hand: Hand) -> list[dict[str, Any]]:
    """The events the form works on: those it carries, else the record's in force."""
    text = request.POST.get("events")
    return hand_events_in_force(hand) if text is None else events_from_text(text)


@require_POST
@roles_allowed(Role.FLOOR_MANAGER).page
def hand_correct_form(request: HttpRequest, hand_id: int) -> HttpResponse:
    """The correction form for the event just picked, its fields filled with what was recorded."""
    hand = _readable_hand(request, hand_id)
    if isinstance(hand, HttpResponse):
        return hand
    picked = request.POST.copy()
    picked.pop("kind", None)  # a new pick shows the event as recorded, not the fields of the last one
    try:
        events = _working_events(request, hand)
    except DomainError as exc:
        context = {**_editor(hand, hand_events_in_force(hand), None), "correct_error": exc.message}
        return _correction_answer(request, hand, "correction", context)
    return _correction_answer(request, hand, "editor", _editor(hand, events, picked))


def _editor(hand: Hand, events: list[dict[str, Any]], post: Any, *, picked: int | None = None) -> dict[str, Any]:
    seats = list(HandSeat.objects.filter(hand=hand).order_by("seat_number").values_list("seat_number", flat=True))
    return {"may_correct": True, "editor": editor_context(hand, events, seats=seats, post=post, picked=picked)}


@require_POST
@roles_allowed(Role.FLOOR_MANAGER).page
def hand_correct_preview(request: HttpRequest, hand_id: int) -> HttpResponse:
    """The hand replayed by the engine with the change the form describes: each seat's stack, each pot and
    the fee before and after, and the form to record it with a reason; nothing is written.

    A form that describes no event is shown again as it was filled. A change the engine refuses is kept,
    with the refused event picked and the rule named, so the next change can mend what it broke (an event
    inserted makes the next one out of turn until that one is changed too)."""
    hand = _readable_hand(request, hand_id)
    if isinstance(hand, HttpResponse):
        return hand
    recorded = hand_events_in_force(hand)
    events: list[dict[str, Any]] = recorded
    try:
        events = _working_events(request, hand)
        index, op = edit_from_post(request.POST)
        base = events[index] if index < len(events) else None
        event = None if op == "remove" else event_from_post(request.POST, hand=hand, base=base)
        events = events_edited(events, index=index, op=op, event=event)
    except DomainError as exc:
        context = {**_editor(hand, events, request.POST), "correct_error": exc.message}
        return _correction_answer(request, hand, "correction", context)
    try:
        preview = hand_correction_preview(actor=acting_user(request), hand_id=hand.pk, events=events)
    except DomainError as exc:
        refused = exc.details.get("event_index")
        context = {
            **_editor(hand, events, None, picked=refused + 1 if isinstance(refused, int) else None),
            "correct_error": refusal_text(exc, events),
            "preview_changes": changes(recorded, events),
        }
        return _correction_answer(request, hand, "correction", context)
    context = {
        **_editor(hand, preview.events, None),
        "preview": preview,
        "preview_seats": _seat_rows(hand, preview),
        "preview_changes": changes(recorded, preview.events),
        "corrected_text": events_to_text(preview.events),
    }
    return _correction_answer(request, hand, "correction", context)


def _seat_rows(hand: Hand, preview: CorrectionPreview) -> list[dict[str, Any]]:
    names = {
        s.seat_number: s.player.full_name if s.player else ""
        for s in HandSeat.objects.filter(hand=hand).select_related("player")
    }
    return [
        {
            "seat": c.seat,
            "player": names.get(c.seat, ""),
            "before": c.before,
            "after": c.after,
            "change": c.after - c.before,
        }
        for c in preview.stacks
    ]


@require_POST
@roles_allowed(Role.FLOOR_MANAGER).page
def hand_correct_page(request: HttpRequest, hand_id: int) -> HttpResponse:
    """Record the correction previewed through ``hand_correct``: a new record supersedes the hand; the page of
    the new one follows, or the refusal is shown with the correction kept to look at again."""
    hand = _readable_hand(request, hand_id)
    if isinstance(hand, HttpResponse):
        return hand
    reason, text = request.POST.get("reason", ""), request.POST.get("events", "")
    events: list[dict[str, Any]] = []
    try:
        events = events_from_text(text)
        new = hand_correct(actor=acting_user(request), hand_id=hand.pk, events=events, reason=reason)
    except DomainError as exc:
        message = refusal_text(exc, events)
        context = {"correct_error": message, "correct_reason": reason[:300]}
        if events:
            context.update(_editor(hand, events, None))
        return render(request, "games/hand_detail.html", _hand_context(request, hand, **context))
    messages.success(request, _("Hand %(old)s is corrected by %(new)s.") % {"old": hand.label, "new": new.label})
    return redirect("games:hand", new.pk)


@require_POST
@roles_allowed(*OFFICE).page
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


@roles_allowed(*OFFICE).page
def export_progress(request: HttpRequest, export_id: int) -> HttpResponse:
    try:
        export = phh_export_get_for(user=request.user, export_id=export_id)
    except NotFound:
        return render(request, "games/not_found.html", {}, status=404)
    return render(request, "games/_export.html", {"export": export})


@require_POST
@roles_allowed(*OFFICE).page
def export_retry(request: HttpRequest, export_id: int) -> HttpResponse:
    """A failed export's "Try again": queued again under its number; the card shows it from there."""
    try:
        export = phh_export_retry(actor=acting_user(request), export_id=export_id)
    except NotFound:
        return render(request, "games/not_found.html", {}, status=404)
    except DomainError as exc:
        return render(request, "games/_export_refused.html", {"error": exc.message})
    return render(request, "games/_export.html", {"export": export})


@roles_allowed(Role.FLOOR_MANAGER).page
def import_page(request: HttpRequest) -> HttpResponse:
    """Import a .phh/.phhs file into a table's history, with a per-hand report."""
    tables = Table.objects.filter(room_id__in=room_ids_of(request.user)).exclude(game=None).order_by("number")
    context: dict[str, Any] = {"tables": tables, "report": None}
    if request.method == "POST":
        upload = request.FILES.get("file")
        text = upload.read().decode("utf-8", errors="replace") if upload else request.POST.get("text", "")
        table_id = whole_number(request.POST.get("table_id", ""))
        try:
            if table_id is None:
                raise DomainError(_("Choose a table."), code="bad_table")
            context["report"] = phh_import(actor=acting_user(request), table_id=table_id, text=text)
        except (Forbidden, NotFound):
            raise  # another room's table or none: the refusal page (config.middleware), as for a record
        except DomainError as exc:
            context["error"] = exc.message
    return render(request, "games/import.html", context)


@roles_allowed(*OFFICE).page
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
    rows = dealer_stats(day_from=day_from, day_to=day_to, user=request.user)
    return render(request, "games/stats.html", {"rows": rows, "day_from": day_from, "day_to": day_to})
