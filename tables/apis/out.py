"""Output serializers of the floor's API, one per entity."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.api import MoneyField
from config.files import file_url
from config.money import Currency, using
from tables.models import (
    DealerAssignment,
    DealerProfile,
    DealerShift,
    Expulsion,
    Game,
    Player,
    SeatAway,
    SeatSession,
    SignVersion,
    Table,
    TableEvent,
    WaitlistEntry,
)


class UserOut(serializers.ModelSerializer[User]):
    name = serializers.CharField(source="get_full_name")

    class Meta:
        model = User
        fields = ["id", "username", "name"]


class GameOut(serializers.ModelSerializer[Game]):
    """A game of a room, its amounts in that room's money whatever room the request is in."""

    currency = serializers.CharField(source="room.currency", read_only=True)
    ante = MoneyField(allow_zero=True)
    small_blind = MoneyField(allow_zero=True)
    big_blind = MoneyField(allow_zero=True)
    min_buy_in = MoneyField(allow_zero=True)
    max_buy_in = MoneyField(allow_zero=True)

    class Meta:
        model = Game
        fields = [
            "id",
            "room",
            "currency",
            "name",
            "kind",
            "structure",
            "ring",
            "ante",
            "small_blind",
            "big_blind",
            "min_buy_in",
            "max_buy_in",
            "seat_limit",
            "is_active",
        ]

    def to_representation(self, instance: Game) -> dict[str, Any]:
        with using(Currency.of(instance.room)):
            return super().to_representation(instance)


class GameBriefOut(serializers.ModelSerializer[Game]):
    class Meta:
        model = Game
        fields = ["id", "name", "kind"]


class PlayerBriefOut(serializers.ModelSerializer[Player]):
    class Meta:
        model = Player
        fields = ["id", "full_name", "masked_name"]


class PlayerOut(serializers.ModelSerializer[Player]):
    room = serializers.IntegerField(source="room_id", help_text=gettext_lazy("The room that registered the player"))
    photo = serializers.SerializerMethodField(
        help_text=gettext_lazy("The photo's address (floor managers and cashiers); null when there is none")
    )

    class Meta:
        model = Player
        fields = [
            "id",
            "room",
            "first_name",
            "last_name",
            "full_name",
            "masked_name",
            "alias",
            "date_of_birth",
            "id_document_type",
            "id_document_number",
            "photo",
            "description",
            "notes",
            "created_at",
        ]

    @extend_schema_field(serializers.URLField(allow_null=True))
    def get_photo(self, player: Player) -> str | None:
        return file_url(player.photo, "tables:player_photo", player.pk, request=self.context["request"])


class SeatOut(serializers.ModelSerializer[SeatSession]):
    player = PlayerBriefOut()
    table_number = serializers.IntegerField(source="table.number")
    end_reason = serializers.CharField(
        help_text=gettext_lazy("stood_up, moved, table_closed or expelled (blank while seated)")
    )

    class Meta:
        model = SeatSession
        fields = [
            "id",
            "table",
            "table_number",
            "seat_number",
            "player",
            "started_at",
            "ended_at",
            "end_reason",
            "entry",
        ]


class SeatAwayOut(serializers.ModelSerializer[SeatAway]):
    player = PlayerBriefOut(source="seat_session.player")
    seat_number = serializers.IntegerField(source="seat_session.seat_number")
    table_number = serializers.IntegerField(source="table.number")
    started_by = serializers.CharField(source="started_by.username")
    ended_by = serializers.CharField(source="ended_by.username", allow_null=True, default=None)
    return_choice = serializers.CharField(
        help_text=gettext_lazy("post or wait (the missed blinds at Hold'em); blank while away or when the seat ended")
    )

    class Meta:
        model = SeatAway
        fields = [
            "id",
            "seat_session",
            "table",
            "table_number",
            "seat_number",
            "player",
            "started_at",
            "started_by",
            "ended_at",
            "ended_by",
            "return_choice",
        ]


