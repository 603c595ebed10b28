"""A hand's fee into the ledger at completion, its reversal when the hand is voided or superseded, and
the fees the ledger refused (pending) posted later.

The fee moves through the ledger (``ledger.services.fees.fee_to_drop_box``): chips from the pot,
i.e. the players' chips (chips outstanding), into the table's drop box, with change from the
table's tray when the players' chips cannot make it up exactly; its record (``FeeCharge``) and the
daily summary are rake's (``rake.services.fees``), in the same transaction. A hand's fee the
ledger still refuses is recorded as pending (``PendingFee``, ``pending_fee_record``); the floor
posts it later (``pending_fee_post``) and the beat sweep (``hand_fees_sweep``) retries every one.
Nothing is edited: the fee record a posting writes is what settles the pending row
(``games.selectors.hand_fees``).

The hand recorder calls ``hand_fees_post_in_recording`` in the transaction that completes, voids
or corrects a hand (for a correction: once for the superseded hand, once for the new one). It
reads the hand's status and does what is missing, so calling it twice changes nothing.
"""

from __future__ import annotations

import logging

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from config.db import fast_paths
from config.errors import Conflict, DomainError, Forbidden, NotFound
from config.roles import has_any_role
from config.shifts import shift_in
from games.models import Hand, HandStatus
from games.services.hand_fee_sql import hand_fee_post_sql
from ledger.models import GamingDayClose
from ledger.services.fees import fee_to_drop_box
from rake.models import FeeCharge, FeeKind, FeePolicyVersion, FeeSource, PendingFee
from rake.selectors.pending import PENDING_POSTER_ROLES
from rake.services.fees import fee_charge_record, fee_charge_reverse
from tables.selectors.tables import check_table_in_users_rooms

REVERSED_STATUSES = (HandStatus.VOIDED, HandStatus.SUPERSEDED)
logger = logging.getLogger(__name__)


def hand_fees_post(*, actor: User, hand_id: int) -> bool:
    """Post a completed hand's fee to the drop box, or reverse it once the hand is voided or superseded.

    Idempotent per hand: True when this call wrote the fee record (or its reversal), False when it
    was there already. An open hand or a misdeal posts nothing. A fee of
    zero (no flop, no drop; under the minimum pot) records the hand for the
    reports without a journal entry. Locks the hand row (the hand recorder
    already holds it), so a concurrent call waits and then finds the record.
    """
    with transaction.atomic():
        hand = Hand.objects.select_for_update(of=("self",)).select_related("table__room").filter(pk=hand_id).first()
        if hand is None:
            raise NotFound(_("Hand %(id)s does not exist.") % {"id": hand_id}, hand_id=hand_id)
        if hand.status == HandStatus.COMPLETE:
            return _hand_charge(actor, hand)
        if hand.status in REVERSED_STATUSES:
            return _hand_reverse(actor, hand)
        return False


def hand_fees_post_in_recording(*, actor: User, hand: Hand) -> None:
    """``hand_fees_post`` for the hand recorder, in its transaction, with ``hand`` locked and up to date.

    A refusal is never raised: the hand stays recorded as dealt, a completed
    hand's fee is recorded as pending (``pending_fee_record``) and
    ``hand_fees_sweep`` or the floor posts it later; the table is never stopped
    by the cage's books. With the fast paths a completed hand's fee takes two
    statements (``hand_fee_sql``, whose ORM twin is ``hand_fees_post``); the rest
    runs in a savepoint, so a refusal leaves no half posting in the recorder's
    transaction.
    """
    if fast_paths() and hand.status == HandStatus.COMPLETE:
        outcome = hand_fee_post_sql(actor=actor, hand=hand)
        if outcome is not None:
            if outcome not in ("ok", "posted"):
                _refused(actor, hand, code=outcome, message="")
            return
    try:
        with transaction.atomic():
            hand_fees_post(actor=actor, hand_id=hand.pk)
    except DomainError as error:
        _refused(actor, hand, code=error.code, message=error.message)


