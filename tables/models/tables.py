"""Tables and the record of every change in their state."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.models import Recorded
from tables.models.catalogue import MAX_SEATS, MIN_SEATS, Game


class TableStatus(models.TextChoices):
    CLOSED = "closed", _("closed")
    OPEN = "open", _("open")
    PAUSED = "paused", _("paused")


class Table(Recorded):
    # A table is one room's: its number is unique in the room, and it deals under the room's clock,
    # currency and rules.
    room = models.ForeignKey("rooms.Room", on_delete=models.PROTECT, related_name="tables", verbose_name=_("room"))
    number = models.PositiveSmallIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=80, blank=True)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, null=True, blank=True, related_name="tables")
    seats = models.PositiveSmallIntegerField(_("seats"))
    status = models.CharField(_("status"), max_length=10, choices=TableStatus.choices, default=TableStatus.CLOSED)
    status_changed_at = models.DateTimeField(_("status changed at"))

    class Meta:
        ordering = ["room_id", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["room", "number"],
                name="table_number_per_room",
                violation_error_message=_("The room has a table of this number already."),
            ),
            models.CheckConstraint(
                name="table_seats_range",
                condition=Q(seats__gte=MIN_SEATS, seats__lte=MAX_SEATS),
                violation_error_message=_("A table has between 2 and 10 seats."),
            ),
            models.CheckConstraint(
                name="table_running_has_game",
                condition=Q(status=TableStatus.CLOSED) | Q(game__isnull=False),
                violation_error_message=_("An open or paused table needs a game."),
            ),
        ]

    def __str__(self) -> str:
        return f"{_('Table')} {self.number}"

    def clean(self) -> None:
        game = self.game if self.game_id is not None else None
        if game is not None and self.seats and self.seats > game.seat_limit:
            raise ValidationError(
                {"seats": _("%(game)s allows at most %(max)d seats.") % {"game": game.name, "max": game.seat_limit}}
            )


# The room of the table a row being written names (``NEW.table_id``): for the triggers of the records dated
# in a room's gaming days (``config.triggers.waits_for_the_close``).
ROOM_OF_THE_ROWS_TABLE = (
    f'SELECT "{Table._meta.get_field("room").column}" FROM "{Table._meta.db_table}" '
    f'WHERE "{Table._meta.pk.column}" = NEW."table_id"'
)


class TableEvent(Recorded):
    """One change of a table: opened, paused, resumed, closed, game or seats changed."""

    class Action(models.TextChoices):
        CREATE = "create", _("created")
        OPEN = "open", _("opened")
        PAUSE = "pause", _("paused")
        RESUME = "resume", _("resumed")
        CLOSE = "close", _("closed")
        CONFIGURE = "configure", _("configured")

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="events")
    action = models.CharField(max_length=12, choices=Action.choices)
    from_status = models.CharField(max_length=10, choices=TableStatus.choices)
    to_status = models.CharField(max_length=10, choices=TableStatus.choices)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    seats = models.PositiveSmallIntegerField()
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
