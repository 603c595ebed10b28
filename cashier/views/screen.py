"""The cashier's screen: open a drawer, quick sale and redemption, receipts, live balance, close."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from cashier.models import Drawer, ShiftStatus
from cashier.selectors.compliance import large_cash_warning
from cashier.selectors.counts import is_blind, shift_count_table
from cashier.selectors.reports import (
    open_shift_of,
    reads_everything,
    receipt_chips,
    shift_get_for_user,
    shift_report,
    transaction_get_for_user,
)
from cashier.selectors.reversals import reversal_request_pending_for
from cashier.services.drawers import drawer_shift_approve, drawer_shift_close, drawer_shift_open
from cashier.services.reversals import REQUEST_ROLES
from cashier.services.sales import breakdown_propose, chip_redemption_create, chip_sale_create
from cashier.views import forms
from cashier.views.common import SCREEN_ROLES, form_key, kept_input, post_once, url
from cashier.views.printing import print_context, receipt_signers
from config.context_processors import NAV_ROLES
from config.errors import DomainError
from config.money import currency_code
from config.permissions import acting_user, roles_allowed
from config.roles import Role, has_any_role
from config.room_context import use_records_room
from ledger.selectors import balances
from tables.views.common import page_room


@roles_allowed(*NAV_ROLES["cashier"]).page
def index(request: HttpRequest) -> HttpResponse:
    shift = open_shift_of(request.user)
    # The chips of the open drawer's room, else of the room picked in the top bar.
    room_id = shift.drawer.room_id if shift else getattr(request.room, "pk", None)  # type: ignore[attr-defined]
    denominations = list(balances.denominations(room_id=room_id, largest_first=True))
    sale, redeem = kept_input(request, "page:sale"), kept_input(request, "page:redemption")
    context: dict[str, object] = {
        "shift": shift,
        "form_key": form_key(),
        "readonly": reads_everything(request.user) and shift is None,
        # The drawers of the room picked in the top bar: a cashier opens a drawer of a room they work in.
        "drawers": Drawer.objects.filter(room=request.room, active=True).exclude(  # type: ignore[attr-defined]
            shifts__status__in=[ShiftStatus.OPEN, ShiftStatus.PENDING]
        ),
        "recent": shift.transactions.select_related("player").order_by("-pk")[:10] if shift else [],
        # No live drawer balance on the cashier's own screen: the closing count is blind, and the
        # expected amounts appear on the shift report once the count is entered.
        "denominations": denominations,
        # A refused sale or redemption comes back as it was typed.
        "sale": sale,
        "sale_rows": [(d, sale.get(f"chip-{d.pk}", "0")) for d in denominations] if sale else [],
        "redeem": redeem,
        "redeem_rows": [(d, redeem.get(f"redeem-{d.pk}", "0")) for d in denominations],
    }
    return render(request, "cashier/index.html", context)


@roles_allowed(Role.CASHIER).page
@require_POST
def shift_open(request: HttpRequest) -> HttpResponse:
    def act() -> str:
        drawer_shift_open(
            actor=acting_user(request),
            drawer_id=forms.optional_id(request.POST, "drawer") or 0,
            cash=forms.amount(request.POST, "cash", allow_zero=True),
            chips=forms.chip_counts(request.POST),
        )
        return url("index")

    return post_once(request, scope="page:shift-open", act=act, fallback=url("index"))


@roles_allowed(Role.CASHIER).page
@require_POST
def sale(request: HttpRequest) -> HttpResponse:
    def act() -> str:
        txn = chip_sale_create(
            actor=acting_user(request),
            amount=forms.amount(request.POST),
            method=request.POST.get("method", ""),
            chips=forms.chip_counts(request.POST),
            player_id=forms.optional_id(request.POST, "player"),
        )
        return url("receipt", txn.pk)

    return post_once(request, scope="page:sale", act=act, fallback=url("index"), keep=True)


@roles_allowed(Role.CASHIER).page
@require_POST
def redemption(request: HttpRequest) -> HttpResponse:
    def act() -> str:
        txn = chip_redemption_create(
            actor=acting_user(request),
            chips=forms.chip_counts(request.POST, prefix="redeem-"),
            player_id=forms.optional_id(request.POST, "player"),
        )
        return url("receipt", txn.pk)

    return post_once(request, scope="page:redemption", act=act, fallback=url("index"), keep=True)


@roles_allowed(Role.CASHIER).page
@require_POST
def shift_close(request: HttpRequest, pk: int) -> HttpResponse:
    def act() -> str:
        shift = drawer_shift_close(
            actor=acting_user(request),
            shift_id=pk,
            cash=forms.amount(request.POST, "cash", allow_zero=True),
            chips=forms.chip_counts(request.POST),
        )
        if shift.status == ShiftStatus.PENDING:
            messages.warning(request, _("The variance is over the threshold: a supervisor must sign it off."))
        return url("shift_report", pk)

    return post_once(request, scope="page:shift-close", act=act, fallback=url("shift_report", pk), keep=True)


@roles_allowed(Role.FLOOR_MANAGER).page
@require_POST
def shift_approve(request: HttpRequest, pk: int) -> HttpResponse:
    def act() -> str:
        drawer_shift_approve(actor=acting_user(request), shift_id=pk)
        return url("shift_report", pk)

    return post_once(request, scope="page:shift-approve", act=act, fallback=url("shift_report", pk))


@roles_allowed(*SCREEN_ROLES).page
def receipt(request: HttpRequest, pk: int) -> HttpResponse:
    """The receipt; its cashier asks here for a reversal, which a floor manager decides (views.reversals)."""
    txn = transaction_get_for_user(request.user, pk)
    use_records_room(txn.shift.drawer.room)
    context = {
        "txn": txn,
        "chips": receipt_chips(txn),
        "pending_reversal": reversal_request_pending_for(entry_id=txn.entry_id),
        "may_request_reversal": txn.shift.cashier_id == request.user.pk and has_any_role(request.user, REQUEST_ROLES),
        "form_key": form_key(),
        "signers": receipt_signers(txn),
        **print_context(request),
    }
    return render(request, "cashier/receipt.html", context)


@roles_allowed(Role.CASHIER, Role.ACCOUNTANT, Role.FLOOR_MANAGER).page
def shift_report_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The shift report; while the drawer is open its cashier counts blind (no expected figure here)."""
    shift = shift_get_for_user(request.user, pk)
    use_records_room(shift.drawer.room)
    typed = kept_input(request, "page:shift-close")
    denominations = balances.denominations(room_id=shift.drawer.room_id, largest_first=True)
    context = {
        "report": shift_report(shift),
        "shift": shift,
        "counts": shift_count_table(shift, blind=is_blind(shift, request.user)),
        "form_key": form_key(),
        "transactions": shift.transactions.select_related("player").order_by("pk"),
        # The close form's fields, with what a refused count was sent.
        "typed_cash": typed.get("cash", ""),
        "count_fields": [(d, typed.get(f"chip-{d.pk}", "0")) for d in denominations],
        "currency": currency_code(),
    }
    return render(request, "cashier/shift_report.html", context)


