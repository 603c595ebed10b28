"""Drawer shifts: open with a counted bank from the vault, close with a counted bank back to it.

Fast path (``config.db.fast_paths``): the ids of a receipt's places read by the statement that takes
its number (``_PLACES_SQL``). ORM twin: ``singleton_accounts`` after that statement. Differential
test: ``tests/cashier/test_sale_insert_writes_what_save_writes.py``. Rules it restates: the
singleton account of each kind (``ledger.models.SINGLETON_KINDS``); one missing is created by the twin.

Lock order everywhere in the cashier: the drawer shift row first, then slip or
counter rows, then balance rows by primary key (``balances.balances_apply``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError
from django.utils import timezone
from django.utils.translation import gettext as _

from cashier.models import CountKind, Drawer, DrawerCount, DrawerCountLine, DrawerShift, ShiftStatus
from cashier.selectors.drawers import no_open_drawer
from config.db import fast_paths, instance_from_row, prepared_cursor, row_json_loads, sql_text
from config.errors import Conflict, Forbidden, NotFound
from config.gaming_day import gaming_day_of
from config.money import check_minor
from config.roles import Role, has_any_role
from config.transactions import run_atomic
from ledger.models import Account, AccountKind, Balance, Reason
from ledger.services.accounts import account_create, singleton_accounts
from ledger.services.chips import chip_amounts
from ledger.services.posting import LegSpec, cash_legs, chip_legs, post_entry
from rooms.models import Room, StaffPlace
from rooms.selectors import check_works_in

# Who signs off what the cage cannot sign alone (a drawer's variance).
SUPERVISOR_ROLES = (Role.FLOOR_MANAGER,)

type Bank = dict[int | None, int]  # denomination id (None: cash) -> amount in minor units


def open_shift_locked(actor: User) -> DrawerShift | None:
    """The actor's open drawer shift, locked (``SELECT ... FOR UPDATE``) for the caller's transaction, or None."""
    return DrawerShift.objects.select_for_update().filter(cashier=actor, status=ShiftStatus.OPEN).first()


def own_open_shift_locked(actor: User) -> DrawerShift:
    """The actor's open drawer shift, locked for the caller's transaction; refused when there is none."""
    shift = open_shift_locked(actor)
    if shift is None:
        raise no_open_drawer()
    return shift


@dataclass(frozen=True, slots=True)
class TakenReceipt:
    shift_id: int
    drawer: int  # the shift's ledger account
    number: int
    places: dict[AccountKind, int]  # ids of the singleton places asked for
    room: Room  # the drawer's room, whose rules and ledger the receipt follows

    @property
    def room_id(self) -> int:
        return self.room.pk

    @property
    def anonymous_sale_limit(self) -> int:
        """The room's limit of a sale without identification, in its minor units."""
        return self.room.anonymous_sale_limit


_TAKE_RECEIPT_SQL = sql_text(
    "UPDATE {Shift} SET {Shift.receipt_seq} = {Shift.receipt_seq} + 1 "
    "WHERE {Shift.cashier} = %s AND {Shift.status} = %s RETURNING {Shift.id}, {Shift.account}, {Shift.receipt_seq}, "
    # Whether the cashier still works in the drawer's room (an open place there or for the group): a place
    # ended while the shift is open ends the selling, read by the statement that takes the receipt.
    "EXISTS (SELECT 1 FROM {Place} WHERE {Place}.{Place.user} = {Shift}.{Shift.cashier} "
    "AND {Place}.{Place.ended_at} IS NULL AND ({Place}.{Place.room} IS NULL OR {Place}.{Place.room} = "
    "(SELECT {Drawer}.{Drawer.room} FROM {Drawer} WHERE {Drawer}.{Drawer.id} = {Shift}.{Shift.drawer}))), "
    # The drawer's room, whose ledger, clock, currency and limit of a sale without identification it follows.
    "(SELECT {Drawer}.{Drawer.room} FROM {Drawer} WHERE {Drawer}.{Drawer.id} = {Shift}.{Shift.drawer})",
    Shift=DrawerShift,
    Place=StaffPlace,
    Drawer=Drawer,
)
# A fast path (its twin: the room read by the ORM and ``singleton_accounts`` after the lock): the room's row
# and the ids of its places, read by the same statement.
_PLACES_SQL = sql_text(
    ", (SELECT row_to_json({Room})::text FROM {Room} JOIN {Drawer} ON {Drawer}.{Drawer.room} = {Room}.{Room.id} "
    "WHERE {Drawer}.{Drawer.id} = {Shift}.{Shift.drawer}), "
    "(SELECT json_object_agg({Account.kind}, {Account.id}) FROM {Account} WHERE {Account.kind} = ANY(%s) "
    "AND {Account}.{Account.room} = (SELECT {Drawer}.{Drawer.room} FROM {Drawer} WHERE {Drawer}.{Drawer.id} = "
    "{Shift}.{Shift.drawer}))",
    Account=Account,
    Drawer=Drawer,
    Shift=DrawerShift,
    Room=Room,
)
STATEMENTS = (_TAKE_RECEIPT_SQL, _TAKE_RECEIPT_SQL + _PLACES_SQL)


