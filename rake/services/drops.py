"""Drop counts: the box counted blind by two people, compared with the ledger, explained, dropped.

The expected amount is the drop box's ledger balance when the count starts
(the fees posted since the previous count; its balance rows are locked while
it is read, so no fee posting is half in). When the two tallies agree, the
count is final unless the variance is over the room's drop variance threshold,
in which case a floor manager who did not count explains it first. A final
count posts one ``drop`` journal entry: the expected chips leave the box,
the counted chips enter the vault, and any difference goes to over/short.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Max, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import Conflict, DomainError, Forbidden, NotFound
from config.gaming_day import gaming_day_of
from config.money import check_minor, format_money
from config.roles import Role, has_any_role, roles_label
from config.shifts import shift_of
from ledger.models import AccountKind, Balance, JournalEntry, Leg, Reason
from ledger.selectors.days import check_gaming_day_open
from ledger.services.accounts import singleton_accounts, table_account
from ledger.services.posting import LegSpec, denomination_values, post_entry
from rake.models import DropCount, DropCountLine, DropCountStatus, DropShare, DropTally, DropTallyLine, FeeCharge
from rake.selectors.drops import DROP_COUNTER_ROLES, DROP_STARTER_ROLES, DROP_SUPERVISOR_ROLES
from rake.selectors.summaries import summary_key
from rake.services.summaries import summary_add
from rooms.selectors import check_works_in
from tables.models import Table

EXPLANATION_MAX = 500


@dataclass(frozen=True)
class TallyResult:
    """``agreed`` is None while the second counter has not counted, False when the round must be recounted."""

    count: DropCount
    agreed: bool | None


def _require(actor: User, roles: Sequence[str], what: str) -> None:
    if not has_any_role(actor, roles):
        raise Forbidden(
            _("%(what)s needs the role %(roles)s.") % {"what": what, "roles": roles_label(roles)}, code="forbidden"
        )


def drop_count_start(
    *, actor: User, table_id: int, gaming_day: date | None = None, shift: int | None = None
) -> DropCount:
    """Take a table's drop box for counting: record what the ledger says it holds."""
    _require(actor, DROP_STARTER_ROLES, _("Starting a drop count"))
    table = Table.objects.select_related("room").filter(pk=table_id).first()
    if table is None:
        raise NotFound(_("Table %(id)s does not exist.") % {"id": table_id}, table_id=table_id)
    check_works_in(actor, room_id=table.room_id)
    now = timezone.now()
    day = gaming_day or gaming_day_of(now, room=table.room)
    shift = shift or shift_of(now, room=table.room)
    if not 1 <= shift <= table.room.shifts_per_day:
        raise DomainError(_("A gaming day has shifts 1 to %(n)s.") % {"n": table.room.shifts_per_day}, code="bad_shift")
    check_gaming_day_open(day, room_id=table.room_id)
    box = table_account(table_id=table_id, kind=AccountKind.DROP_BOX)
    with transaction.atomic():
        rows = list(Balance.objects.select_for_update().filter(account_id=box).order_by("pk"))
        expected = {b.denomination_id: b.amount for b in rows if b.denomination_id is not None and b.amount}
        cash = sum(b.amount for b in rows if b.denomination_id is None)
        through = Leg.objects.filter(account_id=box).aggregate(top=Max("entry_id"))["top"] or 0
        since = DropCount.objects.filter(table_id=table_id).aggregate(top=Max("through_entry_id"))["top"] or 0
        try:
            with transaction.atomic():
                count = DropCount.objects.create(
                    table_id=table_id,
                    gaming_day=day,
                    shift=shift,
                    expected=sum(expected.values()),
                    cash_expected=cash,
                    since_entry_id=since,
                    through_entry_id=through,
                    created_at=now,
                    created_by=actor,
                )
        except IntegrityError as exc:
            raise Conflict(
                _("Table %(id)s has a drop count in progress, or its shift %(shift)s of %(day)s is counted already.")
                % {"id": table_id, "shift": shift, "day": day.isoformat()},
                code="drop_count_exists",
            ) from exc
        DropCountLine.objects.bulk_create(
            DropCountLine(count=count, denomination_id=d, expected=amount) for d, amount in sorted(expected.items())
        )
        check_gaming_day_open(day, room_id=table.room_id)
    return count