@roles_allowed(Role.CASHIER).page
@require_GET
def breakdown_partial(request: HttpRequest) -> HttpResponse:
    """htmx: the proposed chips for the amount typed, from the drawer's own chips."""
    shift = open_shift_of(request.user)
    counts: dict[int, int] = {}
    note = ""
    if shift is not None:
        try:
            counts, left = breakdown_propose(shift=shift, amount=forms.amount(request.GET))
            if left:
                note = _("The drawer's chips cannot make up the last %(left)s.") % {"left": left}
        except DomainError as exc:
            note = exc.message
    denominations = balances.denominations(room_id=shift.drawer.room_id if shift else None, largest_first=True)
    rows = [(d, counts.get(d.pk, 0)) for d in denominations]
    return render(request, "cashier/index.html#sale-chips", {"sale_rows": rows, "breakdown_note": note})


@roles_allowed(Role.CASHIER).page
@require_GET
def large_cash_partial(request: HttpRequest) -> HttpResponse:
    """htmx: warn as the cashier types when the player's cash today would pass the threshold."""
    warning = None
    try:
        player_id = forms.optional_id(request.GET, "player")
        kind = "redemption" if request.GET.get("kind") == "redemption" else "sale"
        if player_id is not None and request.GET.get("method", "cash") == "cash":
            amount = forms.amount(request.GET)
            warning = large_cash_warning(player_id=player_id, kind=kind, amount=amount, room=page_room(request))
    except DomainError:
        warning = None
    return render(request, "cashier/index.html#large-cash", {"large_cash": warning})
