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

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.db import fast_paths
from config.errors import Conflict, DomainError
from config.gaming_day import gaming_day_of
from config.money import MAX_AMOUNT, format_money
from config.transactions import sqlstate
from ledger.models import Denomination, JournalEntry, Leg, Reason
from ledger.selectors.days import check_gaming_day_open
from ledger.services.balances import balances_apply
from ledger.services.entry_sql import entry_insert_sql
from ledger.services.memory import remember


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


# Chip value by denomination id: a chip's value never changes once issued and a chip is
# never deleted (both refused by triggers), so each process keeps the values it has read.
_VALUES: dict[int, int] = {}


def denomination_values(ids: Iterable[int]) -> dict[int, int]:
    wanted = set(ids)
    if not wanted:
        return {}
    try:
        return {d: _VALUES[d] for d in wanted}
    except KeyError:
        pass  # not all known yet
    values = dict(Denomination.objects.filter(pk__in=wanted).values_list("pk", "value"))
    remember(_VALUES, values)
    unknown = sorted(wanted - set(values))
    if unknown:
        raise DomainError(
            _("Unknown chip denomination %(ids)s.") % {"ids": ", ".join(map(str, unknown))},
            code="unknown_denomination",
            denominations=unknown,
        )
    return values


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
    reason: Reason | str,
    legs: Sequence[LegSpec],
    memo: str = "",
    ref: str = "",
    reverses: JournalEntry | None = None,
    at: datetime | None = None,
) -> JournalEntry:
    """Post one balanced journal entry and apply it to the balance rows.

    The caller holds a transaction (``transaction.atomic``) and any locks its
    own checks need; this locks the balance rows it changes, in primary-key order.
    """
    if not connection.in_atomic_block:
        raise RuntimeError("post_entry runs inside the caller's transaction.atomic")
    if reason not in Reason.values:
        raise DomainError(_("%(reason)r is not a ledger reason.") % {"reason": reason}, code="bad_reason")
    check_legs(legs)
    with transaction.atomic():  # a savepoint: a refusal leaves no half entry in the caller's transaction
        entry = entry_insert(
            actor=actor, reason=Reason(reason), legs=legs, memo=memo, ref=ref, reverses=reverses, at=at
        )
        balances_apply(legs)
    return entry


def entry_insert(
    *,
    actor: User,
    reason: Reason,
    legs: Sequence[LegSpec],
    memo: str = "",
    ref: str = "",
    reverses: JournalEntry | None = None,
    at: datetime | None = None,
) -> JournalEntry:
    """Insert the entry and its legs without touching balances (callers: ``post_entry``, sales).

    Refused in a closed gaming day (``ledger.selectors.days``). With the fast paths the
    entry, its legs and that check are one statement (``entry_sql``); this is its ORM twin.
    """
    moment = at or timezone.now()
    entry = JournalEntry(
        reason=reason,
        gaming_day=gaming_day_of(moment),
        memo=memo[:200],
        ref=ref,
        reverses=reverses,
        created_at=moment,
        created_by=actor,
    )
    if fast_paths():
        try:
            entry_insert_sql(entry, legs)
        except IntegrityError as exc:
            if sqlstate(exc) != "23505":
                raise
            raise _already_posted(entry) from exc
        return entry
    check_gaming_day_open(entry.gaming_day)
    try:
        entry.save(force_insert=True)
    except IntegrityError as exc:
        raise _already_posted(entry) from exc
    currency = settings.CARDROOM_CURRENCY
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


def _already_posted(entry: JournalEntry) -> Conflict:
    if entry.reverses_id is not None:
        return Conflict(_("Entry #%(n)s is already reversed.") % {"n": entry.reverses_id}, code="already_reversed")
    return Conflict(
        _("A %(reason)s entry for %(ref)s is already posted.") % {"reason": entry.reason, "ref": entry.ref},
        code="already_posted",
    )