def _amounts(chips: Mapping[int, int]) -> dict[int, tuple[int, int]]:
    """``{denomination_id: pieces}`` -> ``{denomination_id: (pieces, amount)}``; refuses what is not chips."""
    for d, pieces in chips.items():
        if type(d) is not int or type(pieces) is not int or pieces < 0 or pieces > 10**9:
            raise DomainError(
                _("Count whole chips: %(pieces)r of denomination %(d)r.") % {"pieces": pieces, "d": d},
                code="bad_count",
            )
    values = denomination_values(d for d, n in chips.items() if n)
    return {d: (n, n * values[d]) for d, n in sorted(chips.items()) if n}


def drop_tally_record(*, actor: User, count_id: int, chips: Mapping[int, int], cash: int = 0) -> TallyResult:
    """One counter's blind count of the box, ``{denomination_id: pieces}`` and the cash (minor units) of chips
    sold at the table; the two counts agree when both the chips and the cash do."""
    _require(actor, DROP_COUNTER_ROLES, _("Counting a drop"))
    amounts = _amounts(chips)
    check_minor(cash, field="cash", allow_zero=True)
    now = timezone.now()
    with transaction.atomic():
        count = _locked(actor, count_id)
        if count.status != DropCountStatus.COUNTING:
            raise Conflict(_("This drop count is no longer counting."), code="count_closed", count_status=count.status)
        tallies = list(count.tallies.filter(round=count.round).select_related("counter").order_by("pk"))
        if any(t.counter_id == actor.pk for t in tallies):
            raise DomainError(
                _("A drop is counted by two different people: you have counted this round already."),
                code="same_counter",
                status=403,
            )
        if tallies and not any(has_any_role(u, [Role.FLOOR_MANAGER]) for u in (actor, tallies[0].counter)):
            raise DomainError(
                _("One of the two counters must be a floor manager."), code="floor_manager_required", status=403
            )
        tally = DropTally.objects.create(
            count=count,
            round=count.round,
            counter=actor,
            total=sum(a for _n, a in amounts.values()),
            cash=cash,
            created_at=now,
        )
        DropTallyLine.objects.bulk_create(
            DropTallyLine(tally=tally, denomination_id=d, pieces=n, amount=a) for d, (n, a) in amounts.items()
        )
        if not tallies:
            return TallyResult(count, None)
        first = {line.denomination_id: line.amount for line in tallies[0].lines.all()}
        if first != {d: a for d, (_n, a) in amounts.items()} or tallies[0].cash != cash:
            count.round += 1
            count.save(update_fields=["round"])
            return TallyResult(count, False)
        _agree(actor, count, first, cash, now)
        return TallyResult(count, True)


def _locked(actor: User, count_id: int) -> DropCount:
    """The count, locked, with its table's room (read, not locked), for a member of staff of that room."""
    count = DropCount.objects.select_for_update(of=("self",)).select_related("table__room").filter(pk=count_id).first()
    if count is None:
        raise NotFound(_("Drop count %(id)s does not exist.") % {"id": count_id}, count_id=count_id)
    check_works_in(actor, room_id=count.table.room_id)
    return count


def _agree(actor: User, count: DropCount, counted: dict[int, int], cash: int, now: datetime) -> None:
    count.counted = sum(counted.values())
    count.variance = count.counted - count.expected
    count.cash_counted = cash
    # A supervisor explains a difference in the chips or in the cash over the room's threshold.
    if abs(count.variance) + abs(cash - count.cash_expected) > count.table.room.drop_variance_threshold:
        count.status = DropCountStatus.NEEDS_EXPLANATION
        count.save(update_fields=["counted", "variance", "cash_counted", "status"])
        return
    _finalize(actor, count, counted, now)


def drop_count_explain(*, actor: User, count_id: int, explanation: str) -> DropCount:
    """A supervisor (floor manager, not one of the counters) explains a variance over the threshold."""
    _require(actor, DROP_SUPERVISOR_ROLES, _("Explaining a drop variance"))
    text = (explanation or "").strip()
    if not text:
        raise DomainError(_("Explain the variance: an explanation is required."), code="reason_required")
    now = timezone.now()
    with transaction.atomic():
        count = _locked(actor, count_id)
        if count.status != DropCountStatus.NEEDS_EXPLANATION:
            raise Conflict(
                _("This drop count has no variance waiting for an explanation."),
                code="nothing_to_explain",
                count_status=count.status,
            )
        tallies = list(count.tallies.filter(round=count.round).prefetch_related("lines"))
        if any(t.counter_id == actor.pk for t in tallies):
            raise DomainError(
                _("A counter cannot explain their own count's variance: another supervisor must."),
                code="same_user",
                status=403,
            )
        count.explanation, count.explained_by, count.explained_at = text[:EXPLANATION_MAX], actor, now
        count.save(update_fields=["explanation", "explained_by", "explained_at"])
        _finalize(actor, count, {line.denomination_id: line.amount for line in tallies[0].lines.all()}, now)
    return count


