"""Fees into the ledger: a hand's fee at completion, an hourly charge when collected, and reversals.

Every fee is a journal entry through the cashier's ledger API
(``cashier.services.ledger``): chips from the pot, i.e. the players' chips
(chips outstanding), into the table's drop box, a hand's fee with change from
the table's tray when the players' chips cannot make it up exactly; plus a
``FeeCharge`` row and the daily summary increments, in the same transaction.
A hand's fee the ledger still refuses is recorded as pending
(``rake.services.pending``).

The hand recorder calls ``hand_fees_post(actor=..., hand_id=...)`` in the
transaction that completes, voids or corrects a hand (for a correction: once
for the superseded hand, once for the new one). It reads the hand's status
and does what is missing, so calling it twice changes nothing.
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from cashier.models import AccountKind, JournalEntry, Leg, Reason
from cashier.services.accounts import table_account
from cashier.services.ledger import LegSpec, fee_to_drop_box, post_entry
from config.errors import Conflict, DomainError, NotFound
from games.models import Hand, HandStatus
from rake.models import DropCount, FeeCharge, FeeKind, FeePolicyVersion, FeeSource, GamingDayClose, TimeCharge
from rake.selectors.days import booking_day, check_gaming_day_open
from rake.services.hand_fee_sql import hand_fee_post_sql
from rake.services.pending import pending_fee_record
from rake.services.summaries import summary_add, summary_key
from rake.shifts import shift_in
from tables.models import DealerAssignment, Table

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
        hand = Hand.objects.select_for_update().filter(pk=hand_id).first()
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
    hand's fee is recorded as pending (``rake.services.pending``) and
    ``hand_fees_sweep`` or the floor posts it later; the table is never stopped
    by the cage's books. On PostgreSQL a completed hand's fee takes two
    statements (``hand_fee_sql``); the rest runs in a savepoint, so a refusal
    leaves no half posting in the recorder's transaction.
    """
    if connection.vendor == "postgresql" and hand.status == HandStatus.COMPLETE:
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
    open_days = ~Q(gaming_day__in=GamingDayClose.objects.values("gaming_day"))
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
            actor=actor, table_id=hand.table_id, amount=hand.fee, ref=f"hand:{hand.pk}", change_from_tray=True
        )
    # A hand at an hourly table is counted (hands dealt, pots) under the hourly kind, with no fee.
    kind = FeeKind.PERCENTAGE
    if hand.fee_policy_id is not None and not hand.fee:
        policy_kind = FeePolicyVersion.objects.filter(pk=hand.fee_policy_id).values_list("kind", flat=True).first()
        kind = FeeKind.HOURLY if policy_kind == FeeKind.HOURLY else FeeKind.PERCENTAGE
    _record(
        FeeCharge(
            source=FeeSource.HAND,
            kind=kind,
            hand_id=hand.pk,
            table_id=hand.table_id,
            game_id=hand.game_id,
            dealer_id=hand.dealer_id,
            gaming_day=hand.gaming_day,
            shift=shift_in(hand.gaming_day, hand.ended_at or timezone.now()),
            hands=1,
            pots=hand.pot,
            fee=hand.fee,
            journal_entry=entry,
            created_at=timezone.now(),
            created_by=actor,
        )
    )
    return True


def _hand_reverse(actor: User, hand: Hand) -> bool:
    original = FeeCharge.objects.filter(hand_id=hand.pk, reverses__isnull=True).first()
    if original is None or FeeCharge.objects.filter(reverses=original).exists():
        return False
    _reverse(actor, original, memo=_("hand #%(n)s %(status)s") % {"n": hand.number, "status": hand.status})
    return True


def _reverse(actor: User, original: FeeCharge, *, memo: str) -> FeeCharge:
    """A reversal of ``original``, dated in its day while open, else in today's (open) gaming day."""
    day = booking_day(original.gaming_day)
    entry = None
    if original.journal_entry_id is not None:
        entry = _refund(actor, original, memo=memo)
    now = timezone.now()
    return _record(
        FeeCharge(
            source=original.source,
            kind=original.kind,
            hand_id=original.hand_id,
            time_charge_id=original.time_charge_id,
            table_id=original.table_id,
            game_id=original.game_id,
            dealer_id=original.dealer_id,
            gaming_day=day,
            shift=original.shift if day == original.gaming_day else shift_in(day, now),
            hands=-original.hands,
            pots=-original.pots,
            fee=-original.fee,
            seconds=-original.seconds,
            journal_entry=entry,
            reverses=original,
            created_at=now,
            created_by=actor,
        )
    )


