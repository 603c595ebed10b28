"""Input and output shapes of the hand API (one pair per operation).

Amounts travel as every amount of the API does (``config.api.MoneyField``): decimal strings of major
units, integer minor units inside.
"""

from __future__ import annotations

from typing import Any

from django.db.models import TextChoices
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from config.api import EnumField, MoneyField, StrictBooleanField, StrictIntegerField
from config.models import JobStatus
from games.models import BuyInSource, HandStatus, StackKind


class EventType(TextChoices):
    """The engine's event types (``games.engine.events``), as the API names them."""

    DEAL = "deal"
    ACTION = "action"
    DRAW = "draw"
    BOARD = "board"
    SHOW = "show"
    MUCK = "muck"
    AGREE_SPLIT = "agree_split"
    REPLAY = "replay"
    MISDEAL = "misdeal"
    UNDO = "undo"


class ActionKind(TextChoices):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"


# What a seat's stack may be given between hands through the API; the rest is written by hands and corrections.
STACK_ADD_KINDS = (StackKind.BUY_IN, StackKind.ADD_ON, StackKind.ADJUSTMENT)


class EventSerializer(serializers.Serializer[dict[str, Any]]):
    """One engine event; only the fields of its type are read (cards as text: ``"AsKd"``, ``"??"``)."""

    type = EnumField(EventType)
    seat = StrictIntegerField(required=False, min_value=1, max_value=10)
    kind = EnumField(ActionKind, required=False)
    amount = MoneyField(required=False, allow_zero=True)
    holes = serializers.DictField(child=serializers.CharField(max_length=20), required=False)
    cards = serializers.CharField(required=False, allow_blank=True, max_length=40)
    discards = serializers.CharField(required=False, allow_blank=True, max_length=20)
    burn = serializers.CharField(required=False, allow_null=True, max_length=2)
    reason = serializers.CharField(required=False, allow_blank=True, max_length=200)


class EventRecordInput(serializers.Serializer[dict[str, Any]]):
    seq = StrictIntegerField(
        text=True, min_value=0, help_text=gettext_lazy("The hand's current sequence (events recorded so far).")
    )
    client_event_id = serializers.CharField(
        max_length=64, help_text=gettext_lazy("Unique per event; a retry sends the same id.")
    )
    event = EventSerializer()


class UndoInput(serializers.Serializer[dict[str, Any]]):
    seq = StrictIntegerField(text=True, min_value=0)
    client_event_id = serializers.CharField(max_length=64)
    reason = serializers.CharField(required=False, allow_blank=True, max_length=200, default="")


class BuyInsField(serializers.DictField):
    child = MoneyField()

    def to_internal_value(self, data: Any) -> dict[int, int]:
        values = super().to_internal_value(data)
        try:
            return {int(seat): amount for seat, amount in values.items()}
        except ValueError:
            raise serializers.ValidationError(_("Buy-ins map seat numbers to amounts.")) from None


class HandStartInput(serializers.Serializer[dict[str, Any]]):
    table_id = StrictIntegerField(text=True)
    buy_ins = BuyInsField(
        required=False, help_text=gettext_lazy("Seat -> chips, for seated players with no chips recorded yet.")
    )


class HandRecordWholeInput(serializers.Serializer[dict[str, Any]]):
    table_id = StrictIntegerField(text=True)
    client_hand_id = serializers.CharField(
        max_length=64, help_text=gettext_lazy("Unique per hand and table; a retry sends it again.")
    )
    events = EventSerializer(many=True)
    buy_ins = BuyInsField(required=False)


class VoidInput(serializers.Serializer[dict[str, Any]]):
    reason = serializers.CharField(max_length=300)


class CorrectInput(serializers.Serializer[dict[str, Any]]):
    reason = serializers.CharField(max_length=300)
    events = EventSerializer(many=True)


