"""Demo fees: Hold'em games charge 5% up to 2,000 (no flop, no drop); Club Poker tables charge by the hour.
The Vilnius room's game, made later (``floor.demo``), gets its own fee in euros there.

Idempotent: a game or table that already has a fee version is left alone;
only games and tables the floor's demo created are touched.
"""

from __future__ import annotations

from decimal import Decimal

from django.contrib.auth.models import User

from rake.models import FeeKind, FeePolicyVersion, TimeUnit
from rake.services import fee_policy_set
from rooms.demo import home_room
from tables.models import Game, GameKind, Table

HOLDEM_RATE = Decimal("0.05")
HOLDEM_CAP = 2_000
CLUB_POKER_PER_HOUR = 2_000


def seed(*, actor: User) -> list[str]:
    done: list[str] = []
    # The first room's Hold'em games (the Vilnius game's fee is its floor's: floor.demo).
    for game in Game.objects.filter(room=home_room(), kind=GameKind.TEXAS_HOLDEM).order_by("pk"):
        if FeePolicyVersion.objects.filter(game=game).exists():
            continue
        fee_policy_set(
            actor=actor,
            game_id=game.pk,
            kind=FeeKind.PERCENTAGE,
            rate=HOLDEM_RATE,
            cap_per_hand=HOLDEM_CAP,
            no_flop_no_drop=True,
            reason="Demo: the room's Hold'em rake",
        )
        done.append(f"fee policy for {game.name}")
    for table in Table.objects.filter(game__kind=GameKind.CLUB_POKER).order_by("pk"):
        if FeePolicyVersion.objects.filter(table=table).exists():
            continue
        fee_policy_set(
            actor=actor,
            table_id=table.pk,
            kind=FeeKind.HOURLY,
            amount_per_hour=CLUB_POKER_PER_HOUR,
            unit=TimeUnit.HALF_HOUR,
            collect_every_minutes=30,
            reason="Demo: Club Poker is charged by the hour",
        )
        done.append(f"hourly fee at table {table.number}")
    return done
