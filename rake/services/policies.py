"""Setting a table's (or a game's default) fee: a new version, from a moment."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import Conflict, DomainError, NotFound
from rake.engine.policies import MAX_RATE, FeePolicyError, HourlyFee, PercentageFee, check_rate
from rake.models import RATE_DECIMAL_PLACES, UNIT_MINUTES, FeeKind, FeePolicyVersion, TimeUnit
from rake.selectors import fee_policy_in_force, game_fee_policy_in_force, sign_fee_words, table_is_idle
from rooms.selectors import check_works_in
from tables.models import Game, Table, TableStatus
from tables.services.common import lock_table
from tables.services.tables import table_sign_refresh

_RATE_STEP = Decimal(1).scaleb(-RATE_DECIMAL_PLACES)
_PERCENTAGE_FIELDS = ("rate", "cap_per_hand", "caps_by_players", "min_pot", "no_flop_no_drop", "allocation")
_HOURLY_FIELDS = ("amount_per_hour", "unit", "collect_every_minutes", "charge_away")


def check_rate_setting(rate: object) -> Decimal:
    """A rate (fraction) the regulation and the column accept: 0 < rate ≤ 5%, steps of 0.01%."""
    try:
        checked = check_rate(rate)
    except FeePolicyError as exc:
        above = isinstance(rate, Decimal) and rate.is_finite() and rate > MAX_RATE
        raise DomainError(str(exc), code="fee_above_regulation_cap" if above else "fee_rate_invalid") from None
    if checked != checked.quantize(_RATE_STEP):
        raise DomainError(
            _("a percentage fee is set in steps of 0.01%%, not %(percent)s%%")
            % {"percent": format((checked * 100).normalize(), "f")},
            code="fee_rate_invalid",
        )
    return checked


def _percentage_fields(values: dict[str, Any]) -> dict[str, Any]:
    rate = check_rate_setting(values["rate"])
    caps = [tuple(pair) for pair in values["caps_by_players"] or ()]
    try:
        policy = PercentageFee(
            rate=rate,
            cap_per_hand=values["cap_per_hand"],
            caps_by_players=tuple(caps),  # PercentageFee checks each pair
            min_pot=0 if values["min_pot"] is None else values["min_pot"],
            no_flop_no_drop=True if values["no_flop_no_drop"] is None else values["no_flop_no_drop"],
            allocation=values["allocation"] or "main_first",
        )
    except FeePolicyError as exc:
        raise DomainError(str(exc), code="fee_policy_invalid") from None
    return {
        "rate": policy.rate,
        "cap_per_hand": policy.cap_per_hand,
        "caps_by_players": sorted([list(pair) for pair in policy.caps_by_players]),
        "min_pot": policy.min_pot,
        "no_flop_no_drop": policy.no_flop_no_drop,
        "allocation": policy.allocation,
    }


def _hourly_fields(values: dict[str, Any]) -> dict[str, Any]:
    unit: str = values["unit"] or "hour"
    try:
        policy = HourlyFee(
            amount_per_hour=values["amount_per_hour"],
            unit=unit,  # type: ignore[arg-type]  # HourlyFee refuses an unknown unit
            charge_away=False if values["charge_away"] is None else values["charge_away"],
        )
    except FeePolicyError as exc:
        raise DomainError(str(exc), code="fee_policy_invalid") from None
    every = values["collect_every_minutes"]
    if every is None:
        every = 30 if unit == TimeUnit.HALF_HOUR else 60
    if isinstance(every, bool) or not isinstance(every, int) or not 1 <= every <= 24 * 60:
        raise DomainError(
            _("the collection interval must be 1 to 1440 minutes, not %(every)r") % {"every": every},
            code="fee_policy_invalid",
        )
    if every % UNIT_MINUTES[unit]:
        raise DomainError(
            _("a fee charged by the %(replace)s is collected every whole number of them, not every %(every)s minutes")
            % {"replace": unit.replace("_", " "), "every": every},
            code="fee_policy_invalid",
        )
    return {
        "amount_per_hour": policy.amount_per_hour,
        "unit": policy.unit,
        "collect_every_minutes": every,
        "charge_away": policy.charge_away,
    }


def check_policy_fields(*, kind: str, **values: Any) -> dict[str, Any]:
    """Validate one fee kind's settings; the other kind's fields must be left out (one fee per table)."""
    own: tuple[str, ...]
    other: tuple[str, ...]
    if kind == FeeKind.PERCENTAGE:
        own, other, label = _PERCENTAGE_FIELDS, _HOURLY_FIELDS, "a percentage fee"
    elif kind == FeeKind.HOURLY:
        own, other, label = _HOURLY_FIELDS, _PERCENTAGE_FIELDS, "an hourly fee"
    else:
        raise DomainError(
            _("a fee is a percentage or hourly, not %(kind)r") % {"kind": kind}, code="fee_policy_invalid"
        )
    mixed = sorted(name for name in other if values.get(name) not in (None, "", [], ()))
    if mixed:
        raise DomainError(
            _("a table charges one kind of fee at a time: %(label)s takes no %(items)s")
            % {"label": label, "items": ", ".join(mixed)},
            code="fee_kinds_mixed",
            fields=mixed,
        )
    given = {name: values.get(name) for name in own}
    return _percentage_fields(given) if kind == FeeKind.PERCENTAGE else _hourly_fields(given)


def _scope(actor: User, table_id: int | None, game_id: int | None) -> tuple[Table | None, Game | None]:
    """Lock the table, or the game and its tables (by primary key), the policy is set for: by staff of
    the table's room, or of the game's (a game's default reaches all its tables, all of them its room's)."""
    if (table_id is None) == (game_id is None):
        raise DomainError(
            _("A fee policy is set for a table or as a game's default: name one of them."), code="fee_scope"
        )
    if table_id is not None:
        table = lock_table(table_id)
        check_works_in(actor, room_id=table.room_id)
        return table, None
    assert game_id is not None
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None:
        raise NotFound(_("Game %(game_id)s does not exist.") % {"game_id": game_id}, game_id=game_id)
    check_works_in(actor, room_id=game.room_id)
    list(Table.objects.select_for_update().filter(game=game).order_by("pk").values_list("pk", flat=True))
    return None, game


def _tables_on_default(game: Game, at: datetime) -> list[Table]:
    """Tables of a game without a version of their own at ``at``: the game's default reaches them."""
    own = FeePolicyVersion.objects.filter(table__game=game, effective_from__lte=at).values("table_id")
    return list(Table.objects.filter(game=game).exclude(pk__in=own).order_by("pk"))


