"""Demo floor for ``seed_demo``, after the fees (``rake.demo``): the first room's demo tables open, their
signs naming the fee in force (in Armenian), and its demo players sit down; then (``seed_second_room``,
acted by the Vilnius floor manager) the Vilnius room's floor: its own game in euros with its fee, two
tables open with their dealers, signs in Lithuanian, players registered there, seated and on the list.
Idempotent: opens a table still closed, seats a player not seated."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any, Final

from django.contrib.auth.models import User

from rake.models import FeeKind, FeePolicyVersion
from rake.selectors import sign_fee_words
from rake.services import fee_policy_set
from rooms.demo import home_room, second_room
from rooms.models import Room
from tables import services
from tables.models import Game, GameKind, Player, Ring, SeatSession, Structure, Table, TableStatus, WaitlistEntry
from tables.services.scenarios import dealer_ready, table_with_dealer
from tables.services.signage import room_language_set

# Table number -> the players (by last name, as ``tables.demo`` registered them) seated there.
SEATING = {
    1: ["Karapetyan", "Sargsyan", "Kazlauskienė"],
    2: ["Petrosyan", "Petrauskas"],
    3: ["Jankauskas"],
}
# Amounts in euro cents: the Vilnius room's game is its own, the catalogue's amounts being minor units.
SECOND_ROOM_GAME: Final[dict[str, Any]] = {
    "name": "Texas Hold'em NL €1/€2",
    "kind": GameKind.TEXAS_HOLDEM,
    "structure": Structure.NO_LIMIT,
    "ring": Ring.SHORT_HANDED,
    "small_blind": 100,
    "big_blind": 200,
    "min_buy_in": 4_000,
    "max_buy_in": 20_000,
    "seat_limit": 6,
}
SECOND_ROOM_RATE: Final = Decimal("0.05")
SECOND_ROOM_CAP: Final = 500  # 5%, at most €5
SECOND_ROOM_DEALERS: Final = ("dealer_lt", "dealer_lt2")
SECOND_ROOM_PLAYERS: Final = [
    ("Tomas", "Žukauskas", "1987-08-21"),
    ("Ieva", "Paulauskaitė", "1993-01-11"),
    ("Darius", "Stankevičius", "1981-10-02"),
    ("Eglė", "Navickaitė", "1990-03-28"),
]
SECOND_ROOM_SEATING: Final = {1: ["Žukauskas", "Paulauskaitė", "Stankevičius"], 2: []}
SECOND_ROOM_WAITLIST: Final = ["Navickaitė"]


def _open_and_seat(actor: User, room: Room, seating: dict[int, list[str]], done: list[str]) -> None:
    for number, seated in seating.items():
        table = Table.objects.filter(room=room, number=number).first()
        if table is None:
            continue
        if table.status == TableStatus.CLOSED and table.game_id is not None:
            services.table_open(actor=actor, table_id=table.pk, fee_words=sign_fee_words)
            done.append(f"{room.code} table {number} opened")
        for last in seated:
            player = Player.objects.filter(last_name=last).first()
            if player is not None and not SeatSession.objects.filter(player=player, ended_at__isnull=True).exists():
                services.seat_player(actor=actor, table_id=table.pk, player_id=player.pk)
                done.append(f"{player.full_name} seated at {room.code} table {number}")


def _speaks(actor: User, room: Room, language: str, done: list[str]) -> None:
    if room_language_set(actor=actor, room=room, language=language, fee_words=sign_fee_words):
        done.append(f"{room.code} signs in {language}")


def seed(*, actor: User) -> list[str]:
    done: list[str] = []
    room = home_room()
    _speaks(actor, room, "hy", done)
    _open_and_seat(actor, room, SEATING, done)
    return done


def seed_second_room(*, actor: User) -> list[str]:
    done: list[str] = []
    room = second_room()
    game = Game.objects.filter(room=room, name=SECOND_ROOM_GAME["name"]).first()
    if game is None:
        game = services.game_create(actor=actor, room=room, **SECOND_ROOM_GAME)
        done.append(f"game {game.name}")
    if not FeePolicyVersion.objects.filter(game=game).exists():
        fee_policy_set(
            actor=actor,
            game_id=game.pk,
            kind=FeeKind.PERCENTAGE,
            no_flop_no_drop=True,
            reason="Demo: the Vilnius room's Hold'em rake",
            rate=SECOND_ROOM_RATE,
            cap_per_hand=SECOND_ROOM_CAP,
        )
        done.append(f"fee policy for {game.name}")
    for number, username in enumerate(SECOND_ROOM_DEALERS, 1):
        dealer = User.objects.get(username=username)
        if not Table.objects.filter(room=room, number=number).exists():
            table_with_dealer(actor=actor, room=room, game=game, dealer=dealer, number=number)
            done.append(f"{room.code} table {number}")
        else:
            dealer_ready(actor=actor, room=room, dealer=dealer, games=[game])
    for first, last, born in SECOND_ROOM_PLAYERS:
        if not Player.objects.filter(first_name=first, last_name=last).exists():
            services.player_create(
                actor=actor, room=room, first_name=first, last_name=last, date_of_birth=date.fromisoformat(born)
            )
            done.append(f"player {first} {last} in {room.code}")
    _speaks(actor, room, "lt", done)
    _open_and_seat(actor, room, SECOND_ROOM_SEATING, done)
    for last in SECOND_ROOM_WAITLIST:
        player = Player.objects.get(last_name=last)
        if not WaitlistEntry.objects.filter(room=room, player=player, game=game).exists():
            services.waitlist_add(actor=actor, room=room, game_id=game.pk, player_id=player.pk)
            done.append(f"{player.full_name} on the {room.code} {game.name} list")
    return done