class StackAddInput(serializers.Serializer[dict[str, Any]]):
    seat_number = StrictIntegerField(min_value=1, max_value=10)
    amount = MoneyField(allow_zero=True)
    kind = EnumField(StackKind, only=STACK_ADD_KINDS, default=StackKind.BUY_IN)
    # Where a buy-in's or an add-on's chips come from (an adjustment has none). A field named "source": DRF
    # takes declared fields out of the class, so Field.source is untouched.
    source = EnumField(BuyInSource, default=BuyInSource.PLAYER_CHIPS)  # type: ignore[assignment]
    note = serializers.CharField(required=False, allow_blank=True, max_length=200, default="")


class StackOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    table_id = serializers.IntegerField()
    seat_number = serializers.IntegerField()
    kind = serializers.CharField()
    change = MoneyField(allow_zero=True, signed=True)
    stack = MoneyField(allow_zero=True)
    source = serializers.CharField(  # type: ignore[assignment]
        help_text="player_chips or cash_at_table; blank for an adjustment"
    )
    journal_entry_id = serializers.IntegerField(
        allow_null=True, help_text="the ledger entry of chips sold for cash at the table"
    )


# -- state -------------------------------------------------------------------------


class PresetsOutput(serializers.Serializer[Any]):
    min = MoneyField(allow_zero=True)
    half_pot = MoneyField(allow_zero=True)
    pot = MoneyField(allow_zero=True)
    all_in = MoneyField(allow_zero=True)