class SeatBriefOut(serializers.ModelSerializer[SeatSession]):
    player = PlayerBriefOut()
    away_since = serializers.DateTimeField(
        allow_null=True, read_only=True, help_text=gettext_lazy("Away from the table since; null when playing.")
    )

    class Meta:
        model = SeatSession
        fields = ["id", "seat_number", "player", "started_at", "away_since"]


class TableOut(serializers.ModelSerializer[Table]):
    game = GameBriefOut(allow_null=True)
    seated = SeatBriefOut(source="open_sessions", many=True)
    dealer = serializers.SerializerMethodField()
    dealer_since = serializers.SerializerMethodField()

    class Meta:
        model = Table
        fields = [
            "id",
            "number",
            "name",
            "game",
            "seats",
            "status",
            "status_changed_at",
            "seated",
            "dealer",
            "dealer_since",
        ]

    @extend_schema_field(UserOut(allow_null=True))
    def get_dealer(self, table: Table) -> dict[str, Any] | None:
        current = table.current_assignments  # type: ignore[attr-defined]
        return UserOut(current[0].dealer).data if current else None

    def get_dealer_since(self, table: Table) -> str | None:
        current = table.current_assignments  # type: ignore[attr-defined]
        return current[0].started_at.isoformat() if current else None


class TableEventOut(serializers.ModelSerializer[TableEvent]):
    created_by = serializers.CharField(source="created_by.username")
    from_status = serializers.CharField(help_text=gettext_lazy("closed, open or paused"))
    to_status = serializers.CharField(help_text=gettext_lazy("closed, open or paused"))

    class Meta:
        model = TableEvent
        fields = ["id", "action", "from_status", "to_status", "game", "seats", "note", "created_at", "created_by"]


class SignOut(serializers.ModelSerializer[SignVersion]):
    class Meta:
        model = SignVersion
        fields = ["id", "table", "game", "content", "data", "valid_from", "valid_to"]


class ExpulsionOut(serializers.ModelSerializer[Expulsion]):
    player = PlayerBriefOut()
    created_by = serializers.CharField(source="created_by.username")
    lifted_by = serializers.CharField(source="lifted_by.username", allow_null=True)
    message = serializers.CharField(source="describe")
    active = serializers.BooleanField(source="is_active")
    evidence = serializers.SerializerMethodField(
        help_text=gettext_lazy("The evidence's address (floor managers); null when there is none")
    )

    class Meta:
        model = Expulsion
        fields = [
            "id",
            "player",
            "rule",
            "reason",
            "evidence",
            "room",
            "scope",
            "duration",
            "starts_at",
            "until",
            "active",
            "message",
            "created_at",
            "created_by",
            "lifted_at",
            "lifted_by",
            "lift_reason",
            "expired_recorded_at",
        ]

    @extend_schema_field(serializers.URLField(allow_null=True))
    def get_evidence(self, expulsion: Expulsion) -> str | None:
        return file_url(expulsion.evidence, "tables:expulsion_evidence", expulsion.pk, request=self.context["request"])


class PlayerOnListOut(serializers.ModelSerializer[Player]):
    """A player on a waitlist. Readers who run a table, not the list (dealers), get the name as the room
    board shows it: the serializer's context says ``full_names=False`` and ``full_name`` is null."""

    full_name = serializers.SerializerMethodField(
        help_text=gettext_lazy("null for dealers, who read masked_name as the room board shows it")
    )

    class Meta:
        model = Player
        fields = ["id", "full_name", "masked_name"]

    def get_full_name(self, obj: Player) -> str | None:
        return obj.full_name if self.context.get("full_names", True) else None