def _refund(actor: User, original: FeeCharge, *, memo: str) -> JournalEntry:
    """The reversing journal entry: the chips go back to the players from the drop box, or from the
    table's tray once the box holding them has been taken for a count (its chips are in the cage)."""
    assert original.journal_entry_id is not None
    counted_through = (
        DropCount.objects.filter(table_id=original.table_id).aggregate(top=Max("through_entry_id"))["top"] or 0
    )
    source = AccountKind.TRAY if original.journal_entry_id <= counted_through else AccountKind.DROP_BOX
    place = table_account(table_id=original.table_id, kind=source)
    legs = [
        LegSpec(place if account_kind == AccountKind.DROP_BOX else account_id, -amount, denomination_id)
        for account_id, account_kind, denomination_id, amount in Leg.objects.filter(
            entry_id=original.journal_entry_id
        ).values_list("account_id", "account__kind", "denomination_id", "amount")
    ]
    entry = JournalEntry.objects.get(pk=original.journal_entry_id)
    try:
        return post_entry(actor=actor, reason=Reason.REVERSAL, legs=legs, memo=memo, reverses=entry)
    except IntegrityError as exc:  # pragma: no cover - post_entry maps its own unique violations
        raise Conflict(_("That fee is already reversed."), code="already_reversed") from exc


def time_charge_post(*, actor: User, charge: TimeCharge) -> FeeCharge:
    """Post a collected time charge: the player's chips into the table's drop box.

    Called by ``time_charge_collect`` in its transaction, with the charge row locked.
    """
    day = booking_day(charge.gaming_day)
    entry = fee_to_drop_box(
        actor=actor,
        table_id=charge.table_id,
        amount=charge.amount,
        reason=Reason.TIME_FEE,
        ref=f"timecharge:{charge.pk}",
    )
    now = timezone.now()
    table = Table.objects.only("game_id").get(pk=charge.table_id)
    return _record(
        FeeCharge(
            source=FeeSource.TIME,
            kind=FeeKind.HOURLY,
            time_charge=charge,
            table_id=charge.table_id,
            game_id=table.game_id,
            dealer_id=_dealer_at(charge.table_id, now),
            gaming_day=day,
            shift=shift_in(day, charge.period_start if day == charge.gaming_day else now),
            seconds=int((charge.period_end - charge.period_start).total_seconds()),
            fee=charge.amount,
            journal_entry=entry,
            created_at=now,
            created_by=actor,
        )
    )


def _dealer_at(table_id: int, moment: datetime) -> int | None:
    return (
        DealerAssignment.objects.filter(table_id=table_id, started_at__lte=moment, ended_at__isnull=True)
        .values_list("dealer_id", flat=True)
        .first()
    )


def _record(charge: FeeCharge) -> FeeCharge:
    """Insert the fee record and add it to the daily summary; then check its day is (still) open."""
    try:
        with transaction.atomic():
            charge.save(force_insert=True)
    except IntegrityError as exc:
        raise Conflict(_("That fee is already posted."), code="already_posted") from exc
    key = summary_key(
        gaming_day=charge.gaming_day,
        shift=charge.shift,
        table_id=charge.table_id,
        game_id=charge.game_id,
        dealer_id=charge.dealer_id,
        kind=charge.kind,
    )
    summary_add(
        key,
        hands=charge.hands,
        pots=charge.pots,
        fees=charge.fee,
        seconds=charge.seconds,
        time_charges=(0 if charge.source == FeeSource.HAND else -1 if charge.reverses_id else 1),
    )
    # After the insert: a close racing this transaction holds a SHARE lock on the table, so the
    # insert above waited for it and this check sees the close (see rake.selectors.days).
    check_gaming_day_open(charge.gaming_day)
    return charge
