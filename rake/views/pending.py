"""The button that posts a pending hand fee (``rake/_pending_fees.html`` on the floor, the report and the days)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import DomainError
from config.money import format_money
from config.permissions import acting_user, roles_allowed
from rake.selectors.pending import PENDING_POSTER_ROLES
from rake.services.pending import pending_fee_post as post


def _back(request: HttpRequest) -> str:
    """The page the button was on, when it is one of this site's; else the gaming days."""
    target = request.POST.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return reverse("rake:gaming_days")


@require_POST
@roles_allowed(*PENDING_POSTER_ROLES).page
def pending_fee_post(request: HttpRequest, pending_id: int) -> HttpResponse:
    user = acting_user(request)
    try:
        charge = post(actor=user, pending_id=pending_id)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("The pending fee of %(amount)s is posted.") % {"amount": format_money(charge.fee)})
    return HttpResponseRedirect(_back(request))