class LegalOutput(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    kinds = serializers.ListField(child=serializers.CharField())
    call_amount = MoneyField(allow_zero=True)
    can_check = serializers.BooleanField()
    raise_kind = serializers.CharField(allow_null=True)
    min_to = MoneyField(allow_zero=True)
    max_to = MoneyField(allow_zero=True)
    all_in_to = MoneyField(allow_zero=True)
    no_raise_reason = serializers.CharField()
    no_raise_code = serializers.CharField(
        help_text=gettext_lazy(
            "Why no bet or raise, as a code: opponents_all_in, call_takes_all, not_reopened, capped, drew or other; "
            "empty when one is allowed."
        )
    )
    presets = PresetsOutput(allow_null=True)


class SeatStateOutput(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    start_stack = MoneyField(allow_zero=True)
    stack = MoneyField(allow_zero=True)
    bet = MoneyField(allow_zero=True)
    committed = MoneyField(allow_zero=True)
    folded = serializers.BooleanField()
    all_in = serializers.BooleanField()
    cards = serializers.CharField()
    drew = serializers.IntegerField(help_text=gettext_lazy("Club Poker: cards bought at the draw; -1 before it."))


class PotOutput(serializers.Serializer[Any]):
    amount = MoneyField(allow_zero=True)
    eligible = serializers.ListField(child=serializers.IntegerField())


class SittingOutOutput(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    stack = MoneyField(allow_zero=True)


class HandStateOutput(serializers.Serializer[Any]):
    hand_id = serializers.IntegerField()
    table_id = serializers.IntegerField()
    number = serializers.IntegerField()
    revision = serializers.IntegerField()
    status = EnumField(HandStatus)
    seq = serializers.IntegerField()
    game = serializers.CharField()
    structure = serializers.CharField()
    phase = serializers.CharField()
    street = serializers.CharField()
    next = serializers.CharField(help_text=gettext_lazy("deal, action, board, draw, showdown, tie or none"))
    to_act = serializers.IntegerField(allow_null=True)
    button = serializers.IntegerField()
    small_blind_seat = serializers.IntegerField(allow_null=True)
    big_blind_seat = serializers.IntegerField(allow_null=True)
    seat_count = serializers.IntegerField()
    card_price = MoneyField(
        allow_zero=True,
        help_text=gettext_lazy("Club Poker: the price of one card bought at the draw (the ante); 0 at Hold'em."),
    )
    seats = SeatStateOutput(many=True)
    sitting_out = SittingOutOutput(
        many=True,
        help_text=gettext_lazy(
            "Seated players not dealt in: away from the table, or back and waiting for the big blind."
        ),
    )
    deal_order = serializers.ListField(child=serializers.IntegerField())
    board = serializers.CharField()
    board_due = serializers.IntegerField()
    pots = PotOutput(many=True)
    pot_total = MoneyField(allow_zero=True)
    legal = LegalOutput(allow_null=True)
    showdown_pending = serializers.ListField(
        child=serializers.IntegerField(),
        help_text=gettext_lazy(
            "Seats still to show or muck, the proposed next first (R17, R14): at the showdown, and during an "
            "all-in run-out, where hands are tabled before the remaining board cards. Any of them may show now."
        ),
    )
    may_muck = serializers.ListField(
        child=serializers.IntegerField(),
        help_text=gettext_lazy("Seats whose muck the engine accepts now: asked to show, or beaten by a shown hand."),
    )
    can_misdeal = serializers.BooleanField(
        help_text=gettext_lazy("A misdeal is accepted now: before substantial action (R18).")
    )
    tied_seats = serializers.ListField(child=serializers.IntegerField())
    can_undo = serializers.BooleanField()
    used_cards = serializers.CharField()
    notes = serializers.ListField(child=serializers.CharField())
    result = serializers.JSONField(allow_null=True)
    replay_hand_id = serializers.IntegerField(allow_null=True, required=False)


class StoredEventOutput(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    client_event_id = serializers.CharField()
    kind = serializers.CharField()
    payload = serializers.JSONField(source="data", help_text=gettext_lazy("The event as the engine reads it."))
    created_at = serializers.DateTimeField()


class EventRecordedOutput(serializers.Serializer[Any]):
    duplicate = serializers.BooleanField(help_text=gettext_lazy("True when this client event id was stored before."))
    event = StoredEventOutput(
        allow_null=True, help_text=gettext_lazy("The stored event; null when the event was not stored (see warning).")
    )
    warning = serializers.CharField(
        required=False,
        help_text=gettext_lazy("Why the event was accepted but not stored (a show after a win without showdown)."),
    )
    state = HandStateOutput()


class HandRecordedOutput(serializers.Serializer[Any]):
    duplicate = serializers.BooleanField()
    state = HandStateOutput()


# -- the log -----------------------------------------------------------------------


class HandPlayerOutput(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    player_id = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    start_stack = MoneyField(allow_zero=True)


class HandListOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    table_id = serializers.IntegerField()
    table_number = serializers.IntegerField()
    gaming_day = serializers.DateField()
    number = serializers.IntegerField()
    revision = serializers.IntegerField()
    game_id = serializers.IntegerField()
    game = serializers.CharField()
    dealer_id = serializers.IntegerField(allow_null=True)
    dealer = serializers.CharField(allow_null=True)
    status = EnumField(HandStatus)
    pot = MoneyField(allow_zero=True)
    fee = MoneyField(allow_zero=True)
    seq = serializers.IntegerField()
    players = HandPlayerOutput(many=True)
    replay_of_id = serializers.IntegerField(allow_null=True)
    corrects_id = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)


class SignOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    content = serializers.CharField()
    valid_from = serializers.DateTimeField()
    sign_fields = serializers.JSONField(source="data")


class LoggedEventOutput(StoredEventOutput):
    text = serializers.CharField()
    created_by = serializers.CharField()


class StreetEventOutput(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    kind = serializers.CharField()
    text = serializers.CharField()
    undone = serializers.BooleanField()
    pot_after = MoneyField(allow_zero=True)
    board = serializers.CharField()


class StreetOutput(serializers.Serializer[Any]):
    street = serializers.CharField()
    events = StreetEventOutput(many=True)


class PotAwardOutput(serializers.Serializer[Any]):
    index = serializers.IntegerField()
    amount = MoneyField(allow_zero=True)
    eligible = serializers.ListField(child=serializers.IntegerField())
    winners = serializers.ListField(child=serializers.IntegerField())
    shares = serializers.ListField(child=MoneyField(allow_zero=True))
    fee = MoneyField(allow_zero=True)
    carried = serializers.BooleanField()


class SeatResultOutput(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    player_id = serializers.IntegerField(allow_null=True)
    player = serializers.CharField()
    start_stack = MoneyField(allow_zero=True)
    final_stack = MoneyField(allow_zero=True, allow_null=True)
    shown = serializers.CharField()
    description = serializers.CharField()


class StatusChangeOutput(serializers.Serializer[Any]):
    from_status = serializers.CharField()
    to_status = serializers.CharField()
    reason = serializers.CharField()
    created_at = serializers.DateTimeField()
    created_by__username = serializers.CharField()


class HandDetailOutput(HandListOutput):
    fee_policy_id = serializers.IntegerField(allow_null=True)
    sign = SignOutput(allow_null=True)
    seats = SeatResultOutput(many=True)
    events = LoggedEventOutput(many=True)
    streets = StreetOutput(many=True)
    pots = PotAwardOutput(many=True)
    result = serializers.JSONField(allow_null=True)
    status_changes = StatusChangeOutput(many=True)
    replay_hand_id = serializers.IntegerField(allow_null=True)
    corrected_by_id = serializers.IntegerField(allow_null=True)


class CurrentHandOutput(serializers.Serializer[Any]):
    hand_id = serializers.IntegerField()
    number = serializers.IntegerField()
    pot = MoneyField(allow_zero=True)
    events = serializers.IntegerField()
    started_at = serializers.DateTimeField()
    is_replay = serializers.BooleanField()


class DealerStatsOutput(serializers.Serializer[Any]):
    dealer_id = serializers.IntegerField()
    dealer = serializers.CharField()
    table_id = serializers.IntegerField()
    table_number = serializers.IntegerField()
    hands = serializers.IntegerField()
    hours = serializers.DecimalField(max_digits=10, decimal_places=2)
    hands_per_hour = serializers.DecimalField(max_digits=10, decimal_places=1)
    average_pot = MoneyField(allow_zero=True)
    total_pot = MoneyField(allow_zero=True)
    fee = MoneyField(allow_zero=True)
    fee_per_hour = MoneyField(allow_zero=True)


# -- PHH -----------------------------------------------------------------------------


class ExportInput(serializers.Serializer[dict[str, Any]]):
    table_id = StrictIntegerField(text=True, required=False)
    gaming_day = serializers.DateField(required=False)
    gaming_day_from = serializers.DateField(required=False)
    gaming_day_to = serializers.DateField(required=False)
    dealer_id = StrictIntegerField(text=True, required=False)
    player_id = StrictIntegerField(text=True, required=False)
    game_id = StrictIntegerField(text=True, required=False)
    min_pot = MoneyField(required=False, allow_zero=True)
    max_pot = MoneyField(required=False, allow_zero=True)
    in_force = StrictBooleanField(required=False, default=True)


class ExportOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    status = EnumField(JobStatus)
    filters = serializers.JSONField()
    total = serializers.IntegerField()
    done = serializers.IntegerField()
    percent = serializers.IntegerField()
    error = serializers.CharField()
    download_url = serializers.URLField(allow_null=True)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


class ImportInput(serializers.Serializer[dict[str, Any]]):
    table_id = StrictIntegerField(text=True)
    file = serializers.FileField(required=False, help_text=gettext_lazy("A .phh or .phhs file."))
    text = serializers.CharField(required=False, allow_blank=False, max_length=5_000_000)


class ImportedHandOutput(serializers.Serializer[Any]):
    number = serializers.IntegerField(help_text=gettext_lazy("The hand's place in the file, from 1."))
    name = serializers.CharField()
    ok = serializers.BooleanField()
    error = serializers.CharField(allow_null=True)
    hand_id = serializers.IntegerField(allow_null=True)


class ImportOutput(serializers.Serializer[Any]):
    imported = serializers.IntegerField()
    failed = serializers.IntegerField()
    hands = ImportedHandOutput(many=True)