def own_open_shift_take_receipt(actor: User, places: Iterable[AccountKind] = ()) -> TakenReceipt:
    """Lock the actor's open shift and take its next receipt number in one statement.

    ``UPDATE ... RETURNING`` takes the same row lock as ``SELECT ... FOR UPDATE``
    (first in the lock order) and saves a round trip on the busiest path; on
    PostgreSQL the same statement reads the drawer's room and the ids of its singleton
    ``places`` the receipt moves money with. A place not created yet is created after the lock.
    """
    kinds = sorted(places)
    params: list[Any] = [actor.pk, ShiftStatus.OPEN.value]
    sql = _TAKE_RECEIPT_SQL
    if fast_paths():
        sql += _PLACES_SQL
        params.append([str(k) for k in kinds])
    with prepared_cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        raise no_open_drawer()
    if not row[3] and not actor.is_superuser:
        # Raised inside the caller's transaction: the receipt number taken is rolled back with it.
        raise Forbidden(_("You no longer work in this drawer's room: close the drawer."), code="not_your_room")
    room = instance_from_row(Room, row_json_loads(row[5])) if len(row) > 5 else Room.objects.get(pk=row[4])
    found: dict[AccountKind, int] = {}
    if len(row) > 6 and row[6]:
        found = {AccountKind(kind): int(pk) for kind, pk in row[6].items()}
    missing = [k for k in kinds if k not in found]
    if missing:
        found |= singleton_accounts(*missing, room_id=room.pk)
    return TakenReceipt(shift_id=int(row[0]), drawer=int(row[1]), number=int(row[2]), places=found, room=room)


def counted_bank(*, cash: int, chips: Mapping[int, int]) -> Bank:
    bank: Bank = {None: check_minor(cash, field="cash", allow_zero=True)}
    for denomination_id, amount in chip_amounts(chips, allow_empty=True).items():
        bank[denomination_id] = amount
    return bank


def drawer_shift_open(*, actor: User, drawer_id: int, cash: int, chips: Mapping[int, int]) -> DrawerShift:
    """Open the actor's shift in a free drawer of a room the actor works in, with the bank counted out of
    the vault."""
    if not has_any_role(actor, [Role.CASHIER]):
        raise Forbidden(_("Only a cashier opens a drawer."))
    bank = counted_bank(cash=cash, chips=chips)

    def work() -> DrawerShift:
        drawer = Drawer.objects.select_related("room").filter(pk=drawer_id, active=True).first()
        if drawer is None:
            raise NotFound(_("There is no active drawer %(id)s.") % {"id": drawer_id})
        check_works_in(actor, room_id=drawer.room_id)
        busy = DrawerShift.objects.exclude(status=ShiftStatus.CLOSED)
        if busy.filter(cashier=actor).exists():
            raise Conflict(_("You already have a drawer open; close it first."), code="drawer_already_open")
        if busy.filter(drawer=drawer).exists():
            raise Conflict(_("%(d)s is in use by another cashier.") % {"d": drawer}, code="drawer_in_use")
        now = timezone.now()
        account = account_create(
            kind=AccountKind.DRAWER, name=f"{drawer.name} · {actor.get_username()}", room_id=drawer.room_id
        )
        try:
            shift = DrawerShift.objects.create(
                drawer=drawer,
                cashier=actor,
                account=account,
                gaming_day=gaming_day_of(now, room=drawer.room),
                opened_at=now,
            )
        except IntegrityError as exc:
            raise Conflict(_("That drawer or cashier just opened a shift."), code="drawer_in_use") from exc
        _count_record(shift=shift, kind=CountKind.OPENING, actor=actor, counted=bank, expected=None)
        vault = singleton_accounts(AccountKind.VAULT, room_id=drawer.room_id)[AccountKind.VAULT]
        legs = _bank_legs(source=vault, target=account.pk, bank=bank)
        if legs:
            shift.opening_entry = post_entry(
                actor=actor,
                room=drawer.room,
                reason=Reason.OPENING,
                legs=legs,
                memo=str(drawer),
                ref=f"shift-open:{shift.pk}",
            )
            shift.save(update_fields=["opening_entry"])
        return shift

    return run_atomic(work)


