"""Fill and credit slips: numbered gap-free per kind and calendar year, two signatures, void by two people.

A fill: the floor (or cage) requests it; the cashier issues it from their own
drawer (chips: drawer -> in transit); a floor manager or dealer receives it at
the table (in transit -> tray). A credit: the floor requests and issues it
(tray -> in transit); a cashier receives it into their drawer (in transit ->
drawer). Issuer and receiver are different users. A dealer prepares and signs
only for the table they deal at that moment (``tables.selectors.check_deals_table``,
the check hand recording uses). A slip not yet received may be voided: a cage
user asks with a reason, a second, independent user (a floor manager) confirms,
and chips already issued go back where they came from.
"""

from __future__ import annotations

from collections.abc import Mapping
from zoneinfo import ZoneInfo

from django.contrib.auth.models import User
from django.utils import timezone
from django.utils.translation import gettext as _

from cashier.models import Slip, SlipCounter, SlipKind, SlipLine, SlipStatus
from cashier.models.drawers import DrawerShift
from cashier.selectors.slips import (
    CAGE_ROLES,
    CONFIRM,
    FLOOR_ROLES,
    ISSUE,
    RECEIVE,
    VOID,
    SlipDesk,
    check_at_table,
    check_slip_step,
    check_step_role,
    through_drawer,
    trays_closed,
)
from cashier.services.drawers import open_shift_locked
from config.errors import DomainError, Forbidden, NotFound
from config.roles import has_any_role
from config.transactions import run_atomic
from ledger.models import AccountKind, Balance, Reason
from ledger.services.accounts import singleton_accounts, table_account
from ledger.services.chips import chip_amounts
from ledger.services.posting import chip_legs, post_entry
from rooms.selectors import check_works_in
from tables.models import Table


def slip_request(*, actor: User, kind: str, table_id: int, chips: Mapping[int, int]) -> Slip:
    """Prepare a slip for a table of a room the actor works in; it takes the room's next number of its kind
    in the calendar year."""
    if kind not in SlipKind.values:
        raise DomainError(_("A slip is a fill or a credit, not %(k)r.") % {"k": kind}, code="bad_kind")
    if not has_any_role(actor, FLOOR_ROLES + CAGE_ROLES):
        raise Forbidden(_("Slips are prepared by the floor or the cage."))
    amounts = chip_amounts(chips)
    table = Table.objects.filter(pk=table_id).values_list("number", "room_id", "room__time_zone").first()
    if table is None:
        raise NotFound(_("There is no table %(id)s.") % {"id": table_id})
    number, room_id, zone = table
    check_works_in(actor, room_id=room_id)
    if not has_any_role(actor, CAGE_ROLES):
        check_at_table(actor, table_id=table_id, table_number=number)

    def work() -> Slip:
        now = timezone.now()
        # The room's own year, whatever time zone the request is in: slips are numbered per room and year.
        year = timezone.localdate(now, ZoneInfo(zone)).year
        number = _next_number(room_id=room_id, kind=SlipKind(kind), year=year)
        slip = Slip.objects.create(
            room_id=room_id,
            kind=kind,
            year=year,
            number=number,
            table_id=table_id,
            amount=sum(amounts.values()),
            created_at=now,
            created_by=actor,
        )
        SlipLine.objects.bulk_create(
            [SlipLine(slip=slip, denomination_id=d, amount=a) for d, a in sorted(amounts.items())]
        )
        return slip

    return run_atomic(work)


def _next_number(*, room_id: int, kind: SlipKind, year: int) -> int:
    """Lock the room's (kind, year) counter row and take its next number; a rollback gives it back."""
    SlipCounter.objects.bulk_create([SlipCounter(room_id=room_id, kind=kind, year=year, last=0)], ignore_conflicts=True)
    counter = SlipCounter.objects.select_for_update().get(room_id=room_id, kind=kind, year=year)
    counter.last += 1
    counter.save(update_fields=["last"])
    return counter.last


def slip_issue(*, actor: User, slip_id: int) -> Slip:
    """First signature: the chips leave their source (the cashier's drawer for a fill, the tray for a credit)."""

    def work() -> Slip:
        slip, shift, tray = _lock_for(ISSUE, actor=actor, slip_id=slip_id)
        transit = singleton_accounts(AccountKind.TRANSIT, room_id=slip.room_id)[AccountKind.TRANSIT]
        source = shift.account_id if shift else tray
        slip.issue_entry = post_entry(
            actor=actor,
            room=slip.room,
            reason=_reason(slip),
            legs=chip_legs(source=source, target=transit, amounts=_amounts(slip)),
            memo=_("%(slip)s issued") % {"slip": slip},
            ref=f"slip-issue:{slip.pk}",
        )
        slip.status, slip.issued_by, slip.issued_at, slip.shift = SlipStatus.ISSUED, actor, timezone.now(), shift
        slip.save(update_fields=["status", "issued_by", "issued_at", "shift", "issue_entry"])
        return slip

    return run_atomic(work)


