"""Reads of the waitlists: fair order, interest lists and wait analytics."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, timedelta

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from config.errors import Forbidden, NotFound
from config.gaming_day import gaming_day_bounds, gaming_day_of
from rooms.models import Room
from rooms.selectors import room_ids_of
from tables.models import OPEN_STATUSES, Game, Table, TableStatus, WaitlistEntry, WaitlistStatus


def waitlist_entries(*, room: Room, game_id: int | None = None, open_only: bool = True) -> QuerySet[WaitlistEntry]:
    """``room``'s entries in fair order (``queued_at`` then pk)."""
    rows = WaitlistEntry.objects.filter(room=room).select_related("player", "game")
    if game_id is not None:
        rows = rows.filter(game_id=game_id)
    if open_only:
        rows = rows.filter(status__in=OPEN_STATUSES)
    return rows.order_by("game_id", "queued_at", "pk")


def waitlist_entry_get(*, entry_id: int) -> WaitlistEntry:
    entry = WaitlistEntry.objects.select_related("player", "game", "room").filter(pk=entry_id).first()
    if entry is None:
        raise NotFound(_("Waitlist entry %(entry_id)s does not exist.") % {"entry_id": entry_id})
    return entry


def waitlist_entry_get_for_user(*, user: AbstractBaseUser | AnonymousUser, entry_id: int) -> WaitlistEntry:
    """The entry, when it is on a list of a room ``user`` works in."""
    entry = waitlist_entry_get(entry_id=entry_id)
    if entry.room_id not in room_ids_of(user):
        raise Forbidden(
            _("Waitlist entry %(entry_id)s is another room's.") % {"entry_id": entry_id}, code="not_your_room"
        )
    return entry


@dataclass
class GameList:
    game: Game
    entries: list[WaitlistEntry]
    running_tables: int

    @property
    def is_interest_list(self) -> bool:
        """No table deals this game yet: the list gauges interest in opening one."""
        return self.running_tables == 0


def waitlists_by_game(*, room: Room) -> list[GameList]:
    """Every game with an open list in ``room``, or a running table there, in catalogue order (two queries)."""
    running: dict[int, int] = defaultdict(int)
    tables = Table.objects.filter(room=room).exclude(status=TableStatus.CLOSED)
    for game_id in tables.values_list("game_id", flat=True):
        if game_id is not None:
            running[game_id] += 1
    entries: dict[int, list[WaitlistEntry]] = defaultdict(list)
    games: dict[int, Game] = {}
    for entry in waitlist_entries(room=room):
        entries[entry.game_id].append(entry)
        games[entry.game_id] = entry.game
    missing = set(running) - set(games)
    if missing:
        games.update({g.pk: g for g in Game.objects.filter(pk__in=missing)})
    ordered = sorted(games.values(), key=lambda g: (g.kind, g.big_blind, g.ante, g.pk))
    return [GameList(g, entries.get(g.pk, []), running.get(g.pk, 0)) for g in ordered]


@dataclass
class WaitStats:
    game: Game
    day: date
    seated: int
    average: timedelta
    longest: timedelta


def waitlist_analytics(*, room: Room, start: date, end: date | None = None) -> list[WaitStats]:
    """Average and longest wait (first join → seated) on ``room``'s lists per game and gaming day of the
    room, for days start..end."""
    last = end or start
    since, _ = gaming_day_bounds(start, room=room)
    _, until = gaming_day_bounds(last, room=room)
    waits: dict[tuple[int, date], list[timedelta]] = defaultdict(list)
    games: dict[int, Game] = {}
    seated = WaitlistEntry.objects.filter(
        room=room, status=WaitlistStatus.SEATED, ended_at__gte=since, ended_at__lt=until
    ).select_related("game")
    for entry in seated:
        assert entry.ended_at is not None
        games[entry.game_id] = entry.game
        waits[(entry.game_id, gaming_day_of(entry.ended_at, room=room))].append(entry.ended_at - entry.first_joined_at)
    return [
        WaitStats(games[game_id], day, len(times), sum(times, timedelta()) / len(times), max(times))
        for (game_id, day), times in sorted(waits.items(), key=lambda kv: (kv[0][1], kv[0][0]))
    ]


def waitlist_positions(entries: list[WaitlistEntry]) -> dict[int, int]:
    return {e.pk: i for i, e in enumerate(entries, start=1)}