def drawer_shift_close(*, actor: User, shift_id: int, cash: int, chips: Mapping[int, int]) -> DrawerShift:
    """Record the counted closing bank. Within the variance threshold the bank goes
    back to the vault at once; over it the shift waits for a supervisor's sign-off."""
    counted = counted_bank(cash=cash, chips=chips)

    def work() -> DrawerShift:
        shift = (
            DrawerShift.objects.select_for_update(of=("self",))
            .select_related("drawer__room")
            .filter(pk=shift_id)
            .first()
        )
        if shift is None:
            raise NotFound(_("There is no drawer shift %(id)s.") % {"id": shift_id})
        if shift.cashier_id != actor.pk:
            raise Forbidden(_("A cashier closes only their own drawer."), code="not_your_drawer")
        if shift.status != ShiftStatus.OPEN:
            raise Conflict(_("This drawer is not open (%(s)s).") % {"s": shift.get_status_display()})
        expected = drawer_expected(shift)
        _count_record(shift=shift, kind=CountKind.CLOSING, actor=actor, counted=counted, expected=expected)
        keys = set(counted) | set(expected)
        shift.variance = sum(abs(counted.get(k, 0) - expected.get(k, 0)) for k in keys)
        shift.net_variance = sum(counted.values()) - sum(expected.values())
        if shift.variance > shift.drawer.room.drawer_variance_threshold:
            shift.status = ShiftStatus.PENDING
            shift.save(update_fields=["variance", "net_variance", "status"])
            return shift
        _close(shift=shift, actor=actor, counted=counted, expected=expected)
        shift.save(update_fields=["variance", "net_variance", "status", "closed_at", "closing_entry"])
        return shift

    return run_atomic(work)


def drawer_shift_approve(*, actor: User, shift_id: int) -> DrawerShift:
    """A supervisor (a floor manager, not the cashier) signs off a variance and the shift closes."""
    if not has_any_role(actor, SUPERVISOR_ROLES):
        raise Forbidden(_("A variance is signed off by a floor manager."))

    def work() -> DrawerShift:
        shift = (
            DrawerShift.objects.select_for_update(of=("self",))
            .select_related("drawer__room")
            .filter(pk=shift_id)
            .first()
        )
        if shift is None:
            raise NotFound(_("There is no drawer shift %(id)s.") % {"id": shift_id})
        # A variance is signed off by a floor manager of the drawer's room.
        check_works_in(actor, room_id=shift.drawer.room_id)
        if shift.cashier_id == actor.pk:
            raise Forbidden(_("A cashier cannot sign off their own variance."), code="same_user")
        if shift.status != ShiftStatus.PENDING:
            raise Conflict(_("This shift is not waiting for a sign-off."), code="not_pending")
        count = shift.counts.get(kind=CountKind.CLOSING)
        lines = list(count.lines.all())
        counted = {line.denomination_id: line.counted for line in lines}
        expected = {line.denomination_id: line.expected or 0 for line in lines}
        shift.supervisor = actor
        shift.supervisor_at = timezone.now()
        _close(shift=shift, actor=actor, counted=counted, expected=expected)
        shift.save(update_fields=["status", "closed_at", "closing_entry", "supervisor", "supervisor_at"])
        return shift

    return run_atomic(work)


def drawer_expected(shift: DrawerShift) -> Bank:
    """What the ledger says the drawer holds (the caller locks the shift so it cannot move)."""
    rows = Balance.objects.filter(account_id=shift.account_id).values_list("denomination_id", "amount")
    return {d: a for d, a in rows if a}


def _close(*, shift: DrawerShift, actor: User, counted: Bank, expected: Bank) -> None:
    """Drawer -> vault: the ledger's expected bank leaves the drawer, the counted
    bank enters the vault, the difference goes to over/short."""
    room = shift.drawer.room
    ids = singleton_accounts(AccountKind.VAULT, AccountKind.OVER_SHORT, room_id=room.pk)
    legs: list[LegSpec] = []
    for key in sorted(set(counted) | set(expected), key=lambda k: (k is not None, k or 0)):
        c, e = counted.get(key, 0), expected.get(key, 0)
        if e:
            legs.append(LegSpec(shift.account_id, -e, key))
        if c:
            legs.append(LegSpec(ids[AccountKind.VAULT], c, key))
        if e != c:
            legs.append(LegSpec(ids[AccountKind.OVER_SHORT], e - c, key))
    if legs:
        shift.closing_entry = post_entry(
            actor=actor,
            room=room,
            reason=Reason.CLOSING,
            legs=legs,
            memo=str(shift.drawer),
            ref=f"shift-close:{shift.pk}",
        )
    shift.status = ShiftStatus.CLOSED
    shift.closed_at = timezone.now()


def _bank_legs(*, source: int, target: int, bank: Bank) -> list[LegSpec]:
    chips = {d: a for d, a in bank.items() if d is not None}
    return chip_legs(source=source, target=target, amounts=chips) + cash_legs(
        source=source, target=target, amount=bank.get(None, 0)
    )


def _count_record(
    *, shift: DrawerShift, kind: CountKind, actor: User, counted: Bank, expected: Bank | None
) -> DrawerCount:
    count = DrawerCount.objects.create(shift=shift, kind=kind, created_at=timezone.now(), created_by=actor)
    keys = set(counted) | set(expected or {})
    DrawerCountLine.objects.bulk_create(
        [
            DrawerCountLine(
                count=count,
                denomination_id=k,
                counted=counted.get(k, 0),
                expected=None if expected is None else expected.get(k, 0),
            )
            for k in sorted(keys, key=lambda k: (k is not None, k or 0))
        ]
    )
    return count
