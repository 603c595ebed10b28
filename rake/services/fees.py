"""Fee records and their journal entries: an hourly charge when collected, and the reversal of a fee.

Every fee is a journal entry through the ledger (``ledger.services.fees``): chips from the pot,
i.e. the players' chips (chips outstanding), into the table's drop box; plus a ``FeeCharge`` row
and the daily summary increments, in the same transaction. A hand's fee is posted by the app that
deals hands (``games.services.hand_fees``) through ``fee_charge_record`` and
``fee_charge_reverse``.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import Conflict
from config.shifts import shift_in
from ledger.models import AccountKind, JournalEntry, Reason
from ledger.selectors.days import booking_day, check_gaming_day_open
from ledger.services.accounts import table_account
from ledger.services.fees import fee_to_drop_box
from ledger.services.reversals import entry_reverse
from rake.models import DropCount, FeeCharge, FeeKind, FeeSource, TimeCharge
from rake.selectors.summaries import summary_key
from rake.services.summaries import summary_add
from rooms.models import Room
from tables.models import DealerAssignment, Table


def fee_charge_reverse(*, actor: User, original: FeeCharge, memo: str) -> FeeCharge:
    """A reversal of ``original``, dated in its day while open, else in its room's (open) gaming day today."""
    room = _room_of(original.table_id)
    day = booking_day(original.gaming_day, room=room)
    entry = None
    if original.journal_entry_id is not None:
        entry = _refund(actor, original, memo=memo)
    now = timezone.now()
    return fee_charge_record(
        FeeCharge(
            source=original.source,
            kind=original.kind,
            hand_id=original.hand_id,
            time_charge_id=original.time_charge_id,
            table_id=original.table_id,
            game_id=original.game_id,
            dealer_id=original.dealer_id,
            gaming_day=day,
            shift=original.shift if day == original.gaming_day else shift_in(day, now, room=room),
            hands=-original.hands,
            pots=-original.pots,
            fee=-original.fee,
            seconds=-original.seconds,
            journal_entry=entry,
            reverses=original,
            created_at=now,
            created_by=actor,
        ),
        room_id=room.pk,
    )


def _room_of(table_id: int) -> Room:
    return Room.objects.get(tables__pk=table_id)


def _refund(actor: User, original: FeeCharge, *, memo: str) -> JournalEntry:
    """The reversing journal entry: the chips go back to the players from the drop box, or from the
    table's tray once the box holding them has been taken for a count (its chips are in the cage)."""
    assert original.journal_entry_id is not None
    counted_through = (
        DropCount.objects.filter(table_id=original.table_id).aggregate(top=Max("through_entry_id"))["top"] or 0
    )
    source = AccountKind.TRAY if original.journal_entry_id <= counted_through else AccountKind.DROP_BOX
    place = table_account(table_id=original.table_id, kind=source)
    entry = JournalEntry.objects.get(pk=original.journal_entry_id)
    try:
        return entry_reverse(actor=actor, original=entry, memo=memo, instead={AccountKind.DROP_BOX: place})
    except IntegrityError as exc:  # pragma: no cover - post_entry maps its own unique violations
        raise Conflict(_("That fee is already reversed."), code="already_reversed") from exc


def time_charge_post(*, actor: User, charge: TimeCharge) -> FeeCharge:
    """Post a collected time charge: the player's chips into the table's drop box.

    Called by ``time_charge_collect`` in its transaction, with the charge row locked.
    """
    table = Table.objects.select_related("room").only("game_id", "room").get(pk=charge.table_id)
    day = booking_day(charge.gaming_day, room=table.room)
    entry = fee_to_drop_box(
        actor=actor,
        room=table.room,
        table_id=charge.table_id,
        amount=charge.amount,
        reason=Reason.TIME_FEE,
        ref=f"timecharge:{charge.pk}",
    )
    now = timezone.now()
    return fee_charge_record(
        FeeCharge(
            source=FeeSource.TIME,
            kind=FeeKind.HOURLY,
            time_charge=charge,
            table_id=charge.table_id,
            game_id=table.game_id,
            dealer_id=_dealer_at(charge.table_id, now),
            gaming_day=day,
            shift=shift_in(day, charge.period_start if day == charge.gaming_day else now, room=table.room),
            seconds=int((charge.period_end - charge.period_start).total_seconds()),
            fee=charge.amount,
            journal_entry=entry,
            created_at=now,
            created_by=actor,
        ),
        room_id=table.room_id,
    )


def _dealer_at(table_id: int, moment: datetime) -> int | None:
    return (
        DealerAssignment.objects.filter(table_id=table_id, started_at__lte=moment, ended_at__isnull=True)
        .values_list("dealer_id", flat=True)
        .first()
    )


def fee_charge_record(charge: FeeCharge, *, room_id: int) -> FeeCharge:
    """Insert the fee record of a table of ``room_id`` and add it to the daily summary; then check its
    day is (still) open in the room.

    The caller holds the transaction."""
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
    # After the insert: a close of the room racing this transaction holds the room's day lock, so the
    # insert above waited for it and this check sees the close (see ledger.selectors.days).
    check_gaming_day_open(charge.gaming_day, room_id=room_id)
    return charge
