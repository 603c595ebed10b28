"""The ledger's public writing API: post a balanced entry, move a fee (reversals: ``reversals``).

Other apps (the fee engine) use ``post_entry`` and ``fee_to_drop_box`` only.

    from cashier.services.ledger import LegSpec, post_entry, fee_to_drop_box

Both must run inside ``transaction.atomic`` (``fee_to_drop_box`` opens one
itself when called outside); the balance rows they touch are locked and
updated in primary-key order (``balances``) and a place short of chips or
cash refuses the whole entry with ``DomainError(code="insufficient_balance")``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from cashier.models import AccountKind, Balance, Denomination, JournalEntry, Leg, Reason
from cashier.services.accounts import singleton_accounts, table_account
from cashier.services.balances import balances_apply
from cashier.services.change import Available, FeeChips, fee_chips
from cashier.services.change import greedy_breakdown as greedy_breakdown  # sales use it from here
from cashier.services.memory import remember
from cashier.services.tx import run_atomic, sqlstate
from config.db import prepared_cursor
from config.errors import Conflict, DomainError
from config.gaming_day import gaming_day_of
from config.money import MAX_AMOUNT, format_money
from config.roles import Role
from rake.selectors.days import check_gaming_day_open

# Who signs off what the cage cannot sign alone (a drawer's variance).
SUPERVISOR_ROLES = (Role.FLOOR_MANAGER,)


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

    Refused in a closed gaming day (``rake.selectors.days``). On PostgreSQL the
    entry, its legs and that check are one statement (``_ENTRY_SQL``).
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
    if connection.vendor == "postgresql":
        try:
            _entry_insert_pg(entry, legs)
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


# The closed-day check is part of the INSERT: a statement takes its table locks before the
# snapshot it runs on, so a gaming-day close holding its SHARE lock on the journal
# (rake.services.days) either committed first and its row is seen here (nothing is
# inserted), or waits for this transaction and counts the entry.
# The legs of the entry inserted by a CTE named ``entry`` (none when it inserted none), in the order
# given: parameters ``currency``, ``accounts``, ``denominations`` and ``amounts`` (one item per leg).
# Also part of the fee posting of a completed hand (rake.services.hand_fee_sql).
LEGS_CTE = """legs AS (
    INSERT INTO cashier_leg (entry_id, account_id, denomination_id, currency, amount)
    SELECT entry.id, leg.account_id, leg.denomination_id, %(currency)s, leg.amount
    FROM entry CROSS JOIN unnest(%(accounts)s::bigint[], %(denominations)s::bigint[], %(amounts)s::bigint[])
        WITH ORDINALITY AS leg(account_id, denomination_id, amount, n)
    ORDER BY leg.n
)"""

_ENTRY_SQL = f"""
WITH entry AS (
    INSERT INTO cashier_journalentry (reason, gaming_day, memo, ref, reverses_id, created_at, created_by_id)
    SELECT %(reason)s, %(day)s::date, %(memo)s, %(ref)s, %(reverses)s::bigint, %(at)s::timestamptz, %(actor)s
    WHERE NOT EXISTS (SELECT FROM rake_gamingdayclose WHERE gaming_day = %(day)s::date)
    RETURNING id
), {LEGS_CTE}
SELECT id FROM entry
"""


def _entry_insert_pg(entry: JournalEntry, legs: Sequence[LegSpec]) -> None:
    params: dict[str, Any] = {
        "reason": entry.reason,
        "day": entry.gaming_day,
        "memo": entry.memo,
        "ref": entry.ref,
        "reverses": entry.reverses_id,
        "at": entry.created_at,
        "actor": entry.created_by_id,
        "currency": settings.CARDROOM_CURRENCY,
        "accounts": [leg.account_id for leg in legs],
        "denominations": [leg.denomination_id for leg in legs],
        "amounts": [leg.amount for leg in legs],
    }
    with prepared_cursor() as cursor:
        cursor.execute(_ENTRY_SQL, params)
        row = cursor.fetchone()
    if row is None:
        check_gaming_day_open(entry.gaming_day)  # raises: the statement found the day closed
        raise RuntimeError("the journal entry was not inserted")
    entry.pk = row[0]
    entry._state.adding = False
    entry._state.db = connection.alias


def _already_posted(entry: JournalEntry) -> Conflict:
    if entry.reverses_id is not None:
        return Conflict(_("Entry #%(n)s is already reversed.") % {"n": entry.reverses_id}, code="already_reversed")
    return Conflict(
        _("A %(reason)s entry for %(ref)s is already posted.") % {"reason": entry.reason, "ref": entry.ref},
        code="already_posted",
    )


def fee_to_drop_box(
    *,
    actor: User,
    table_id: int,
    amount: int,
    reason: Reason | str = Reason.FEE,
    ref: str,
    chips: Mapping[int, int] | None = None,
    from_tray: bool = False,
    change_from_tray: bool = False,
) -> JournalEntry:
    """Move a collected fee (minor units) into the table's drop box.

    The chips come from the pot, i.e. the players' chips (chips outstanding),
    or from the table's tray when ``from_tray``. ``chips`` is
    ``{denomination_id: count}``; without it the largest chips available make up
    the amount. With ``change_from_tray``, when the players' chips cannot make
    it up exactly the dealer makes change from the tray, in the same entry
    (``change.fee_chips``): the players' chips into the tray, the fee's exact
    chips from the tray into the drop box, the change back to the players.
    ``ref`` names the fee's document (e.g. ``"hand:123"``): a second
    call with the same reason and ref is refused (``Conflict``, code
    ``already_posted``), so a fee is never posted twice.
    """
    if reason not in (Reason.FEE, Reason.TIME_FEE, Reason.DROP):
        raise DomainError(
            _("A fee moves with reason fee, time_fee or drop, not %(r)r.") % {"r": reason}, code="bad_reason"
        )
    if not ref:
        raise DomainError(_("A fee needs the reference of what it was charged for."), code="ref_required")
    if type(amount) is not int or not 0 < amount <= MAX_AMOUNT:
        raise DomainError(_("A fee is a positive whole amount, not %(a)r.") % {"a": amount}, code="bad_money")

    def work() -> JournalEntry:
        if JournalEntry.objects.filter(reason=reason, ref=ref).exists():  # the unique index settles races
            message = _("A %(reason)s entry for %(ref)s is already posted.") % {"reason": reason, "ref": ref}
            raise Conflict(message, code="already_posted")
        box = table_account(table_id=table_id, kind=AccountKind.DROP_BOX)
        source = (
            table_account(table_id=table_id, kind=AccountKind.TRAY)
            if from_tray
            else singleton_accounts(AccountKind.OUTSTANDING)[AccountKind.OUTSTANDING]
        )
        if change_from_tray and chips is None and not from_tray:
            legs = _fee_legs_with_change(players=source, box=box, table_id=table_id, amount=amount)
        else:
            amounts = _fee_chip_amounts(source=source, amount=amount, chips=chips)
            legs = chip_legs(source=source, target=box, amounts=amounts)
        return post_entry(actor=actor, reason=reason, legs=legs, memo=f"table {table_id}", ref=ref)

    return run_atomic(work)


def fee_legs(*, chips: FeeChips, players: int, box: int, tray: int | None) -> list[LegSpec]:
    """The legs of a fee made up as ``chips``: players -> drop box; with change, players -> tray,
    tray -> drop box and tray -> players (the change), in that order."""
    if not chips.paid:
        return chip_legs(source=players, target=box, amounts=chips.fee)
    if tray is None:
        raise ValueError("change is made from a tray")
    return [
        *chip_legs(source=players, target=tray, amounts=chips.paid),
        *chip_legs(source=tray, target=box, amounts=chips.fee),
        *chip_legs(source=tray, target=players, amounts=chips.change),
    ]


def chips_available(account_id: int) -> dict[int, tuple[int, int]]:
    """``{denomination_id: (value, amount)}`` of the chips an account holds (as committed or written here)."""
    return {
        d: (v, a)
        for d, v, a in Balance.objects.filter(account_id=account_id, denomination__isnull=False, amount__gt=0)
        .values_list("denomination_id", "denomination__value", "amount")
        .order_by()
        if d is not None
    }


def _fee_legs_with_change(*, players: int, box: int, table_id: int, amount: int) -> list[LegSpec]:
    """The players' chips exactly; else with change from the tray (read only then); else ``no_breakdown``."""
    available: Available = chips_available(players)
    tray = None
    made = fee_chips(amount, available)
    if made is None:
        tray = table_account(table_id=table_id, kind=AccountKind.TRAY)
        made = fee_chips(amount, available, chips_available(tray))
    if made is None:
        raise DomainError(
            _("The chips in play cannot make up %(amount)s exactly, nor can the table's tray make change for it.")
            % {"amount": format_money(amount)},
            code="no_breakdown",
        )
    return fee_legs(chips=made, players=players, box=box, tray=tray)


def _fee_chip_amounts(*, source: int, amount: int, chips: Mapping[int, int] | None) -> dict[int, int]:
    if chips is not None:
        values = denomination_values(chips)
        amounts = {d: values[d] * n for d, n in chips.items() if n}
    else:
        made = fee_chips(amount, chips_available(source))
        if made is None:
            raise DomainError(
                _("The chips available cannot make up %(amount)s exactly.") % {"amount": format_money(amount)},
                code="no_breakdown",
            )
        amounts = made.fee
    if sum(amounts.values()) != amount:
        raise DomainError(
            _("The chips (%(chips)s) do not add up to the fee (%(amount)s).")
            % {"chips": format_money(sum(amounts.values())), "amount": format_money(amount)},
            code="breakdown_mismatch",
        )
    return amounts
