"""Serializers of the money-flow and report API: drop counts, gaming days, reports, exports.

Money leaves as a string of major units (``MoneyField``); rates and hours as
exact decimal strings, never floats.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models import TextChoices
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from config.api import EnumField, InputSerializer, MoneyField, StrictIntegerField
from config.models import JobStatus
from config.money import Currency, using
from config.numbers import MAX_ID
from rake.models import DropCountStatus, ExportContent, ExportFormat
from rake.selectors.reports import GROUPS

# The report's groupings as a choice set, for ``EnumField`` (django-stubs do not type Enum's functional API).
ReportGroup = TextChoices("ReportGroup", list(GROUPS))  # type: ignore[call-overload]


# --- drop counts -------------------------------------------------------------------------------


class DropCountStartInputSerializer(InputSerializer):
    table_id = StrictIntegerField(min_value=1, max_value=MAX_ID)
    gaming_day = serializers.DateField(required=False, help_text=_("Default: today's gaming day."))
    shift = StrictIntegerField(required=False, min_value=1, max_value=24, help_text=_("Default: the shift now."))


class DropChipCountSerializer(InputSerializer):
    denomination_id = StrictIntegerField(min_value=1, max_value=MAX_ID)
    pieces = StrictIntegerField(min_value=0, max_value=10**9)


class DropTallyInputSerializer(InputSerializer):
    chips = DropChipCountSerializer(many=True, allow_empty=True)
    cash = MoneyField(allow_zero=True, required=False, default=0, help_text=_("Cash of chips sold at the table."))

    def validate_chips(self, value: list[dict[str, Any]]) -> list[dict[str, Any]]:
        ids = [c["denomination_id"] for c in value]
        if len(ids) != len(set(ids)):
            raise serializers.ValidationError(_("Name each denomination once."))
        return value


def tally_chips(data: dict[str, Any]) -> dict[int, int]:
    """A validated tally's pieces by denomination id."""
    return {c["denomination_id"]: c["pieces"] for c in data["chips"]}


class DropExplainInputSerializer(InputSerializer):
    explanation = serializers.CharField(max_length=500)


class DropLineSerializer(serializers.Serializer[dict[str, Any]]):
    denomination_id = serializers.IntegerField()
    denomination = MoneyField(help_text=_("The chip's value."))
    expected = MoneyField(allow_zero=True)


class DropTallyLineSerializer(serializers.Serializer[dict[str, Any]]):
    denomination_id = serializers.IntegerField()
    pieces = serializers.IntegerField()
    amount = MoneyField(allow_zero=True)


class DropTallySerializer(serializers.Serializer[dict[str, Any]]):
    round = serializers.IntegerField()
    counter = serializers.CharField()
    total = MoneyField(allow_zero=True)
    cash = MoneyField(allow_zero=True)
    lines = DropTallyLineSerializer(many=True)


class DropShareSerializer(serializers.Serializer[dict[str, Any]]):
    dealer_id = serializers.IntegerField(allow_null=True)
    game_id = serializers.IntegerField(allow_null=True)
    kind = serializers.CharField(allow_blank=True)
    expected = MoneyField(allow_zero=True)
    counted = MoneyField(allow_zero=True)
    variance = MoneyField(allow_zero=True, signed=True)


class DropCountSerializer(serializers.Serializer[dict[str, Any]]):
    """While counting, the expected amount and the tallies are withheld (blind counts)."""

    id = serializers.IntegerField()
    table_id = serializers.IntegerField()
    table_number = serializers.IntegerField()
    gaming_day = serializers.DateField()
    shift = serializers.IntegerField()
    status = EnumField(DropCountStatus)
    round = serializers.IntegerField()
    started_by = serializers.CharField()
    started_at = serializers.DateTimeField()
    tallies_this_round = serializers.IntegerField()
    expected = MoneyField(allow_zero=True, allow_null=True)
    counted = MoneyField(allow_zero=True, allow_null=True)
    variance = MoneyField(allow_zero=True, signed=True, allow_null=True)
    over_threshold = serializers.BooleanField(allow_null=True)
    cash_expected = MoneyField(allow_zero=True, allow_null=True)
    cash_counted = MoneyField(allow_zero=True, allow_null=True)
    lines = DropLineSerializer(many=True)
    tallies = DropTallySerializer(many=True)
    shares = DropShareSerializer(many=True)
    explanation = serializers.CharField(allow_blank=True)
    explained_by = serializers.CharField(allow_null=True)
    explained_at = serializers.DateTimeField(allow_null=True)
    finalized_at = serializers.DateTimeField(allow_null=True)
    journal_entry_id = serializers.IntegerField(allow_null=True)


class DropTallyResultSerializer(serializers.Serializer[dict[str, Any]]):
    agreed = serializers.BooleanField(
        allow_null=True, help_text=_("null: waiting for the second counter; false: recount.")
    )
    count = DropCountSerializer()


class InItsCurrency(serializers.Serializer[dict[str, Any]]):
    """A row whose amounts are in its own room's money (``currency``, ``exponent``), whatever room the
    request is in: a group's rows are each a room's."""

    def to_representation(self, instance: dict[str, Any]) -> dict[str, Any]:
        with using(Currency(instance["currency"], instance["exponent"])):
            return super().to_representation(instance)


