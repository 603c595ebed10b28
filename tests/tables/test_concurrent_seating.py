"""Two floor managers seat two players in the last free seat at the same moment: one wins."""

from __future__ import annotations

import threading

import pytest
from django.db import close_old_connections, connection

from config.errors import Conflict, DomainError
from tables import services
from tables.models import SeatSession

pytestmark = pytest.mark.django_db(transaction=True)


def _race(calls):
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait(timeout=10)
            results[i] = call()
        except DomainError as exc:
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    close_old_connections()
    return results


def test_two_players_for_the_last_seat(on_postgres, floor_manager, club_poker, open_table, make_player):
    table = open_table(club_poker)
    for seat in range(1, 6):
        services.seat_player(actor=floor_manager, table_id=table.pk, player_id=make_player().pk, seat_number=seat)
    a, b = make_player("Armen"), make_player("Rūta")
    results = _race(
        [
            lambda: services.seat_player(actor=floor_manager, table_id=table.pk, player_id=a.pk, seat_number=6),
            lambda: services.seat_player(actor=floor_manager, table_id=table.pk, player_id=b.pk, seat_number=6),
        ]
    )
    won = [r for r in results if isinstance(r, SeatSession)]
    lost = [r for r in results if isinstance(r, DomainError)]
    assert len(won) == 1 and len(lost) == 1, results
    assert isinstance(lost[0], Conflict)
    assert lost[0].code in ("seat_taken", "table_full")
    assert SeatSession.objects.filter(table=table, ended_at__isnull=True).count() == 6


def test_one_player_into_two_tables_at_once(on_postgres, floor_manager, club_poker, open_table, make_player):
    first, second = open_table(club_poker), open_table(club_poker)
    player = make_player()
    results = _race(
        [
            lambda: services.seat_player(actor=floor_manager, table_id=first.pk, player_id=player.pk),
            lambda: services.seat_player(actor=floor_manager, table_id=second.pk, player_id=player.pk),
        ]
    )
    assert sum(isinstance(r, SeatSession) for r in results) == 1, results
    assert [r.code for r in results if isinstance(r, DomainError)] == ["player_seated"]
    assert SeatSession.objects.filter(player=player, ended_at__isnull=True).count() == 1
