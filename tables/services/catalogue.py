"""The game catalogue."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import Conflict, DomainError, NotFound
from config.money import check_minor
from rooms.models import Room
from rooms.selectors import check_works_in
from tables.models import Game, GameKind, Ring, Structure, TableStatus
from tables.models.catalogue import MIN_SEATS, seat_limit_rule

EDITABLE_FIELDS = ("name", "structure", "ante", "small_blind", "big_blind", "min_buy_in", "max_buy_in", "is_active")


def check_seat_limit(*, kind: str, ring: str, seats: int) -> None:
    """Refuse a seat count the rules forbid: Club Poker ≤ 6, short-handed ≤ 6, full ring ≤ 10, never < 2."""
    limit = seat_limit_rule(kind, ring)
    label = GameKind(kind).label if kind == GameKind.CLUB_POKER else f"{GameKind(kind).label} {Ring(ring).label}"
    if seats > limit:
        raise DomainError(
            _("%(label)s allows at most %(limit)s players (rules: seat limit); %(seats)s refused.")
            % {"label": label, "limit": limit, "seats": seats},
            code="seat_limit_exceeded",
            limit=limit,
            seats=seats,
        )
    if seats < MIN_SEATS:
        raise DomainError(
            _("A table needs at least %(MIN_SEATS)s seats; %(seats)s refused.")
            % {"MIN_SEATS": MIN_SEATS, "seats": seats},
            code="seat_limit_too_low",
            seats=seats,
        )


def check_game_fields(fields: dict[str, Any]) -> None:
    kind, ring = fields["kind"], fields.get("ring", "")
    if kind not in GameKind.values:
        raise DomainError(_("Unknown game kind %(kind)r.") % {"kind": kind}, code="bad_game_kind")
    if fields["structure"] not in Structure.values:
        raise DomainError(
            _("Unknown betting structure %(structure)r.") % {"structure": fields["structure"]}, code="bad_structure"
        )
    if kind == GameKind.CLUB_POKER and ring:
        raise DomainError(_("Club Poker has one table size; leave the ring blank."), code="bad_ring")
    if kind == GameKind.TEXAS_HOLDEM and ring not in (Ring.SHORT_HANDED, Ring.FULL_RING):
        raise DomainError(_("Texas Hold'em needs a ring: short_handed or full_ring."), code="bad_ring")
    check_seat_limit(kind=kind, ring=ring, seats=fields["seat_limit"])
    for name in ("ante", "small_blind", "big_blind"):
        check_minor(fields.get(name, 0), field=name, allow_zero=True)
    if kind == GameKind.CLUB_POKER:
        if fields.get("ante", 0) <= 0:
            raise DomainError(_("Club Poker opens with an ante: give a positive ante."), code="bad_stakes")
        if fields.get("small_blind", 0) or fields.get("big_blind", 0):
            raise DomainError(_("Club Poker has no blinds (the opening stake is an ante)."), code="bad_stakes")
    elif not 0 < fields.get("small_blind", 0) <= fields.get("big_blind", 0):
        raise DomainError(_("Hold'em needs blinds with 0 < small blind ≤ big blind."), code="bad_stakes")
    check_minor(fields["min_buy_in"], field="min_buy_in")
    check_minor(fields["max_buy_in"], field="max_buy_in")
    if fields["min_buy_in"] > fields["max_buy_in"]:
        raise DomainError(_("The minimum buy-in is above the maximum."), code="bad_buy_in")


@transaction.atomic
def game_create(
    *,
    actor: User,
    room: Room,
    name: str,
    kind: str,
    structure: str,
    seat_limit: int,
    min_buy_in: int,
    max_buy_in: int,
    ring: str = "",
    ante: int = 0,
    small_blind: int = 0,
    big_blind: int = 0,
) -> Game:
    """A game of ``room``'s catalogue (its stakes in the room's minor units), by staff of the room."""
    fields: dict[str, Any] = {
        "name": name.strip(),
        "kind": kind,
        "structure": structure,
        "ring": ring,
        "ante": ante,
        "small_blind": small_blind,
        "big_blind": big_blind,
        "min_buy_in": min_buy_in,
        "max_buy_in": max_buy_in,
        "seat_limit": seat_limit,
    }
    check_works_in(actor, room_id=room.pk)
    if not fields["name"]:
        raise DomainError(_("A game needs a name."), code="blank_name")
    check_game_fields(fields)
    if Game.objects.filter(room=room, name=fields["name"]).exists():
        raise Conflict(_("A game named %(name)r exists already.") % {"name": fields["name"]}, code="duplicate_game")
    return Game.objects.create(room=room, **fields, created_at=timezone.now(), created_by=actor)


@transaction.atomic
def game_update(*, actor: User, game_id: int, **changes: Any) -> Game:
    """Change a game's stakes or buy-ins; refused while a table deals it (its sign would lie)."""
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None:
        raise NotFound(_("Game %(game_id)s does not exist.") % {"game_id": game_id})
    check_works_in(actor, room_id=game.room_id)
    unknown = set(changes) - set(EDITABLE_FIELDS)
    if unknown:
        raise DomainError(
            _("These fields cannot change: %(items)s.") % {"items": ", ".join(sorted(unknown))}, code="bad_field"
        )
    running = list(game.tables.exclude(status=TableStatus.CLOSED).values_list("number", flat=True))
    if running:
        raise Conflict(
            _("%(name)s is dealt at table(s) %(items)s: a game changes only while no table running it is open.")
            % {"name": game.name, "items": ", ".join(map(str, running))},
            code="game_in_play",
        )
    fields = {f: getattr(game, f) for f in ("kind", "ring", "seat_limit", *EDITABLE_FIELDS)} | changes
    check_game_fields(fields)
    for name, value in changes.items():
        setattr(game, name, value)
    game.save(update_fields=list(changes))
    return game