def _check_kind_switch(*, kind: str, start: datetime, now: datetime, table: Table | None, game: Game | None) -> None:
    """Switching between percentage and hourly needs the table closed or idle, now."""
    if table is not None:
        previous = fee_policy_in_force(table_id=table.pk, at=start)
        affected = [table]
    else:
        assert game is not None
        previous = game_fee_policy_in_force(game_id=game.pk, at=start)
        affected = _tables_on_default(game, start)
    if previous is None or previous.kind == kind:
        return
    if start > now:
        raise DomainError(
            _(
                "Switching between a percentage and an hourly fee takes effect at once, on a closed "
                "or idle table; it cannot be scheduled."
            ),
            code="fee_kind_switch_scheduled",
        )
    busy = [t.number for t in affected if t.status != TableStatus.CLOSED and not table_is_idle(table_id=t.pk)]
    if busy:
        raise Conflict(
            _(
                "Switching from a %(previous)s to a %(kind)s fee needs a closed or idle table; players "
                "are seated at table %(items)s."
            )
            % {"previous": previous.kind, "kind": kind, "items": ", ".join(map(str, busy))},
            code="fee_kind_switch_busy",
            tables=busy,
        )


@transaction.atomic
def fee_policy_set(
    *,
    actor: User,
    kind: str,
    reason: str,
    table_id: int | None = None,
    game_id: int | None = None,
    effective_from: datetime | None = None,
    rate: Decimal | None = None,
    cap_per_hand: int | None = None,
    caps_by_players: Sequence[tuple[int, int]] | None = None,
    min_pot: int | None = None,
    no_flop_no_drop: bool | None = None,
    allocation: str | None = None,
    amount_per_hour: int | None = None,
    unit: str | None = None,
    collect_every_minutes: int | None = None,
    charge_away: bool | None = None,
) -> FeePolicyVersion:
    """A new fee version for a table (or a game's default) from ``effective_from`` (default now).

    ``rate`` is a fraction (``Decimal("0.05")`` is 5%); amounts are minor
    units. Versions are set in order and never back-dated: hands and time
    charges already recorded keep the version they were charged under. The
    sign of every table the version reaches is re-derived when it takes
    effect now; a scheduled version reaches the sign through the beat task
    ``rake.tasks.fee_signs_refresh``.
    """
    now = timezone.now()
    start = now if effective_from is None else effective_from
    if timezone.is_naive(start):
        raise DomainError(_("effective_from needs a time zone."), code="fee_policy_invalid")
    if start < now:
        raise DomainError(
            _("A fee policy takes effect from now or a later moment; recorded hands keep their fee."),
            code="fee_policy_backdated",
        )
    reason = (reason or "").strip()
    if not reason:
        raise DomainError(_("Say why the fee changes: a reason is required."), code="reason_required")
    fields = check_policy_fields(
        kind=kind,
        rate=rate,
        cap_per_hand=cap_per_hand,
        caps_by_players=caps_by_players,
        min_pot=min_pot,
        no_flop_no_drop=no_flop_no_drop,
        allocation=allocation,
        amount_per_hour=amount_per_hour,
        unit=unit,
        collect_every_minutes=collect_every_minutes,
        charge_away=charge_away,
    )
    table, game = _scope(actor, table_id, game_id)
    latest = FeePolicyVersion.objects.filter(table=table, game=game).order_by("-effective_from").first()
    if latest is not None and start <= latest.effective_from:
        raise Conflict(
            _("A version from %(effective_from)s is already set; a new one starts after it.")
            % {"effective_from": format(latest.effective_from, "%Y-%m-%d %H:%M")},
            code="fee_policy_out_of_order",
            latest_id=latest.pk,
        )
    _check_kind_switch(kind=kind, start=start, now=now, table=table, game=game)
    version = FeePolicyVersion(
        table=table, game=game, kind=kind, effective_from=start, reason=reason[:200], created_at=now, created_by=actor
    )
    for name, value in fields.items():
        setattr(version, name, value)
    try:
        version.full_clean()
        with transaction.atomic():
            version.save()
    except ValidationError as exc:
        raise DomainError("; ".join(exc.messages), code="fee_policy_invalid") from None
    except IntegrityError as exc:
        raise Conflict(_("Another fee version was set at the same moment."), code="fee_policy_out_of_order") from exc
    if start <= now:
        signs_refresh(actor=actor, table_ids=[t.pk for t in _reached(table, game, start)])
    return version


