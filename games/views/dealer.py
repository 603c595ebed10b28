"""The dealer's screen: the tablet at the table, and between hands the chips panel (buy-ins, add-ons, rebuys)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from config.errors import DomainError, Forbidden
from config.money import exponent, format_money, parse_typed_amount
from config.numbers import whole_number
from config.permissions import acting_user, forbidden, roles_allowed
from config.roles import Role
from config.room_context import use_records_room
from games.models import BuyInSource, Hand, HandStatus, StackKind
from games.selectors import check_may_record, current_hand_summary
from games.selectors.stacks import buy_in_sources
from games.services.stacks import seat_stack_add, seated_with_stacks
from tables.models import Table
from tables.selectors import dealer_assigned_now, sign_current


def _recording_table(request: HttpRequest, table_id: int) -> Table | HttpResponse:
    """The table, if the user records hands at it now (a floor manager, or its dealer now); else the answer."""
    table = Table.objects.select_related("game", "room").filter(pk=table_id).first()
    if table is None:
        return render(request, "games/not_found.html", {"table_id": table_id}, status=404)
    try:
        check_may_record(request.user, table_id=table.pk, table_number=table.number)
    except Forbidden as refused:  # the role is right, the table is not theirs: say which one is
        return forbidden(request, (Role.FLOOR_MANAGER, Role.DEALER), reason=refused.message)
    use_records_room(table.room)
    return table


def money_format() -> dict[str, Any]:
    """How ``format_money`` writes amounts, for the dealer's screen to write them the same way."""
    digits = exponent()
    sample = format_money(1_234_567 * 10**digits + (1 if digits else 0))
    return {
        "exponent": digits,
        "group": "" if sample[1].isdigit() else sample[1],
        "decimal": sample[-digits - 1] if digits else ".",
    }


@roles_allowed(Role.FLOOR_MANAGER, Role.DEALER).page
def dealer_screen(request: HttpRequest, table_id: int) -> HttpResponse:
    """The tablet at the table: one page per table; the dealer assigned now or a floor manager."""
    table = _recording_table(request, table_id)
    if isinstance(table, HttpResponse):
        return table
    current = current_hand_summary(table_id=table.pk)
    dealer = dealer_assigned_now(table_id=table.pk)
    context = {
        "table": table,
        # Between hands the last hand stays on the screen with its result, until the next one starts.
        "hand_id": current["hand_id"] if current else _last_hand_id(table),
        "dealer": dealer,
        "dealer_name": (dealer.get_full_name() or dealer.get_username()) if dealer else "",
        "sign": sign_current(table_id=table.pk),
        "rules_slug": table.game.rules_slug if table.game else "",
        "money": money_format(),
        **_chips_context(table, hand_open=current is not None),
    }
    return render(request, "games/dealer.html", context)


def _last_hand_id(table: Table) -> int | str:
    """The table's last hand dealt, or the record in force that corrects it; nothing when it was voided."""
    last = (
        Hand.objects.filter(table_id=table.pk, corrects__isnull=True)
        .order_by("-id")
        .values_list("pk", "status")
        .first()
    )
    for _step in range(MAX_CORRECTION_CHAIN):
        if last is None or last[1] == HandStatus.VOIDED:
            return ""
        if last[1] != HandStatus.SUPERSEDED:
            return last[0]
        last = Hand.objects.filter(corrects_id=last[0]).values_list("pk", "status").first()
    return ""


# A hand corrected again and again is followed this far before the screen shows no last hand.
MAX_CORRECTION_CHAIN = 10


def _chips_context(table: Table, *, hand_open: bool) -> dict[str, Any]:
    rows = []
    for seated in seated_with_stacks(table.pk):
        stack = seated.stack
        rows.append(
            {
                "seat": seated.session.seat_number,
                "name": seated.session.player.masked_name,
                "stack": stack,
                "kind": StackKind.BUY_IN if stack is None else StackKind.ADD_ON,
                "label": _("Buy-in") if stack is None else _("Rebuy") if stack == 0 else _("Add-on"),
            }
        )
    return {"table": table, "chip_seats": rows, "hand_open": hand_open, "sources": buy_in_sources(table.room)}


@roles_allowed(Role.FLOOR_MANAGER, Role.DEALER).page
def dealer_chips(request: HttpRequest, table_id: int) -> HttpResponse:
    """Between hands: the seated players' chips, and a buy-in, add-on or rebuy typed in the room's money
    format, recorded by ``seat_stack_add`` (the service of ``POST /api/v1/hands/tables/<id>/stacks/``).

    htmx swaps the panel, with the refusal or what was recorded; a refusal is a 200 partial because htmx
    swaps no 4xx answer into the page. Without htmx the dealer's screen is shown again.
    """
    table = _recording_table(request, table_id)
    if isinstance(table, HttpResponse):
        return table
    outcome: dict[str, Any] = {}
    if request.method == "POST":
        outcome = _chips_record(request, table)
        if not getattr(request, "htmx", False):
            level = messages.ERROR if "chips_error" in outcome else messages.SUCCESS
            messages.add_message(request, level, outcome.get("chips_error") or outcome["chips_done"])
            return redirect(reverse("games:dealer", args=[table.pk]))
    hand_open = Hand.objects.filter(table_id=table.pk, status=HandStatus.OPEN).exists()
    return render(request, "games/dealer.html#chips", {**_chips_context(table, hand_open=hand_open), **outcome})


def _chips_record(request: HttpRequest, table: Table) -> dict[str, Any]:
    seat = whole_number(request.POST.get("seat_number", ""))
    kind = request.POST.get("kind", "")
    source = request.POST.get("source", BuyInSource.PLAYER_CHIPS)
    raw = request.POST.get("amount", "").strip()
    try:
        if seat is None:
            raise DomainError(_("Choose a seat."), code="bad_seat")
        if kind not in (StackKind.BUY_IN, StackKind.ADD_ON):
            raise DomainError(_("Choose a buy-in or an add-on."), code="bad_stack_kind")
        amount = parse_typed_amount(raw, field=_("Amount"))
        row = seat_stack_add(
            actor=acting_user(request), table_id=table.pk, seat_number=seat, amount=amount, kind=kind, source=source
        )
    except DomainError as exc:
        return {"chips_error": exc.message, "chips_seat": seat, "chips_amount": raw[:40], "chips_source": source}
    words = {
        StackKind.BUY_IN: _("Seat %(seat)s: buy-in %(amount)s recorded; stack %(stack)s."),
        StackKind.ADD_ON: _("Seat %(seat)s: add-on %(amount)s recorded; stack %(stack)s."),
    }
    done = words[StackKind(kind)] % {
        "seat": seat,
        "amount": format_money(amount),
        "stack": format_money(row.stack),
    }
    if row.source == BuyInSource.CASH_AT_TABLE:
        done += " " + _("Cash %(amount)s into the drop box, the chips from the tray.") % {
            "amount": format_money(amount)
        }
    return {"chips_done": done, "chips_seat": seat}
