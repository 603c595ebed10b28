"""Printed documents of the cage: receipts and fill/credit slips on an 80 mm roll or A5 paper."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cashier.models import ChipTransaction, Slip, SlipKind
from cashier.selectors.reports import slip_get_for_print
from cashier.views.common import SLIP_ROLES
from config.money import currency_code
from config.permissions import roles_allowed
from config.room_context import use_records_room
from rooms.selectors import room_ids_of

# ``?paper=`` names the paper; the choice is kept in the session, as the window's printer stays the same.
PAPERS = {"80mm": gettext_lazy("80 mm roll"), "a5": gettext_lazy("A5")}
DEFAULT_PAPER = "80mm"
_SESSION_KEY = "cashier_paper"


def paper_of(request: HttpRequest) -> str:
    asked = str(request.GET.get("paper", ""))
    if asked in PAPERS:
        request.session[_SESSION_KEY] = asked
        return asked
    kept = request.session.get(_SESSION_KEY)
    return kept if isinstance(kept, str) and kept in PAPERS else DEFAULT_PAPER


def print_context(request: HttpRequest) -> dict[str, object]:
    """What every printed document's template needs: the paper, the choices and the currency (the
    document's room's, once the view has made it the active one: ``use_records_room``)."""
    return {"paper": paper_of(request), "papers": PAPERS.items(), "currency": currency_code()}


def _name(user: User | None) -> str:
    return "" if user is None else user.get_full_name() or user.get_username()


def receipt_signers(txn: ChipTransaction) -> list[tuple[str, str]]:
    """The receipt's signature lines: the cashier and the player (a name printed under a known player's)."""
    player = txn.player.full_name if txn.player else ""
    return [
        (_("Cashier's signature"), _name(txn.created_by)),
        (_("Player's signature"), player),
    ]


def slip_signers(slip: Slip) -> list[tuple[str, str]]:
    """A fill leaves the cage (cashier) for the table (dealer); a credit the other way; security carries both."""
    issuer, receiver = _name(slip.issued_by), _name(slip.received_by)
    cashier, dealer = _("Cashier's signature"), _("Dealer's signature")
    security = _("Security's signature")
    if slip.kind == SlipKind.FILL:
        return [(cashier, issuer), (dealer, receiver), (security, "")]
    return [(dealer, issuer), (cashier, receiver), (security, "")]


@roles_allowed(*SLIP_ROLES).page
def slip_print_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A fill or credit slip as printed for the table: chips per denomination, total, and the signatures."""
    slip = slip_get_for_print(pk, room_ids=room_ids_of(request.user))
    use_records_room(slip.room)
    lines = [(line.denomination, line.amount // line.denomination.value, line.amount) for line in slip.lines.all()]
    lines.sort(key=lambda row: -row[0].value)
    context = {"slip": slip, "lines": lines, "signers": slip_signers(slip), **print_context(request)}
    return render(request, "cashier/slip_print.html", context)
