"""Reversals on the pages: a cashier asks from the receipt, a floor manager decides on the reversals page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_POST

from cashier.models import ChipTransaction, ReversalStatus
from cashier.selectors.reversals import reversal_requests_for_user
from cashier.services.reversals import (
    APPROVE_ROLES,
    REQUEST_ROLES,
    reversal_approve,
    reversal_decline,
    reversal_request,
)
from cashier.views import forms
from cashier.views.common import MENU_ROLES, form_key, post_once, url
from config.errors import DomainError
from config.permissions import acting_user, roles_allowed
from config.roles import has_any_role

_ACTIONS = {"approve", "decline"}


@roles_allowed(*MENU_ROLES["reversals"]).page
def reversals_page(request: HttpRequest) -> HttpResponse:
    """Pending requests first (what a floor manager acts on), then the decided ones."""
    rows = list(reversal_requests_for_user(request.user)[:200])
    context = {
        "pending": [r for r in rows if r.status == ReversalStatus.PENDING],
        "decided": [r for r in rows if r.status != ReversalStatus.PENDING],
        "may_decide": has_any_role(request.user, APPROVE_ROLES),
        "form_key": form_key(),
    }
    return render(request, "cashier/reversals.html", context)


@roles_allowed(*REQUEST_ROLES).page
@require_POST
def reversal_request_page(request: HttpRequest) -> HttpResponse:
    """Asked from a receipt: back to the receipt, which shows the request waiting (or the refusal)."""
    back = _receipt_or_list(request)

    def act() -> str:
        entry_id = forms.optional_id(request.POST, "entry") or 0
        reversal_request(actor=acting_user(request), entry_id=entry_id, reason=request.POST.get("reason", ""))
        return back

    return post_once(request, scope="page:reversal-request", act=act, fallback=back)


def _receipt_or_list(request: HttpRequest) -> str:
    """The asking cashier's own receipt of the entry, else the reversals page."""
    try:
        entry_id = forms.optional_id(request.POST, "entry")
    except DomainError:
        return url("reversals")  # act() refuses the same value, naming it
    mine = ChipTransaction.objects.filter(entry_id=entry_id, shift__cashier_id=request.user.pk)
    receipt = mine.values_list("pk", flat=True).first() if entry_id is not None else None
    return url("receipt", receipt) if receipt is not None else url("reversals")


@roles_allowed(*APPROVE_ROLES).page
@require_POST
def reversal_action_page(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    def act() -> str:
        if action == "approve":
            reversal_approve(actor=acting_user(request), request_id=pk)
        else:
            reversal_decline(actor=acting_user(request), request_id=pk, reason=request.POST.get("reason", ""))
        return url("reversals")

    if action not in _ACTIONS:
        return HttpResponse(status=404)
    return post_once(request, scope=f"page:reversal-{action}", act=act, fallback=url("reversals"))
