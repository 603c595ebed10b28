"""Table openers and closers: the tray counted by a dealer, signed by a floor manager.

A dealer counts only the tray of the table they deal at that moment (``tables.selectors.check_deals_table``).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth.models import User
from django.utils import timezone
from django.utils.translation import gettext as _

from cashier.models import TrayCount, TrayCountKind, TrayCountLine
from config.errors import Conflict, DomainError, Forbidden, NotFound
from config.gaming_day import gaming_day_of
from config.roles import Role, has_any_role
from config.services.outbox import send_on_commit
from config.transactions import run_atomic
from ledger.models import AccountKind, Balance
from ledger.services.accounts import table_account
from ledger.services.chips import chip_amounts
from rooms.selectors import check_works_in
from tables.models import Table
from tables.selectors import check_deals_table


def tray_count_record(*, actor: User, table_id: int, kind: str, chips: Mapping[int, int]) -> TrayCount:
    """Record an opener or closer against the ledger's tray; a difference is reported on commit."""
    if kind not in TrayCountKind.values:
        raise DomainError(_("A tray count is an opener or a closer, not %(k)r.") % {"k": kind}, code="bad_kind")
    if not has_any_role(actor, [Role.DEALER, Role.FLOOR_MANAGER]):
        raise Forbidden(_("The tray is counted by a dealer or a floor manager."))
    counted = chip_amounts(chips, allow_empty=True)
    table = Table.objects.filter(pk=table_id).select_related("room").only("number", "room").first()
    if table is None:
        raise NotFound(_("There is no table %(id)s.") % {"id": table_id})
    check_deals_table(
        actor,
        rule=_("A tray is counted by a floor manager or by the dealer assigned to its table now"),
        table_id=table_id,
        table_number=table.number,
    )

    def work() -> TrayCount:
        tray = table_account(table_id=table_id, kind=AccountKind.TRAY)
        # Lock the tray's rows so no fill or credit lands between reading and recording.
        rows = Balance.objects.select_for_update().filter(account_id=tray, denomination__isnull=False).order_by("pk")
        expected = {d: a for d, a in rows.values_list("denomination_id", "amount") if d is not None and a}
        now = timezone.now()
        count = TrayCount.objects.create(
            table_id=table_id,
            kind=kind,
            # The gaming day of the table's room, as a drawer's shift is its drawer's room's.
            gaming_day=gaming_day_of(now, room=table.room),
            total=sum(counted.values()),
            expected=sum(expected.values()),
            created_at=now,
            created_by=actor,
        )
        keys = sorted(set(counted) | set(expected))
        TrayCountLine.objects.bulk_create(
            [
                TrayCountLine(count=count, denomination_id=d, counted=counted.get(d, 0), expected=expected.get(d, 0))
                for d in keys
            ]
        )
        if any(counted.get(d, 0) != expected.get(d, 0) for d in keys):
            send_on_commit("cashier.tasks.tray_difference_report", count.pk)
        return count

    return run_atomic(work)


def tray_count_sign(*, actor: User, count_id: int) -> TrayCount:
    """The floor manager's signature; never the person who counted."""
    if not has_any_role(actor, [Role.FLOOR_MANAGER]):
        raise Forbidden(_("A tray count is signed by a floor manager."))

    def work() -> TrayCount:
        count = TrayCount.objects.select_for_update().filter(pk=count_id).first()
        if count is None:
            raise NotFound(_("There is no tray count %(id)s.") % {"id": count_id})
        # Signed by a floor manager of the table's room.
        check_works_in(actor, room_id=Table.objects.values_list("room_id", flat=True).get(pk=count.table_id))
        if count.created_by_id == actor.pk:
            raise Forbidden(_("The person who counted cannot also sign the count."), code="same_user")
        if count.signed_by_id is not None:
            raise Conflict(_("This count is already signed."), code="already_signed")
        count.signed_by, count.signed_at = actor, timezone.now()
        count.save(update_fields=["signed_by", "signed_at"])
        return count

    return run_atomic(work)
