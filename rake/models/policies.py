"""Data and invariants of the rake app: fee policy versions and hourly time charges.

The regulation's 5% ceiling (``tables/rules/club-poker.md``, "Fees") is held
here three times over: ``FeePolicyVersion.clean`` for forms, the services for
every write, and a CHECK constraint so that not even raw SQL stores 5.01%.

The rate is stored as a *fraction* with four decimals (``0.0500`` is 5%, the
smallest step is 0.01%), the form ``rake.engine.policies`` computes with. Forms and
the API speak percent ("5.00") and convert.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pgtrigger
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from config.models import Recorded
from config.triggers import no_truncate
from rake.engine.policies import MAX_RATE
from tables.models import Game, Player, SeatSession, Table

RATE_DECIMAL_PLACES = 4
# A collection interval is a whole number of the unit it charges by, so an
# advance charge never bills a part-unit as a whole one.
UNIT_MINUTES = {"hour": 60, "half_hour": 30, "minute": 1}


class FeeKind(models.TextChoices):
    PERCENTAGE = "percentage", _("percentage of each pot")
    HOURLY = "hourly", _("hourly per seated player")


class Allocation(models.TextChoices):
    MAIN_FIRST = "main_first", _("main pot first")
    PROPORTIONAL = "proportional", _("in proportion to each pot")


class TimeUnit(models.TextChoices):
    HOUR = "hour", _("every started hour")
    HALF_HOUR = "half_hour", _("every started half hour")
    MINUTE = "minute", _("by the minute")


_PERCENTAGE_SHAPE = Q(
    kind=FeeKind.PERCENTAGE,
    rate__isnull=False,
    caps_by_players__isnull=False,
    min_pot__isnull=False,
    no_flop_no_drop__isnull=False,
    allocation__in=Allocation.values,
    amount_per_hour__isnull=True,
    unit="",
    collect_every_minutes__isnull=True,
    charge_away__isnull=True,
)
_HOURLY_SHAPE = Q(
    kind=FeeKind.HOURLY,
    rate__isnull=True,
    cap_per_hand__isnull=True,
    caps_by_players__isnull=True,
    min_pot__isnull=True,
    no_flop_no_drop__isnull=True,
    allocation="",
    amount_per_hour__isnull=False,
    unit__in=TimeUnit.values,
    collect_every_minutes__isnull=False,
    charge_away__isnull=False,
)


class FeePolicyVersion(Recorded):
    """One version of the fee a table (or, by default, every table of a game) charges.

    A version is never edited: a change is a new version with a later
    ``effective_from``; the version in force at a moment is the one with the
    latest ``effective_from`` not after it (``rake.selectors.fee_policy_in_force``).
    A table's own versions win over its game's defaults. Hands and time
    charges point at the version they were charged under.
    """

    table = models.ForeignKey(
        Table, on_delete=models.PROTECT, null=True, blank=True, related_name="fee_policies", verbose_name=_("table")
    )
    game = models.ForeignKey(
        Game, on_delete=models.PROTECT, null=True, blank=True, related_name="fee_policies", verbose_name=_("game")
    )
    kind = models.CharField(_("kind"), max_length=12, choices=FeeKind.choices)
    effective_from = models.DateTimeField(_("in force from"))
    reason = models.CharField(_("reason"), max_length=200)
    # Percentage fields (NULL on an hourly version).
    rate = models.DecimalField(
        _("rate (fraction of the pot)"), max_digits=5, decimal_places=RATE_DECIMAL_PLACES, null=True, blank=True
    )
    cap_per_hand = models.PositiveBigIntegerField(_("cap per hand"), null=True, blank=True)
    # [[min players dealt in, cap], ...]; validated by rake.engine.policies.PercentageFee.
    caps_by_players: models.JSONField[Any] = models.JSONField(_("caps by players dealt in"), null=True, blank=True)
    min_pot = models.PositiveBigIntegerField(_("minimum pot for a fee"), null=True, blank=True)
    no_flop_no_drop = models.BooleanField(_("no flop, no drop"), null=True, blank=True)
    allocation = models.CharField(_("allocation over pots"), max_length=12, choices=Allocation.choices, blank=True)
    # Hourly fields (NULL or blank on a percentage version).
    amount_per_hour = models.PositiveBigIntegerField(_("amount per player per hour"), null=True, blank=True)
    unit = models.CharField(_("charged"), max_length=10, choices=TimeUnit.choices, blank=True)
    collect_every_minutes = models.PositiveIntegerField(_("collected every (minutes)"), null=True, blank=True)
    charge_away = models.BooleanField(_("time away charged"), null=True, blank=True)

    class Meta:
        ordering = ["effective_from", "pk"]
        verbose_name = _("fee policy version")
        verbose_name_plural = _("fee policy versions")
        indexes = [
            models.Index(fields=["table", "effective_from"], name="feepolicy_table_from_idx"),
            models.Index(fields=["game", "effective_from"], name="feepolicy_game_from_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                name="feepolicy_rate_within_regulation",
                condition=Q(rate__isnull=True) | Q(rate__gt=0, rate__lte=MAX_RATE),
                violation_error_message=_("A percentage fee is above 0% and at most 5% of the pot."),
            ),
            models.CheckConstraint(
                name="feepolicy_fields_match_kind",
                condition=_PERCENTAGE_SHAPE | _HOURLY_SHAPE,
                violation_error_message=_("A fee policy is either a percentage or an hourly fee, never both."),
            ),
            models.CheckConstraint(
                name="feepolicy_for_table_or_game",
                condition=Q(table__isnull=False, game__isnull=True) | Q(table__isnull=True, game__isnull=False),
                violation_error_message=_("A fee policy belongs to a table or is a game's default, not both."),
            ),
            models.CheckConstraint(
                name="feepolicy_amounts_positive",
                condition=(Q(cap_per_hand__isnull=True) | Q(cap_per_hand__gt=0))
                & (Q(amount_per_hour__isnull=True) | Q(amount_per_hour__gt=0))
                & (Q(collect_every_minutes__isnull=True) | Q(collect_every_minutes__gt=0)),
                violation_error_message=_("Fee caps, hourly amounts and intervals are positive."),
            ),
            models.UniqueConstraint(
                fields=["table", "effective_from"],
                condition=Q(table__isnull=False),
                name="feepolicy_one_per_table_moment",
                violation_error_message=_("The table already has a fee policy from that moment."),
            ),
            models.UniqueConstraint(
                fields=["game", "effective_from"],
                condition=Q(game__isnull=False),
                name="feepolicy_one_per_game_moment",
                violation_error_message=_("The game already has a default fee policy from that moment."),
            ),
        ]
        # PostgreSQL refuses any edit or removal of a version (it may have charged hands).
        triggers = [
            pgtrigger.Protect(name="feepolicy_no_update", operation=pgtrigger.Update),
            pgtrigger.Protect(name="feepolicy_no_delete", operation=pgtrigger.Delete),
            no_truncate("feepolicy"),
        ]

    def __str__(self) -> str:
        scope = self.table if self.table_id else self.game
        return f"{scope}: {self.get_kind_display()} from {self.effective_from:%Y-%m-%d %H:%M}"

    @property
    def percent(self) -> Decimal | None:
        """The rate as a percentage (``Decimal("5.00")``), for forms, the API and pages."""
        return None if self.rate is None else (self.rate * 100).quantize(Decimal("0.01"))

    def clean(self) -> None:
        errors: dict[str, Any] = {}
        if self.rate is not None:
            if not self.rate.is_finite() or self.rate <= 0:
                errors["rate"] = _("A percentage fee must be above 0%.")
            elif self.rate > MAX_RATE:
                errors["rate"] = _("A percentage fee of %(percent)s%% is above the 5%% the regulation allows.") % {
                    "percent": f"{(self.rate * 100).normalize():f}"
                }
        if self.kind == FeeKind.PERCENTAGE and self.rate is None:
            errors["rate"] = _("A percentage fee needs a rate.")
        if self.kind == FeeKind.HOURLY and not self.amount_per_hour:
            errors["amount_per_hour"] = _("An hourly fee needs an amount per player per hour.")
        if self.unit and self.collect_every_minutes and self.collect_every_minutes % UNIT_MINUTES[self.unit]:
            errors["collect_every_minutes"] = _("The collection interval must be a whole number of charged units.")
        if errors:
            raise ValidationError(errors)


class TimeChargeStatus(models.TextChoices):
    DUE = "due", _("due")
    COLLECTED = "collected", _("collected")
    NOT_COLLECTED = "not_collected", _("not collected")


class TimeCharge(Recorded):
    """What one seated player owes, in advance, for one period of an hourly fee.

    Periods follow the player's own time at the table: the first starts when
    they sit down, each next one when the previous one's played time is used
    up (time while the table is paused does not count). One row per seat
    session and period start: the database refuses a second, so the beat task
    may run any number of times. Once marked, a charge is not changed again.
    """

    seat_session = models.ForeignKey(SeatSession, on_delete=models.PROTECT, related_name="time_charges")
    # Copied from the session for lists and the daily summaries of the reports.
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="time_charges")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="time_charges")
    policy = models.ForeignKey(FeePolicyVersion, on_delete=models.PROTECT, related_name="time_charges")
    period_start = models.DateTimeField(_("period from"))
    period_end = models.DateTimeField(_("period to"))
    gaming_day = models.DateField(_("gaming day"), db_index=True)
    amount = models.PositiveBigIntegerField(_("amount"))
    status = models.CharField(
        _("status"), max_length=14, choices=TimeChargeStatus.choices, default=TimeChargeStatus.DUE
    )
    # Who marked it collected or not collected, and when.
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    marked_at = models.DateTimeField(_("marked at"), null=True, blank=True)
    not_collected_reason = models.CharField(_("why not collected"), max_length=200, blank=True)

    class Meta:
        ordering = ["period_start", "pk"]
        verbose_name = _("time charge")
        verbose_name_plural = _("time charges")
        indexes = [models.Index(fields=["table", "status", "period_start"], name="timecharge_table_status_idx")]
        constraints = [
            models.UniqueConstraint(
                fields=["seat_session", "period_start"],
                name="timecharge_one_per_session_period",
                violation_error_message=_("That period of that seat session is already charged."),
            ),
            models.CheckConstraint(
                name="timecharge_period_and_amount",
                condition=Q(period_end__gt=F("period_start"), amount__gt=0),
                violation_error_message=_("A time charge covers a period and charges a positive amount."),
            ),
            models.CheckConstraint(
                name="timecharge_status_marks",
                condition=Q(status=TimeChargeStatus.DUE, marked_by__isnull=True, marked_at__isnull=True)
                | Q(status=TimeChargeStatus.COLLECTED, marked_by__isnull=False, marked_at__isnull=False)
                | (
                    Q(status=TimeChargeStatus.NOT_COLLECTED, marked_by__isnull=False, marked_at__isnull=False)
                    & ~Q(not_collected_reason="")
                ),
                violation_error_message=_("A marked time charge names who marked it, when, and why if not collected."),
            ),
        ]
        triggers = [
            pgtrigger.Protect(
                name="timecharge_marked_once",
                operation=pgtrigger.Update,
                condition=pgtrigger.Q(old__status__df=TimeChargeStatus.DUE),
            ),
            pgtrigger.Protect(name="timecharge_no_delete", operation=pgtrigger.Delete),
            no_truncate("timecharge"),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.table} {self.period_start:%H:%M}: {self.amount}"
