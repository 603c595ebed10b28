"""The game catalogue: a game is kind + betting structure + stakes + seat limit."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from config.models import Recorded

# The rules' seat limits (tables/rules/club-poker.md, tables/rules/texas-holdem.md); the
# services, Game.clean and the CheckConstraint below all read these.
MIN_SEATS = 2
MAX_SEATS = 10
CLUB_POKER_MAX_SEATS = 6
SHORT_HANDED_MAX_SEATS = 6
FULL_RING_MAX_SEATS = 10


class GameKind(models.TextChoices):
    CLUB_POKER = "club_poker", _("Club Poker")
    TEXAS_HOLDEM = "texas_holdem", _("Texas Hold'em")


class Structure(models.TextChoices):
    FIXED_LIMIT = "fixed_limit", _("fixed limit")
    POT_LIMIT = "pot_limit", _("pot limit")
    NO_LIMIT = "no_limit", _("no limit")
    POT_OR_NO_LIMIT = "pot_or_no_limit", _("pot or no limit")


class Ring(models.TextChoices):
    """Hold'em table size; Club Poker has one size only (blank)."""

    NONE = "", _("—")
    SHORT_HANDED = "short_handed", _("short-handed")
    FULL_RING = "full_ring", _("full ring")


def seat_limit_rule(kind: str, ring: str) -> int:
    """The most seats the rules allow for a game kind and ring size."""
    if kind == GameKind.CLUB_POKER:
        return CLUB_POKER_MAX_SEATS
    return FULL_RING_MAX_SEATS if ring == Ring.FULL_RING else SHORT_HANDED_MAX_SEATS


class Game(Recorded):
    # A game is a room's: its stakes and buy-ins are in the room's money, dealt at the room's tables only.
    room = models.ForeignKey("rooms.Room", on_delete=models.PROTECT, related_name="games", verbose_name=_("room"))
    name = models.CharField(_("name"), max_length=120)
    kind = models.CharField(_("kind"), max_length=20, choices=GameKind.choices)
    structure = models.CharField(_("betting structure"), max_length=20, choices=Structure.choices)
    ring = models.CharField(_("table size"), max_length=20, choices=Ring.choices, blank=True, default="")
    # Stakes in minor units: Club Poker opens with an ante; Hold'em with blinds and an optional ante.
    ante = models.PositiveBigIntegerField(_("ante"), default=0)
    small_blind = models.PositiveBigIntegerField(_("small blind"), default=0)
    big_blind = models.PositiveBigIntegerField(_("big blind"), default=0)
    min_buy_in = models.PositiveBigIntegerField(_("minimum buy-in"))
    max_buy_in = models.PositiveBigIntegerField(_("maximum buy-in"))
    seat_limit = models.PositiveSmallIntegerField(_("seat limit"))
    is_active = models.BooleanField(_("active"), default=True)

    class Meta:
        ordering = ["kind", "big_blind", "ante", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["room", "name"],
                name="game_name_per_room",
                violation_error_message=_("The room has a game of that name already."),
            ),
            models.CheckConstraint(
                name="game_seat_limit_per_kind",
                condition=Q(seat_limit__gte=MIN_SEATS)
                & (
                    Q(kind=GameKind.CLUB_POKER, ring=Ring.NONE, seat_limit__lte=CLUB_POKER_MAX_SEATS)
                    | Q(kind=GameKind.TEXAS_HOLDEM, ring=Ring.SHORT_HANDED, seat_limit__lte=SHORT_HANDED_MAX_SEATS)
                    | Q(kind=GameKind.TEXAS_HOLDEM, ring=Ring.FULL_RING, seat_limit__lte=FULL_RING_MAX_SEATS)
                ),
                violation_error_message=_("The seat limit breaks the rules for this game kind."),
            ),
            models.CheckConstraint(
                name="game_stakes_per_kind",
                condition=Q(kind=GameKind.CLUB_POKER, ante__gt=0, small_blind=0, big_blind=0)
                | Q(kind=GameKind.TEXAS_HOLDEM, small_blind__gt=0, big_blind__gte=F("small_blind")),
                violation_error_message=_("Club Poker needs an ante; Hold'em needs blinds (big ≥ small)."),
            ),
            models.CheckConstraint(
                name="game_buy_in_range",
                condition=Q(min_buy_in__gt=0, max_buy_in__gte=F("min_buy_in")),
                violation_error_message=_("The buy-in range must be positive and minimum ≤ maximum."),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        limit = seat_limit_rule(self.kind, self.ring)
        if self.kind == GameKind.CLUB_POKER and self.ring:
            raise ValidationError({"ring": _("Club Poker has one table size; leave the ring blank.")})
        if self.kind == GameKind.TEXAS_HOLDEM and not self.ring:
            raise ValidationError({"ring": _("Choose short-handed or full ring for Hold'em.")})
        if self.seat_limit is not None and not MIN_SEATS <= self.seat_limit <= limit:
            raise ValidationError(
                {"seat_limit": _("Seat limit must be between %(min)d and %(max)d.") % {"min": MIN_SEATS, "max": limit}}
            )

    @property
    def rule_seat_limit(self) -> int:
        return seat_limit_rule(self.kind, self.ring)

    @property
    def rules_slug(self) -> str:
        return "club-poker" if self.kind == GameKind.CLUB_POKER else "texas-holdem"
