"""Posting a balanced journal entry: its legs checked, inserted, and applied to the balance rows.

    from ledger.services.posting import LegSpec, chip_legs, post_entry

``post_entry`` runs inside the caller's ``transaction.atomic``; the balance rows it touches are
locked and updated in primary-key order (``balances``) and a place short of chips or cash refuses
the whole entry with ``DomainError(code="insufficient_balance")``. A fee into a drop box:
``fees``; a reversing entry: ``reversals``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.db import fast_paths, on_postgresql
from config.errors import Conflict, DomainError
from config.gaming_day import gaming_day_of
from config.money import MAX_AMOUNT, format_money
from config.transactions import constraint_name, sqlstate
from ledger.models import IN_AN_OPEN_DAY, Account, Denomination, JournalEntry, Leg, Reason
from ledger.selectors.days import check_gaming_day_open, gaming_day_closed
from ledger.services.balances import balances_apply
from ledger.services.entry_sql import entry_insert_sql
from ledger.services.memory import remember
from rooms.models import Room


@dataclass(frozen=True, slots=True)
class LegSpec:
    """``amount`` (minor units, signed) added to ``account_id``: chips of ``denomination_id``, or cash when None."""

    account_id: int
    amount: int
    denomination_id: int | None = None


def chip_legs(*, source: int, target: int, amounts: Mapping[int, int]) -> list[LegSpec]:
    """Chips of each denomination (minor units) from one account to another."""
    legs: list[LegSpec] = []
    for denomination_id, amount in sorted(amounts.items()):
        if amount:
            legs += [LegSpec(source, -amount, denomination_id), LegSpec(target, amount, denomination_id)]
    return legs


def cash_legs(*, source: int, target: int, amount: int) -> list[LegSpec]:
    return [LegSpec(source, -amount), LegSpec(target, amount)] if amount else []


# Chip value and room by denomination id, and room by account id: a chip's value and room and an
# account's room never change (refused by triggers) and neither is ever deleted, so each process
# keeps what it has read.
_VALUES: dict[int, int] = {}
_CHIP_ROOMS: dict[int, int] = {}
_ACCOUNT_ROOMS: dict[int, int] = {}


def denomination_values(ids: Iterable[int]) -> dict[int, int]:
    wanted = set(ids)
    if not wanted:
        return {}
    try:
        return {d: _VALUES[d] for d in wanted}
    except KeyError:
        pass  # not all known yet
    rows = Denomination.objects.filter(pk__in=wanted).values_list("pk", "value", "room_id")
    values = {pk: value for pk, value, _room in rows}
    remember(_VALUES, values)
    remember(_CHIP_ROOMS, {pk: room for pk, _value, room in rows})
    unknown = sorted(wanted - set(values))
    if unknown:
        raise DomainError(
            _("Unknown chip denomination %(ids)s.") % {"ids": ", ".join(map(str, unknown))},
            code="unknown_denomination",
            denominations=unknown,
        )
    return values


def _rooms_of(store: dict[int, int], ids: set[int], model: type[Account] | type[Denomination]) -> dict[int, int]:
    try:
        return {pk: store[pk] for pk in ids}
    except KeyError:
        pass  # not all known yet
    rooms = dict(model.objects.filter(pk__in=ids).values_list("pk", "room_id"))
    remember(store, rooms)
    return rooms


def check_legs_in_room(legs: Sequence[LegSpec], *, room_id: int) -> None:
    """Every leg moves between the places of one room, in that room's chips: a room's ledger is its own."""
    accounts = _rooms_of(_ACCOUNT_ROOMS, {leg.account_id for leg in legs}, Account)
    chips = _rooms_of(
        _CHIP_ROOMS, {leg.denomination_id for leg in legs if leg.denomination_id is not None}, Denomination
    )
    foreign = sorted({leg.account_id for leg in legs} - {pk for pk, room in accounts.items() if room == room_id})
    foreign_chips = sorted({pk for pk in chips if chips[pk] != room_id})
    if foreign or foreign_chips:
        raise DomainError(
            _("An entry moves chips and cash within one room: %(what)s not of this room.")
            % {"what": ", ".join([*(f"account {a}" for a in foreign), *(f"chip {c}" for c in foreign_chips)])},
            code="not_in_room",
            accounts=foreign,
            denominations=foreign_chips,
        )


def check_legs(legs: Sequence[LegSpec], *, values: Mapping[int, int] | None = None) -> None:
    """The entry balances per denomination (cash: None), every leg is a non-zero
    integer, and chip legs are whole chips. PostgreSQL checks the netting again at COMMIT."""
    if len(legs) < 2:
        raise DomainError(_("A journal entry needs at least two legs."), code="unbalanced_entry")
    if values is None:
        values = denomination_values(leg.denomination_id for leg in legs if leg.denomination_id is not None)
    totals: dict[int | None, int] = defaultdict(int)
    for leg in legs:
        if type(leg.amount) is not int or leg.amount == 0 or abs(leg.amount) > MAX_AMOUNT:
            raise DomainError(_("A leg moves a non-zero whole amount: %(a)r.") % {"a": leg.amount}, code="bad_money")
        if leg.denomination_id is not None and leg.amount % values[leg.denomination_id]:
            raise DomainError(
                _("%(amount)s is not a whole number of %(chip)s chips.")
                % {"amount": format_money(abs(leg.amount)), "chip": format_money(values[leg.denomination_id])},
                code="not_whole_chips",
            )
        totals[leg.denomination_id] += leg.amount
    unbalanced = {k: v for k, v in totals.items() if v}
    if unbalanced:
        raise DomainError(
            _("The entry does not balance: %(parts)s.")
            % {"parts": ", ".join(f"{k or _('cash')}: {v:+d}" for k, v in unbalanced.items())},
            code="unbalanced_entry",
        )


def post_entry(
    *,
    actor: User,
    room: Room,
    reason: Reason | str,
    legs: Sequence[LegSpec],
    memo: str = "",
    ref: str = "",
    reverses: JournalEntry | None = None,
    at: datetime | None = None,
) -> JournalEntry:
    """Post one balanced journal entry of ``room`` (its places and chips only, in its currency, dated in
    its gaming day) and apply it to the balance rows.

    The caller holds a transaction (``transaction.atomic``) and any locks its
    own checks need; this locks the balance rows it changes, in primary-key order.
    """
    if not connection.in_atomic_block:
        raise RuntimeError("post_entry runs inside the caller's transaction.atomic")
    if reason not in Reason.values:
        raise DomainError(_("%(reason)r is not a ledger reason.") % {"reason": reason}, code="bad_reason")
    check_legs(legs)
    check_legs_in_room(legs, room_id=room.pk)
    with transaction.atomic():  # a savepoint: a refusal leaves no half entry in the caller's transaction
        entry = entry_insert(
            actor=actor, room=room, reason=Reason(reason), legs=legs, memo=memo, ref=ref, reverses=reverses, at=at
        )
        balances_apply(legs)
    return entry


def entry_insert(
    *,
    actor: User,
    room: Room,
    reason: Reason,
    legs: Sequence[LegSpec],
    memo: str = "",
    ref: str = "",
    reverses: JournalEntry | None = None,
    at: datetime | None = None,
) -> JournalEntry:
    """Insert the entry and its legs without touching balances (callers: ``post_entry``, sales, which
    check the legs first: ``check_legs``, ``check_legs_in_room``).

    Refused in a closed gaming day of the room (``ledger.selectors.days``). With the fast paths the
    entry, its legs and that check are one statement (``entry_sql``); this is its ORM twin.
    """
    moment = at or timezone.now()
    entry = JournalEntry(
        room=room,
        reason=reason,
        gaming_day=gaming_day_of(moment, room=room),
        memo=memo[:200],
        ref=ref,
        reverses=reverses,
        created_at=moment,
        created_by=actor,
    )
    if fast_paths():
        try:
            entry_insert_sql(entry, legs, currency=room.currency)
        except IntegrityError as exc:
            raise _refused(entry, exc) from exc
        return entry
    check_gaming_day_open(entry.gaming_day, room_id=room.pk)
    try:
        entry.save(force_insert=True)
    except IntegrityError as exc:
        raise _refused(entry, exc) from exc
    currency = room.currency
    Leg.objects.bulk_create(
        [
            Leg(
                entry=entry,
                account_id=leg.account_id,
                denomination_id=leg.denomination_id,
                currency=currency,
                amount=leg.amount,
            )
            for leg in legs
        ]
    )
    return entry


def _refused(entry: JournalEntry, exc: IntegrityError) -> Conflict:
    """What the database refused of ``entry``: its day, closed while it waited (the ledger's trigger), or
    its document, posted already (the unique index); anything else propagates."""
    if constraint_name(exc) == IN_AN_OPEN_DAY:
        return gaming_day_closed(entry.gaming_day)
    if on_postgresql() and sqlstate(exc) != "23505":
        raise exc
    return _already_posted(entry)


def _already_posted(entry: JournalEntry) -> Conflict:
    if entry.reverses_id is not None:
        return Conflict(_("Entry #%(n)s is already reversed.") % {"n": entry.reverses_id}, code="already_reversed")
    return Conflict(
        _("A %(reason)s entry for %(ref)s is already posted.") % {"reason": entry.reason, "ref": entry.ref},
        code="already_posted",
    )