def _finalize(actor: User, count: DropCount, counted: dict[int, int], now: datetime) -> None:
    """Post the drop, make the count final, and share it out over the summaries."""
    expected = {line.denomination_id: line.expected for line in count.lines.all()}
    count.journal_entry = _post_drop(actor, count, expected, counted)
    count.status, count.finalized_at = DropCountStatus.FINAL, now
    count.save(update_fields=["counted", "variance", "cash_counted", "status", "finalized_at", "journal_entry"])
    for share in _shares(count):
        share.save(force_insert=True)
        key = summary_key(
            gaming_day=share.gaming_day,
            shift=share.shift,
            table_id=share.table_id,
            game_id=share.game_id,
            dealer_id=share.dealer_id,
            kind=share.kind,
        )
        summary_add(key, expected=share.expected, counted=share.counted, variance=share.variance)


def _post_drop(actor: User, count: DropCount, expected: dict[int, int], counted: dict[int, int]) -> JournalEntry | None:
    box = table_account(table_id=count.table_id, kind=AccountKind.DROP_BOX)
    room = count.table.room
    ids = singleton_accounts(AccountKind.VAULT, AccountKind.OVER_SHORT, room_id=room.pk)
    legs: list[LegSpec] = []
    for d in sorted(set(expected) | set(counted)):
        e, c = expected.get(d, 0), counted.get(d, 0)
        legs += [LegSpec(box, -e, d)] if e else []
        legs += [LegSpec(ids[AccountKind.VAULT], c, d)] if c else []
        legs += [LegSpec(ids[AccountKind.OVER_SHORT], e - c, d)] if e != c else []
    # The cash of chips sold at the table goes to the vault with the chips; a difference to over and short.
    e, c = count.cash_expected, count.cash_counted or 0
    legs += [LegSpec(box, -e)] if e else []
    legs += [LegSpec(ids[AccountKind.VAULT], c)] if c else []
    legs += [LegSpec(ids[AccountKind.OVER_SHORT], e - c)] if e != c else []
    if not legs:
        return None
    memo = _("drop, table %(t)s, %(day)s shift %(s)s, variance %(v)s") % {
        "t": count.table_id,
        "day": count.gaming_day.isoformat(),
        "s": count.shift,
        "v": format_money(count.variance or 0),
    }
    return post_entry(actor=actor, room=room, reason=Reason.DROP, legs=legs, memo=memo, ref=f"dropcount:{count.pk}")


def split(total: int, weights: Sequence[int]) -> list[int]:
    """``total`` in whole units, in proportion to ``weights`` (largest remainder; shares add up exactly)."""
    positive = [max(w, 0) for w in weights]
    whole = sum(positive)
    if not whole:
        return [total] + [0] * (len(weights) - 1)
    shares = [total * w // whole for w in positive]
    remainders = sorted(range(len(weights)), key=lambda k: (-(total * positive[k] % whole), k))
    for k in remainders[: total - sum(shares)]:
        shares[k] += 1
    return shares


def _shares(count: DropCount) -> list[DropShare]:
    """The count over the dealers, games and fee kinds whose fees went into the box since the last count."""
    groups = list(
        FeeCharge.objects.filter(
            table_id=count.table_id,
            journal_entry_id__gt=count.since_entry_id,
            journal_entry_id__lte=count.through_entry_id,
        )
        .values_list("game_id", "dealer_id", "kind")
        .annotate(weight=Sum("fee"))
        .order_by("game_id", "dealer_id", "kind")
    )
    if not groups or all(w <= 0 for *_k, w in groups):
        game_id = Table.objects.filter(pk=count.table_id).values_list("game_id", flat=True).first()
        groups = [(game_id, None, "", 1)]
    weights = [int(w) for *_k, w in groups]
    expected = split(count.expected, weights)
    counted = split(count.counted or 0, weights)
    return [
        DropShare(
            count=count,
            gaming_day=count.gaming_day,
            shift=count.shift,
            table_id=count.table_id,
            game_id=game_id,
            dealer_id=dealer_id,
            kind=kind,
            expected=e,
            counted=c,
            variance=c - e,
        )
        for (game_id, dealer_id, kind, _w), e, c in zip(groups, expected, counted, strict=True)
    ]