def hand_fees_sweep(*, actor: User, limit: int = 500) -> list[int]:
    """Post the fees the hand recorder could not (it never stops a table for the cage's books).

    Completed hands with no fee record (the pending fees among them), and
    voided or superseded hands whose fee is not reversed yet, in open gaming
    days; each in its own transaction, a refusal leaves that hand for the next
    run (a completed hand's fee recorded as pending, if it was not yet).
    Returns the hands this run posted: an overlapping run's are left out (it
    posted them first; this one found them done).
    """
    charged = FeeCharge.objects.filter(hand_id__isnull=False, reverses__isnull=True)
    reversed_ = FeeCharge.objects.filter(reverses__hand_id__isnull=False).values("reverses__hand_id")
    # A hand's day is closed when its table's room closed that day.
    closed = GamingDayClose.objects.filter(room_id=OuterRef("table__room_id"), gaming_day=OuterRef("gaming_day"))
    open_days = ~Exists(closed)
    due = Hand.objects.filter(open_days).filter(
        Q(status=HandStatus.COMPLETE) & ~Q(pk__in=charged.values("hand_id"))
        | Q(status__in=REVERSED_STATUSES, pk__in=charged.values("hand_id")) & ~Q(pk__in=reversed_)
    )
    posted = []
    for hand_id in due.order_by("pk").values_list("pk", flat=True)[:limit]:
        with transaction.atomic():
            try:
                wrote = hand_fees_post(actor=actor, hand_id=hand_id)
            except DomainError as error:
                hand = Hand.objects.filter(pk=hand_id).first()
                if hand is not None:
                    _refused(actor, hand, code=error.code, message=error.message)
                continue
        if wrote:
            posted.append(hand_id)
    return posted


def _refused(actor: User, hand: Hand, *, code: str, message: str) -> None:
    logger.warning("fee of hand %s not posted: %s (%s)", hand.pk, message, code)
    pending_fee_record(actor=actor, hand=hand, code=code, message=message)


def _hand_charge(actor: User, hand: Hand) -> bool:
    if FeeCharge.objects.filter(hand_id=hand.pk, reverses__isnull=True).exists():
        return False
    entry = None
    if hand.fee:
        entry = fee_to_drop_box(
            actor=actor,
            room=hand.table.room,
            table_id=hand.table_id,
            amount=hand.fee,
            ref=f"hand:{hand.pk}",
            change_from_tray=True,
        )
    # A hand at an hourly table is counted (hands dealt, pots) under the hourly kind, with no fee.
    kind = FeeKind.PERCENTAGE
    if hand.fee_policy_id is not None and not hand.fee:
        policy_kind = FeePolicyVersion.objects.filter(pk=hand.fee_policy_id).values_list("kind", flat=True).first()
        kind = FeeKind.HOURLY if policy_kind == FeeKind.HOURLY else FeeKind.PERCENTAGE
    fee_charge_record(
        room_id=hand.table.room_id,
        charge=FeeCharge(
            source=FeeSource.HAND,
            kind=kind,
            hand_id=hand.pk,
            table_id=hand.table_id,
            game_id=hand.game_id,
            dealer_id=hand.dealer_id,
            gaming_day=hand.gaming_day,
            shift=shift_in(hand.gaming_day, hand.ended_at or timezone.now(), room=hand.table.room),
            hands=1,
            pots=hand.pot,
            fee=hand.fee,
            journal_entry=entry,
            created_at=timezone.now(),
            created_by=actor,
        ),
    )
    return True


def _hand_reverse(actor: User, hand: Hand) -> bool:
    original = FeeCharge.objects.filter(hand_id=hand.pk, reverses__isnull=True).first()
    if original is None or FeeCharge.objects.filter(reverses=original).exists():
        return False
    memo = _("hand #%(n)s %(status)s") % {"n": hand.number, "status": hand.status}
    fee_charge_reverse(actor=actor, original=original, memo=memo)
    return True


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
    if not has_any_role(actor, PENDING_POSTER_ROLES):
        raise Forbidden(_("A pending fee is posted by a floor manager."), code="not_allowed")
    with transaction.atomic():
        pending = PendingFee.objects.filter(pk=pending_id).first()
        if pending is None:
            raise NotFound(_("There is no pending fee %(id)s.") % {"id": pending_id}, pending_id=pending_id)
        # Posted by a floor manager of the table's room: another room's fees are that room's floor's.
        check_table_in_users_rooms(actor, table_id=pending.table_id)
        hand_fees_post(actor=actor, hand_id=pending.hand_id)  # locks the hand; refusals propagate
        charge = FeeCharge.objects.filter(hand_id=pending.hand_id, reverses__isnull=True).first()
        if charge is None:
            raise Conflict(
                _("The hand of this fee is no longer in force: there is nothing to post."),
                code="hand_not_in_force",
            )
        return charge
