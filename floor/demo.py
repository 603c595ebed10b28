"""Demo floor for ``seed_demo``, after the fees (``rake.demo``): the demo tables open, their signs naming the
fee in force, and the demo players sit down. Idempotent: opens a table still closed, seats a player not
seated."""

from __future__ import annotations

from django.contrib.auth.models import User

from rake.selectors import sign_fee_words
from tables import services
from tables.models import Player, SeatSession, Table, TableStatus

# Table number -> the players (by last name, as ``tables.demo`` registered them) seated there.
SEATING = {
    1: ["Karapetyan", "Sargsyan", "Kazlauskienė"],
    2: ["Petrosyan", "Petrauskas"],
    3: ["Jankauskas"],
}


def seed(*, actor: User) -> list[str]:
    done: list[str] = []
    for number, seated in SEATING.items():
        table = Table.objects.filter(number=number).first()
        if table is None:
            continue
        if table.status == TableStatus.CLOSED and table.game_id is not None:
            services.table_open(actor=actor, table_id=table.pk, fee_words=sign_fee_words)
            done.append(f"table {number} opened")
        for last in seated:
            player = Player.objects.filter(last_name=last).first()
            if player is not None and not SeatSession.objects.filter(player=player, ended_at__isnull=True).exists():
                services.seat_player(actor=actor, table_id=table.pk, player_id=player.pk)
                done.append(f"{player.full_name} seated at table {number}")
    return done