class ReconciliationRowSerializer(InItsCurrency):
    room = serializers.IntegerField()
    currency = serializers.CharField(help_text=_("The currency of the row's amounts (ISO 4217)."))
    table_id = serializers.IntegerField()
    table_number = serializers.IntegerField()
    fees_posted = MoneyField(allow_zero=True)
    expected = MoneyField(allow_zero=True)
    counted = MoneyField(allow_zero=True)
    variance = MoneyField(allow_zero=True, signed=True)
    pending = serializers.BooleanField()
    count_ids = serializers.ListField(child=serializers.IntegerField())


# --- gaming days ---------------------------------------------------------------------------------


class DayCloseInputSerializer(InputSerializer):
    gaming_day = serializers.DateField()
    # Required of a user who works in several rooms (``rooms.selectors.room_for``).
    room_id = StrictIntegerField(required=False, allow_null=True, default=None, min_value=1, max_value=MAX_ID)
    note = serializers.CharField(max_length=300, required=False, allow_blank=True)


class GamingDayCloseSerializer(serializers.Serializer[dict[str, Any]]):
    gaming_day = serializers.DateField()
    closed_by = serializers.CharField()
    closed_at = serializers.DateTimeField()
    note = serializers.CharField(allow_blank=True)
    hands = serializers.IntegerField()
    fees = MoneyField(allow_zero=True)
    counted = MoneyField(allow_zero=True)
    variance = MoneyField(allow_zero=True, signed=True)


class DayStatusSerializer(serializers.Serializer[dict[str, Any]]):
    gaming_day = serializers.DateField()
    closed = GamingDayCloseSerializer(allow_null=True)
    counts_open = serializers.IntegerField()
    tables_uncounted = serializers.ListField(child=serializers.IntegerField())
    may_close = serializers.BooleanField()


# --- reports and exports -------------------------------------------------------------------------


class ReportQuerySerializer(serializers.Serializer[dict[str, Any]]):
    day_from = serializers.DateField()
    day_to = serializers.DateField()
    group_by = EnumField(ReportGroup, required=False, default="gaming_day")
    room = StrictIntegerField(
        text=True,
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        max_value=MAX_ID,
        help_text=_("Only this room; default: every room you work in (a group's report, a row per room)."),
    )
    table_id = StrictIntegerField(text=True, required=False, min_value=1, max_value=MAX_ID)


class ReportRowSerializer(InItsCurrency):
    key = serializers.CharField(allow_null=True)
    room = serializers.IntegerField(allow_null=True, help_text=_("The row's room; none on a total."))
    room_name = serializers.CharField(allow_blank=True)
    currency = serializers.CharField(help_text=_("The currency of the row's amounts (ISO 4217)."))
    name = serializers.CharField(help_text=_("The group's name: a day, a shift, a table, a game, a dealer, a kind."))
    hands = serializers.IntegerField()
    pots = MoneyField(allow_zero=True)
    fees = MoneyField(allow_zero=True)
    percentage_fees = MoneyField(allow_zero=True)
    rate_percent = serializers.DecimalField(
        max_digits=9, decimal_places=4, allow_null=True, help_text=_("Percentage fees over pots, in percent.")
    )
    hours = serializers.DecimalField(max_digits=14, decimal_places=2)
    time_charges = serializers.IntegerField()
    expected = MoneyField(allow_zero=True)
    counted = MoneyField(allow_zero=True)
    variance = MoneyField(allow_zero=True, signed=True)


class FeesPerDaySerializer(InItsCurrency):
    currency = serializers.CharField()
    gaming_day = serializers.DateField()
    fees = MoneyField(allow_zero=True)


class FeesPerTableSerializer(InItsCurrency):
    currency = serializers.CharField()
    table = serializers.CharField()
    fees = MoneyField(allow_zero=True)


class ReportRoomSerializer(serializers.Serializer[dict[str, Any]]):
    id = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField()
    currency = serializers.CharField()


class FeeReportSerializer(serializers.Serializer[dict[str, Any]]):
    day_from = serializers.DateField()
    day_to = serializers.DateField()
    group_by = EnumField(ReportGroup)
    rooms = ReportRoomSerializer(many=True)
    rows = ReportRowSerializer(many=True)
    totals = ReportRowSerializer(many=True, help_text=_("One per currency: two currencies are never added."))
    fees_per_day = FeesPerDaySerializer(many=True)
    fees_per_table = FeesPerTableSerializer(many=True)


class ExportCreateInputSerializer(ReportQuerySerializer):
    format = EnumField(ExportFormat)
    content = EnumField(ExportContent, required=False, default=ExportContent.SUMMARY)


class ExportSerializer(serializers.Serializer[dict[str, Any]]):
    id = serializers.IntegerField()
    format = EnumField(ExportFormat)
    content = EnumField(ExportContent)
    language = serializers.ChoiceField(
        choices=[code for code, _name in settings.LANGUAGES],
        help_text=_("The PDF's language: the request's (Accept-Language), one the room offers."),
    )
    filters = serializers.DictField()
    status = EnumField(JobStatus)
    attempts = serializers.IntegerField()
    total = serializers.IntegerField()
    done = serializers.IntegerField()
    percent = serializers.IntegerField()
    error = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()
    rows = serializers.IntegerField(allow_null=True)
    sha256 = serializers.CharField(allow_null=True)
    download_url = serializers.URLField(allow_null=True)
