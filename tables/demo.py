"""Demo floor for ``seed_demo``: the catalogue, three tables with dealers, players, a waitlist and one
expelled player. Idempotent: creates only what is missing. The tables open, with their signs naming the
fees the rake demo sets, and their players sit down in ``floor.demo``, which runs after the fees."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from config.demo import DEMO_PASSWORD
from config.roles import Role
from config.services import user_create
from rooms.demo import home_room
from rooms.models import Room
from rooms.selectors import open_place_exists
from rooms.services import staff_place
from tables import services
from tables.models import (
    DealerAssignment,
    DealerProfile,
    Expulsion,
    ExpulsionDuration,
    Game,
    GameKind,
    Player,
    Ring,
    SeatSession,
    Structure,
    Table,
    WaitlistEntry,
)
from tables.services.scenarios import dealer_ready, table_with_dealer

GAMES: list[dict[str, Any]] = [
    {
        "name": "Club Poker 1,000",
        "kind": GameKind.CLUB_POKER,
        "structure": Structure.POT_OR_NO_LIMIT,
        "ante": 1_000,
        "min_buy_in": 20_000,
        "max_buy_in": 200_000,
        "seat_limit": 6,
    },
    {
        "name": "Texas Hold'em NL 500/1,000",
        "kind": GameKind.TEXAS_HOLDEM,
        "structure": Structure.NO_LIMIT,
        "ring": Ring.SHORT_HANDED,
        "small_blind": 500,
        "big_blind": 1_000,
        "min_buy_in": 40_000,
        "max_buy_in": 200_000,
        "seat_limit": 6,
    },
    {
        "name": "Texas Hold'em NL 1,000/2,000",
        "kind": GameKind.TEXAS_HOLDEM,
        "structure": Structure.NO_LIMIT,
        "ring": Ring.FULL_RING,
        "small_blind": 1_000,
        "big_blind": 2_000,
        "min_buy_in": 80_000,
        "max_buy_in": 400_000,
        "seat_limit": 10,
    },
]
DEALERS = ["dealer", "dealer2", "dealer3"]
PLAYERS = [
    ("Armen", "Karapetyan", "1984-03-12"),
    ("Anahit", "Sargsyan", "1990-07-01"),
    ("Tigran", "Petrosyan", "1979-11-23"),
    ("Lusine", "Hakobyan", "1988-02-14"),
    ("Rūta", "Kazlauskienė", "1986-05-30"),
    ("Jonas", "Petrauskas", "1975-09-09"),
    ("Mantas", "Jankauskas", "1992-12-03"),
    ("Aistė", "Vasiliauskaitė", "1995-04-17"),
    ("Gor", "Avetisyan", "1983-06-06"),
]
# Table number -> game index (floor.demo seats the players).
TABLES = {1: 0, 2: 1, 3: 2}
WAITLIST = (1, ["Hakobyan", "Vasiliauskaitė"])
EXPELLED = "Avetisyan"


def _games(actor: User, done: list[str]) -> list[Game]:
    games = []
    for spec in GAMES:
        game = Game.objects.filter(room=home_room(), name=spec["name"]).first()
        if game is None:
            game = services.game_create(actor=actor, room=home_room(), **spec)
            done.append(f"game {game.name}")
        games.append(game)
    return games


def _dealers(actor: User, room: Room, games: list[Game], done: list[str]) -> list[User]:
    dealers = []
    for username in DEALERS:
        user = User.objects.filter(username=username).first()
        if user is None:
            user = user_create(username=username, password=DEMO_PASSWORD, roles=[Role.DEALER], full_name="Davit Dealer")
            done.append(f"user {username}")
        # A dealer clocks in in a room they work in (rooms.demo placed the demo's own staff already).
        if not open_place_exists(user_id=user.pk, room_id=room.pk) and not open_place_exists(
            user_id=user.pk, room_id=None
        ):
            staff_place(actor=actor, user=user, room=room)
            done.append(f"staff place {username} in {room.code}")
        if not DealerProfile.objects.filter(user=user).exists():
            done.append(f"dealer profile {username}")
        dealer_ready(actor=actor, room=room, dealer=user, games=games)
        dealers.append(user)
    return dealers


def _players(actor: User, room: Room, done: list[str]) -> dict[str, Player]:
    players = {}
    for first, last, born in PLAYERS:
        player = Player.objects.filter(first_name=first, last_name=last).first()
        if player is None:
            player = services.player_create(
                actor=actor, room=room, first_name=first, last_name=last, date_of_birth=date.fromisoformat(born)
            )
            done.append(f"player {player.full_name}")
        players[last] = player
    return players


def _tables(actor: User, room: Room, games: list[Game], dealers: list[User], done: list[str]) -> None:
    for number, game_index in TABLES.items():
        game = games[game_index]
        table = Table.objects.filter(room=room, number=number).first()
        busy = set(DealerAssignment.objects.filter(ended_at__isnull=True).values_list("dealer_id", flat=True))
        free = [d for d in dealers if d.pk not in busy]
        if table is None and free:
            table = table_with_dealer(actor=actor, room=room, game=game, dealer=free[0], number=number)
            done.append(f"table {number}")
        if table is None:
            continue
        if free and not DealerAssignment.objects.filter(table=table, ended_at__isnull=True).exists():
            services.dealer_assign(actor=actor, table_id=table.pk, dealer_id=free[0].pk)


def seed(*, actor: User) -> list[str]:
    done: list[str] = []
    room = home_room()
    games = _games(actor, done)
    dealers = _dealers(actor, room, games, done)
    players = _players(actor, room, done)
    _tables(actor, room, games, dealers, done)
    game = games[WAITLIST[0]]
    for last in WAITLIST[1]:
        listed = WaitlistEntry.objects.filter(room=room, player=players[last], game=game).exists()
        if not listed and not SeatSession.objects.filter(player=players[last], ended_at__isnull=True).exists():
            services.waitlist_add(actor=actor, room=room, game_id=game.pk, player_id=players[last].pk)
            done.append(f"{players[last].full_name} on the {game.name} list")
    barred = players[EXPELLED]
    if not Expulsion.objects.filter(player=barred).exists():
        services.expulsion_create(
            actor=actor,
            room=room,
            player_id=barred.pk,
            rule="Club Poker regulation: players must not show or discuss their combinations",
            reason="Showed his cards to a neighbour twice after a warning.",
            duration=ExpulsionDuration.UNTIL,
            until=timezone.now() + timedelta(days=90),
        )
        done.append(f"{barred.full_name} expelled")
    return done