def slip_receive(*, actor: User, slip_id: int) -> Slip:
    """Second signature, by someone other than the issuer: the chips reach the tray (fill) or the drawer (credit)."""

    def work() -> Slip:
        slip, shift, tray = _lock_for(RECEIVE, actor=actor, slip_id=slip_id)
        transit = singleton_accounts(AccountKind.TRANSIT, room_id=slip.room_id)[AccountKind.TRANSIT]
        target = shift.account_id if shift else tray
        slip.receive_entry = post_entry(
            actor=actor,
            room=slip.room,
            reason=_reason(slip),
            legs=chip_legs(source=transit, target=target, amounts=_amounts(slip)),
            memo=_("%(slip)s received") % {"slip": slip},
            ref=f"slip-receive:{slip.pk}",
        )
        slip.status, slip.received_by, slip.received_at = SlipStatus.RECEIVED, actor, timezone.now()
        update = ["status", "received_by", "received_at", "receive_entry"]
        if shift is not None:
            slip.shift = shift
            update.append("shift")
        slip.save(update_fields=update)
        return slip

    return run_atomic(work)


def slip_void_request(*, actor: User, slip_id: int, reason: str) -> Slip:
    """The cage's half of a void: a cashier asks, with the reason."""
    reason = reason.strip()
    if not reason:
        raise DomainError(_("A void needs a reason."), code="reason_required")
    check_step_role(VOID, actor=actor)
    check_works_in(actor, room_id=_slip_fixed(slip_id)[2])

    def work() -> Slip:
        slip = _locked(slip_id)
        check_slip_step(VOID, slip=slip, desk=SlipDesk(actor=actor, open_shift=None, closed_trays=frozenset()))
        slip.void_reason, slip.void_requested_by, slip.void_requested_at = reason[:200], actor, timezone.now()
        slip.save(update_fields=["void_reason", "void_requested_by", "void_requested_at"])
        return slip

    return run_atomic(work)


def slip_void_confirm(*, actor: User, slip_id: int) -> Slip:
    """The independent half: a floor manager who did not ask for the void. Issued chips go back."""
    check_step_role(CONFIRM, actor=actor)
    check_works_in(actor, room_id=_slip_fixed(slip_id)[2])

    def work() -> Slip:
        shift_id = Slip.objects.filter(pk=slip_id).values_list("shift_id", flat=True).first()
        shift = DrawerShift.objects.select_for_update().get(pk=shift_id) if shift_id else None
        slip = _locked(slip_id)
        if shift is not None:
            slip.shift = shift  # the locked row, which the check reads
        check_slip_step(CONFIRM, slip=slip, desk=SlipDesk(actor=actor, open_shift=None, closed_trays=frozenset()))
        if slip.issue_entry_id is not None:
            transit = singleton_accounts(AccountKind.TRANSIT, room_id=slip.room_id)[AccountKind.TRANSIT]
            source = shift.account_id if shift else table_account(table_id=slip.table_id, kind=AccountKind.TRAY)
            legs = chip_legs(source=transit, target=source, amounts=_amounts(slip))
            slip.void_entry = post_entry(
                actor=actor,
                room=slip.room,
                reason=Reason.REVERSAL,
                legs=legs,
                memo=_("%(slip)s void: %(why)s") % {"slip": slip, "why": slip.void_reason},
                reverses=slip.issue_entry,
            )
        slip.status, slip.void_confirmed_by, slip.void_confirmed_at = SlipStatus.VOID, actor, timezone.now()
        slip.save(update_fields=["status", "void_confirmed_by", "void_confirmed_at", "void_entry"])
        return slip

    return run_atomic(work)


def _lock_for(step: str, *, actor: User, slip_id: int) -> tuple[Slip, DrawerShift | None, int]:
    """Lock in the cage's order what ``step`` checks and moves, then check it (``check_slip_step``, which
    the page's buttons ask too): the actor's drawer shift when the chips go through it, the slip, and the
    table's tray rows. Returns the slip, that shift and the tray's account.

    ``tray_count_record`` takes the same tray row locks, so a fill or credit either lands before a closer
    (and the closer counts it) or is refused after it, until the next opener.
    """
    kind, _table, room_id = _slip_fixed(slip_id)
    check_step_role(step, actor=actor, kind=kind)
    check_works_in(actor, room_id=room_id)
    shift = open_shift_locked(actor) if through_drawer(step, kind) else None
    slip = _locked(slip_id)
    tray = table_account(table_id=slip.table_id, kind=AccountKind.TRAY)
    list(Balance.objects.select_for_update().filter(account_id=tray).order_by("pk").values_list("pk", flat=True))
    desk = SlipDesk(actor=actor, open_shift=shift, closed_trays=trays_closed([slip.table_id]))
    check_slip_step(step, slip=slip, desk=desk)
    return slip, shift, tray


def _slip_fixed(slip_id: int) -> tuple[str, int, int]:
    """Its kind, table and room, read before any lock: none ever changes once the slip is prepared (its trigger)."""
    row = Slip.objects.filter(pk=slip_id).values_list("kind", "table_id", "room_id").first()
    if row is None:
        raise NotFound(_("There is no slip %(id)s.") % {"id": slip_id})
    return row


def _locked(slip_id: int) -> Slip:
    slip = Slip.objects.select_for_update().filter(pk=slip_id).first()
    if slip is None:
        raise NotFound(_("There is no slip %(id)s.") % {"id": slip_id})
    return slip


def _reason(slip: Slip) -> Reason:
    return Reason.FILL if slip.kind == SlipKind.FILL else Reason.CREDIT


def _amounts(slip: Slip) -> dict[int, int]:
    return dict(slip.lines.values_list("denomination_id", "amount"))


__all__ = ["slip_issue", "slip_receive", "slip_request", "slip_void_confirm", "slip_void_request"]
