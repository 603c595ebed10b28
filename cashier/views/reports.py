"""The cage's reports and logs, each exportable to CSV and XLSX; slips and tray counts signed here."""

from __future__ import annotations

from datetime import date

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cashier.models import SlipKind, TrayCountKind
from cashier.selectors.compliance import large_cash_log
from cashier.selectors.reports import cage_summary, shift_get_for_user, slips_log, tray_counts_log
from cashier.selectors.slips import ISSUE, RECEIVE, SLIP_STEPS, VOID, slip_desk_for, slip_steps
from cashier.services.slips import slip_issue, slip_receive, slip_request, slip_void_confirm, slip_void_request
from cashier.services.trays import tray_count_record, tray_count_sign
from cashier.views import forms
from cashier.views.common import MENU_ROLES, SLIP_ROLES, TRAY_ROLES, form_key, post_once, url
from cashier.views.exports import export_response, wants_export
from config.gaming_day import current_gaming_day
from config.money import format_money
from config.permissions import acting_user, roles_allowed
from config.roles import Role
from ledger.selectors.balances import chips_outstanding, denominations, ledger_check, stale_balances_shown
from rooms.models import Room
from tables.models import Table
from tables.views.common import page_room


def _day(request: HttpRequest, room: Room) -> date:
    try:
        return date.fromisoformat(request.GET.get("day", ""))
    except ValueError:
        return current_gaming_day(room=room)


@roles_allowed(*MENU_ROLES["cage_summary"]).page
def cage_summary_page(request: HttpRequest) -> HttpResponse:
    room = page_room(request)
    summary = cage_summary(_day(request, room), room_id=room.pk)
    fmt = wants_export(request)
    if fmt:
        header = [_("drawer"), _("cashier"), _("status"), _("opened"), _("closed"), _("variance")]
        rows = [
            [s.drawer.name, s.cashier.get_username(), s.status, s.opened_at, s.closed_at, s.variance]
            for s in summary.shifts
        ]
        return export_response(fmt=fmt, name=f"cage-{room.code}-{summary.day}", header=header, rows=rows)
    check = ledger_check(room_id=room.pk)
    context = {"room": room, "summary": summary, "check": check, "stale": stale_balances_shown(check)}
    return render(request, "cashier/cage_summary.html", context)