class WaitlistEntryOut(serializers.ModelSerializer[WaitlistEntry]):
    player = PlayerOnListOut()
    game_name = serializers.CharField(source="game.name")
    status = serializers.CharField(help_text=gettext_lazy("waiting, called, seated or removed"))
    end_reason = serializers.CharField(help_text=gettext_lazy("why the entry left the list (blank while on it)"))

    class Meta:
        model = WaitlistEntry
        fields = [
            "id",
            "room",
            "game",
            "game_name",
            "player",
            "source",
            "status",
            "queued_at",
            "first_joined_at",
            "check_in_by",
            "checked_in_at",
            "called_at",
            "call_expires_at",
            "ended_at",
            "end_reason",
            "seat_session",
            "requeued_from",
            "missed_calls",
            "missed_call_at",
        ]


class WaitlistGameOut(serializers.Serializer[Any]):
    game = GameBriefOut()
    running_tables = serializers.IntegerField()
    is_interest_list = serializers.BooleanField()
    entries = WaitlistEntryOut(many=True)


class WaitStatsOut(serializers.Serializer[Any]):
    game = GameBriefOut()
    day = serializers.DateField()
    seated = serializers.IntegerField()
    average_seconds = serializers.SerializerMethodField()
    longest_seconds = serializers.SerializerMethodField()

    def get_average_seconds(self, row: Any) -> int:
        return int(row.average.total_seconds())

    def get_longest_seconds(self, row: Any) -> int:
        return int(row.longest.total_seconds())


class DealerProfileOut(serializers.ModelSerializer[DealerProfile]):
    user = UserOut()

    class Meta:
        model = DealerProfile
        fields = ["id", "user", "games", "is_active"]


class ShiftOut(serializers.ModelSerializer[DealerShift]):
    dealer = UserOut()

    class Meta:
        model = DealerShift
        fields = ["id", "room", "dealer", "clock_in_at", "clock_out_at"]


class AssignmentOut(serializers.ModelSerializer[DealerAssignment]):
    dealer = UserOut()
    table_number = serializers.IntegerField(source="table.number")
    end_reason = serializers.CharField(
        help_text=gettext_lazy("pushed, released, moved or clocked_out (blank while dealing)")
    )

    class Meta:
        model = DealerAssignment
        fields = [
            "id",
            "table",
            "table_number",
            "dealer",
            "started_at",
            "ended_at",
            "end_reason",
            "overdue_flagged_at",
            "over_max_flagged_at",
        ]


class DownsRowOut(serializers.Serializer[Any]):
    table = serializers.IntegerField(source="table.pk")
    table_number = serializers.IntegerField(source="table.number")
    game = serializers.CharField(source="table.game.name", allow_null=True, default=None)
    dealer = UserOut(source="assignment.dealer", allow_null=True, default=None)
    since = serializers.DateTimeField(source="assignment.started_at", allow_null=True, default=None)
    push_due_at = serializers.DateTimeField(allow_null=True)
    overdue = serializers.BooleanField()
    over_max = serializers.BooleanField()
    next_dealer = UserOut(allow_null=True)


class ResterOut(serializers.Serializer[Any]):
    dealer = UserOut()
    resting_since = serializers.DateTimeField()


class RotationOut(serializers.Serializer[Any]):
    now = serializers.DateTimeField()
    push_minutes = serializers.IntegerField()
    max_minutes = serializers.IntegerField()
    rows = DownsRowOut(many=True)
    resting = ResterOut(many=True)


class BoardTableOut(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()
    game = serializers.CharField()
    stakes = serializers.CharField()
    seats = serializers.IntegerField()
    taken = serializers.IntegerField()
    free = serializers.IntegerField()


class BoardListOut(serializers.Serializer[Any]):
    game = serializers.CharField()
    stakes = serializers.CharField()
    count = serializers.IntegerField()
    names = serializers.ListField(child=serializers.CharField())
    is_interest_list = serializers.BooleanField()


class BoardOut(serializers.Serializer[Any]):
    room = serializers.CharField(help_text=gettext_lazy("the name of the room the board is for"))
    now = serializers.DateTimeField()
    tables = BoardTableOut(many=True)
    waitlists = BoardListOut(many=True)
