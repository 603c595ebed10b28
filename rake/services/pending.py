"""Pending hand fees: recorded when the ledger refuses a hand's fee, posted later by the floor or the office.

``pending_fee_record`` is called by the fee posting (``rake.services.fees``)
in the transaction that tried to post, after the refusal rolled back its
savepoint. ``pending_fee_post`` posts one later, e.g. after a fill gave the
tray the chips it lacked; the beat sweep (``hand_fees_sweep``) retries every
one of them too. Nothing is edited: the fee record the posting writes is what
settles the pending row (``rake.selectors.pending``).
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import Conflict, Forbidden, NotFound
from config.roles import has_any_role
from games.models import Hand, HandStatus
from rake.models import FeeCharge, PendingFee
from rake.selectors.pending import PENDING_POSTER_ROLES


def pending_fee_record(*, actor: User, hand: Hand, code: str, message: str) -> None:
    """Record the fee of ``hand`` as pending (once per hand; a later refusal adds nothing).

    Only a completed hand's fee is pending; a refused reversal of a voided hand's fee is the
    sweep's to retry. The caller holds a transaction.
    """
    if hand.status != HandStatus.COMPLETE or not hand.fee:
        return
    PendingFee.objects.bulk_create(
        [
            PendingFee(
                hand_id=hand.pk,
                table_id=hand.table_id,
                gaming_day=hand.gaming_day,
                amount=hand.fee,
                reason=code[:40],
                message=message[:300],
                created_at=timezone.now(),
                created_by=actor,
            )
        ],
        ignore_conflicts=True,
    )


def pending_fee_post(*, actor: User, pending_id: int) -> FeeCharge:
    """Post a pending fee now, with change from the tray as at completion; refused as the ledger refuses."""
    from rake.services.fees import hand_fees_post

    if not has_any_role(actor, PENDING_POSTER_ROLES):
        raise Forbidden(_("A pending fee is posted by a floor manager."), code="not_allowed")
    with transaction.atomic():
        pending = PendingFee.objects.filter(pk=pending_id).first()
        if pending is None:
            raise NotFound(_("There is no pending fee %(id)s.") % {"id": pending_id}, pending_id=pending_id)
        hand_fees_post(actor=actor, hand_id=pending.hand_id)  # locks the hand; refusals propagate
        charge = FeeCharge.objects.filter(hand_id=pending.hand_id, reverses__isnull=True).first()
        if charge is None:
            raise Conflict(
                _("The hand of this fee is no longer in force: there is nothing to post."),
                code="hand_not_in_force",
            )
        return charge