@roles_allowed(*MENU_ROLES["outstanding"]).page
def outstanding_page(request: HttpRequest) -> HttpResponse:
    room = page_room(request)
    rows = chips_outstanding(room_id=room.pk)
    fmt = wants_export(request)
    if fmt:
        data = [[d.label, d.value, amount // d.value, amount] for d, amount in rows]
        header = [_("chip"), _("value"), _("count"), _("amount")]
        return export_response(fmt=fmt, name=f"chips-outstanding-{room.code}", header=header, rows=data)
    context = {"room": room, "rows": rows, "total": sum(a for _d, a in rows)}
    return render(request, "cashier/outstanding.html", context)


@roles_allowed(*MENU_ROLES["large_cash"]).page
def large_cash_page(request: HttpRequest) -> HttpResponse:
    room = page_room(request)
    day = _day(request, room)
    rows = large_cash_log(day=day, room=room)
    fmt = wants_export(request)
    if fmt:
        header = [_("player id"), _("player"), _("gaming day"), _("cash in"), _("cash out"), _("transactions")]
        data = [[r.player_id, r.player, r.gaming_day, r.cash_in, r.cash_out, r.transactions] for r in rows]
        return export_response(fmt=fmt, name=f"large-cash-{room.code}-{day}", header=header, rows=data)
    return render(request, "cashier/large_cash.html", {"rows": rows, "day": day, "room": room})


@roles_allowed(*SLIP_ROLES).page
def slips_page(request: HttpRequest) -> HttpResponse:
    room = request.room  # type: ignore[attr-defined]
    slips = slips_log(room_ids=[room.pk] if room else []).prefetch_related("lines__denomination")
    fmt = wants_export(request)
    if fmt:
        header = [_("kind"), _("number"), _("table"), _("total"), _("status"), _("requested by"), _("issued by")]
        header += [_("received by"), _("void reason"), _("void confirmed by")]
        rows = [
            [
                s.kind,
                s.label,
                s.table.number,
                s.amount,
                s.status,
                s.created_by,
                s.issued_by,
                s.received_by,
                s.void_reason,
                s.void_confirmed_by,
            ]
            for s in slips
        ]
        name = f"fills-and-credits-{room.code}" if room else "fills-and-credits"
        return export_response(fmt=fmt, name=name, header=header, rows=rows)
    shown = list(slips.select_related("shift")[:200])
    desk = slip_desk_for(acting_user(request), shown)
    context = {
        "slips": [(s, slip_steps(slip=s, desk=desk)) for s in shown],
        "tables": Table.objects.filter(room=room).order_by("number") if room else Table.objects.none(),
        "denominations": denominations(room_id=room.pk if room else None, largest_first=True),
        "kinds": SlipKind.choices,
        "form_key": form_key(),
    }
    return render(request, "cashier/slips.html", context)


@roles_allowed(Role.CASHIER, Role.FLOOR_MANAGER, Role.DEALER).page
@require_POST
def slip_create_page(request: HttpRequest) -> HttpResponse:
    def act() -> str:
        slip = slip_request(
            actor=acting_user(request),
            kind=request.POST.get("kind", ""),
            table_id=forms.optional_id(request.POST, "table") or 0,
            chips=forms.chip_counts(request.POST),
        )
        prepared = _("%(slip)s for table %(table)s prepared: %(amount)s.")
        messages.success(
            request,
            capfirst(prepared % {"slip": slip, "table": slip.table.number, "amount": format_money(slip.amount)}),
        )
        return url("slips")

    return post_once(request, scope="page:slip-create", act=act, fallback=url("slips"))


@roles_allowed(Role.CASHIER, Role.FLOOR_MANAGER, Role.DEALER).page
@require_POST
def slip_action_page(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    def act() -> str:
        actor = acting_user(request)
        if action == ISSUE:
            slip = slip_issue(actor=actor, slip_id=pk)
            done = _("%(slip)s issued: the chips are on their way to table %(table)s.")
            if slip.kind == SlipKind.CREDIT:
                done = _("%(slip)s issued: the chips are on their way from table %(table)s to the cage.")
        elif action == RECEIVE:
            slip = slip_receive(actor=actor, slip_id=pk)
            done = _("%(slip)s received: both signatures are given.")
        elif action == VOID:
            slip = slip_void_request(actor=actor, slip_id=pk, reason=request.POST.get("reason", ""))
            done = _("Void of %(slip)s asked for: a floor manager confirms it.")
        else:
            slip = slip_void_confirm(actor=actor, slip_id=pk)
            done = _("%(slip)s is void.")
        messages.success(request, capfirst(done % {"slip": slip, "table": slip.table.number}))
        return url("slips")

    if action not in SLIP_STEPS:
        return HttpResponse(status=404)
    return post_once(request, scope=f"page:slip-{action}", act=act, fallback=url("slips"))


@roles_allowed(*TRAY_ROLES).page
def tray_counts_page(request: HttpRequest) -> HttpResponse:
    room = page_room(request)
    counts = tray_counts_log(room_ids=[room.pk]).prefetch_related("lines__denomination")
    fmt = wants_export(request)
    if fmt:
        header = [_("table"), _("kind"), _("gaming day"), _("counted"), _("expected"), _("difference")]
        header += [_("counted by"), _("signed by")]
        rows = [
            [c.table.number, c.kind, c.gaming_day, c.total, c.expected, c.difference, c.created_by, c.signed_by]
            for c in counts
        ]
        return export_response(fmt=fmt, name=f"tray-counts-{room.code}", header=header, rows=rows)
    context = {
        "counts": counts[:200],
        "tables": Table.objects.filter(room=room).order_by("number"),
        "denominations": denominations(room_id=room.pk if room else None, largest_first=True),
        "kinds": TrayCountKind.choices,
        "form_key": form_key(),
    }
    return render(request, "cashier/tray_counts.html", context)


@roles_allowed(Role.DEALER, Role.FLOOR_MANAGER).page
@require_POST
def tray_count_create_page(request: HttpRequest) -> HttpResponse:
    def act() -> str:
        count = tray_count_record(
            actor=acting_user(request),
            table_id=forms.optional_id(request.POST, "table") or 0,
            kind=request.POST.get("kind", ""),
            chips=forms.chip_counts(request.POST),
        )
        if count.difference:
            messages.warning(
                request,
                _("The tray differs from the ledger by %(d)s; the floor has been notified.")
                % {"d": format_money(count.difference)},
            )
        return url("tray_counts")

    return post_once(request, scope="page:tray-count", act=act, fallback=url("tray_counts"))


@roles_allowed(Role.FLOOR_MANAGER).page
@require_POST
def tray_count_sign_page(request: HttpRequest, pk: int) -> HttpResponse:
    def act() -> str:
        tray_count_sign(actor=acting_user(request), count_id=pk)
        return url("tray_counts")

    return post_once(request, scope="page:tray-sign", act=act, fallback=url("tray_counts"))


@roles_allowed(Role.CASHIER, Role.ACCOUNTANT, Role.FLOOR_MANAGER).page
def shift_export(request: HttpRequest, pk: int) -> HttpResponse:
    shift = shift_get_for_user(request.user, pk)
    header = [_("receipt"), _("kind"), _("method"), _("amount"), _("player"), _("time")]
    rows = [
        [t.receipt_label, t.kind, t.method, t.amount, t.player_id, t.created_at]
        for t in shift.transactions.order_by("pk")
    ]
    name = f"shift-{shift.drawer.room.code}-{shift.pk}"  # the file says which room's drawer it is
    return export_response(fmt=wants_export(request) or "csv", name=name, header=header, rows=rows)