def _reached(table: Table | None, game: Game | None, at: datetime) -> list[Table]:
    if table is not None:
        return [table]
    assert game is not None
    return _tables_on_default(game, at)


def signs_refresh(*, actor: User, table_ids: Sequence[int]) -> int:
    """Re-derive the sign of each running table (the floor records a new sign version if it changed), naming
    the fee now in force."""
    running = Table.objects.filter(pk__in=table_ids).exclude(status=TableStatus.CLOSED).order_by("pk")
    count = 0
    for table_pk in running.values_list("pk", flat=True):
        table_sign_refresh(actor=actor, table_id=table_pk, fee_words=sign_fee_words)
        count += 1
    return count


def fee_signs_refresh(*, actor: User, since: datetime, until: datetime | None = None) -> int:
    """Refresh the signs reached by versions that took effect in ``(since, until]`` (scheduled changes)."""
    end = until or timezone.now()
    versions = FeePolicyVersion.objects.filter(effective_from__gt=since, effective_from__lte=end)
    table_ids = set(versions.filter(table__isnull=False).values_list("table_id", flat=True))
    defaults = versions.filter(game__isnull=False)
    table_ids |= set(Table.objects.filter(game__fee_policies__in=defaults).values_list("pk", flat=True))
    return signs_refresh(actor=actor, table_ids=sorted(table_ids))
