"""Correction by reversal, by two people (controls C12, E22).

A cashier asks for a cage entry to be reversed, with the reason
(``reversal_request``); a floor manager who is neither the one who asked nor
the one who posted the entry approves it, which posts the mirror entry linked
to the original (``reversal_approve``), or declines it with a reason
(``reversal_decline``). Nobody reverses an entry alone. The reversing entry
itself is the ledger's (``ledger.services.reversals``).
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils import timezone
from django.utils.translation import gettext as _

from cashier.models import ChipTransaction, ReversalRequest, ReversalStatus, ShiftStatus
from config.errors import Conflict, DomainError, Forbidden, NotFound
from config.roles import Role, has_any_role
from config.transactions import run_atomic
from ledger.models import JournalEntry, Reason
from ledger.services.reversals import entry_reverse
from rooms.selectors import check_works_in

# Entries reversed through a request. Slips and shifts have their own workflows, and fees and
# drops are corrected through the hand or the count (rake.services) so the fee records and the
# ledger never disagree.
REVERSIBLE = frozenset({Reason.SALE, Reason.REDEMPTION, Reason.ADJUSTMENT})
REQUEST_ROLES = (Role.CASHIER,)
APPROVE_ROLES = (Role.FLOOR_MANAGER,)


def reversal_request(*, actor: User, entry_id: int, reason: str) -> ReversalRequest:
    """A cashier asks to reverse an entry; a receipt's reversal is asked for by the cashier of its drawer.

    Nothing moves until a floor manager approves.
    """
    reason = reason.strip()
    if not reason:
        raise DomainError(_("A reversal needs a reason."), code="reason_required")
    if not has_any_role(actor, REQUEST_ROLES):
        raise Forbidden(_("A reversal is asked for by a cashier, then approved by a floor manager."))

    def work() -> ReversalRequest:
        # Locked so that two requests for one entry queue here (the partial unique index backs it).
        original = JournalEntry.objects.select_for_update().filter(pk=entry_id).first()
        if original is None:
            raise NotFound(_("There is no journal entry #%(n)s.") % {"n": entry_id})
        check_works_in(actor, room_id=original.room_id)
        _check_reversible(original)
        receipt = ChipTransaction.objects.filter(entry=original).select_related("shift").first()
        if receipt is not None and receipt.shift.cashier_id != actor.pk:
            raise Forbidden(
                _("Receipt %(receipt)s is reversed at the request of the cashier of its drawer.")
                % {"receipt": receipt.receipt_label},
                code="not_your_drawer",
            )
        _check_shift_open(receipt)
        if ReversalRequest.objects.filter(entry=original, status=ReversalStatus.PENDING).exists():
            raise _pending(original.pk)
        return ReversalRequest.objects.create(
            entry=original, reason=reason[:200], created_at=timezone.now(), created_by=actor
        )

    return run_atomic(work)


def reversal_approve(*, actor: User, request_id: int) -> ReversalRequest:
    """The second person: a floor manager posts the reversing entry the cashier asked for."""
    _check_may_decide(actor)

    def work() -> ReversalRequest:
        request = _pending_locked(request_id, actor)
        original = request.entry
        if original.created_by_id == actor.pk:
            raise Forbidden(_("A supervisor cannot approve the reversal of their own entry."), code="same_user")
        _check_reversible(original)
        _check_shift_open(ChipTransaction.objects.filter(entry=original).select_related("shift").first())
        request.reversal = entry_reverse(actor=actor, original=original, memo=request.reason)
        request.status, request.decided_by, request.decided_at = ReversalStatus.APPROVED, actor, timezone.now()
        request.save(update_fields=["status", "decided_by", "decided_at", "reversal"])
        return request

    return run_atomic(work)


def reversal_decline(*, actor: User, request_id: int, reason: str) -> ReversalRequest:
    """A floor manager turns the request down, saying why; the entry stays as it is."""
    reason = reason.strip()
    if not reason:
        raise DomainError(_("Say why the reversal is declined."), code="reason_required")
    _check_may_decide(actor)

    def work() -> ReversalRequest:
        request = _pending_locked(request_id, actor)
        request.status, request.decided_by, request.decided_at = ReversalStatus.DECLINED, actor, timezone.now()
        request.decline_reason = reason[:200]
        request.save(update_fields=["status", "decided_by", "decided_at", "decline_reason"])
        return request

    return run_atomic(work)


def _check_shift_open(receipt: ChipTransaction | None) -> None:
    """A receipt is reversed through its drawer while the shift is open: a closed shift's count is final.

    Said plainly here, not left to the empty drawer's balance to refuse; a
    request left pending by a closed shift is declined by the floor.
    """
    if receipt is not None and receipt.shift.status != ShiftStatus.OPEN:
        raise Conflict(
            _("Receipt %(receipt)s belongs to a shift that is %(status)s: it can no longer be reversed.")
            % {"receipt": receipt.receipt_label, "status": receipt.shift.get_status_display()},
            code="shift_closed",
        )


def _check_may_decide(actor: User) -> None:
    if not has_any_role(actor, APPROVE_ROLES):
        raise Forbidden(_("A reversal is approved or declined by a floor manager."))


def _pending_locked(request_id: int, actor: User) -> ReversalRequest:
    request = ReversalRequest.objects.select_for_update().select_related("entry").filter(pk=request_id).first()
    if request is None:
        raise NotFound(_("There is no reversal request %(id)s.") % {"id": request_id})
    if request.status != ReversalStatus.PENDING:
        raise Conflict(
            _("Reversal request %(id)s is already %(status)s.")
            % {"id": request_id, "status": request.get_status_display()},
            code="already_decided",
        )
    if request.created_by_id == actor.pk:
        raise Forbidden(_("A reversal needs a second person: not the one who asked for it."), code="same_user")
    check_works_in(actor, room_id=request.entry.room_id)
    return request


def _check_reversible(original: JournalEntry) -> None:
    if original.reason not in REVERSIBLE:
        raise DomainError(
            _("A %(reason)s entry is corrected through its own workflow, not reversed directly.")
            % {"reason": original.get_reason_display()},
            code="not_reversible",
        )
    if JournalEntry.objects.filter(reverses=original).exists():
        raise Conflict(_("Entry #%(n)s is already reversed.") % {"n": original.pk}, code="already_reversed")


def _pending(entry_id: int) -> Conflict:
    return Conflict(
        _("A reversal of entry #%(n)s is already waiting for a floor manager.") % {"n": entry_id},
        code="reversal_pending",
    )


__all__ = ["REVERSIBLE", "reversal_approve", "reversal_decline", "reversal_request"]
