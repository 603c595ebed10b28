"""seed_demo builds the demo floor of the group's two rooms and is idempotent: the first room (Yerevan,
drams, Armenian signs) and Vilnius (euros, Lithuanian signs), staff in one room each and the group's
accountant in every room."""

from __future__ import annotations

from config.demo import seed_demo
from rooms.models import Room, StaffPlace
from tables.models import Expulsion, SeatSession, Table, TableStatus, WaitlistEntry
from tables.selectors import dealer_assigned_now
from tables.selectors.signage import room_language


def test_seed_demo_builds_the_floor_of_two_rooms_once(db):
    first = seed_demo()
    assert any("expelled" in line for line in first)
    home, vilnius = Room.objects.order_by("pk")
    assert (home.time_zone, home.currency) == ("Asia/Yerevan", "AMD")
    assert (vilnius.code, vilnius.time_zone, vilnius.currency, vilnius.currency_exponent) == (
        "vilnius",
        "Europe/Vilnius",
        "EUR",
        2,
    )
    assert (room_language(room_id=home.pk), room_language(room_id=vilnius.pk)) == ("hy", "lt")
    for room, tables, seated, waiting in ((home, 3, 6, 2), (vilnius, 2, 3, 1)):
        ours = list(Table.objects.filter(room=room))
        assert [t.status for t in ours] == [TableStatus.OPEN] * tables
        assert all(dealer_assigned_now(table_id=t.pk) for t in ours)
        assert SeatSession.objects.filter(table__room=room, ended_at__isnull=True).count() == seated
        assert WaitlistEntry.objects.filter(room=room).count() == waiting
    assert Expulsion.objects.count() == 1
    places = {
        (p.user.username, p.room.code if p.room else None) for p in StaffPlace.objects.select_related("user", "room")
    }
    assert {("floor", home.code), ("floor_lt", "vilnius"), ("dealer_lt", "vilnius"), ("group", None)} <= places
    assert len(places) == len({user for user, _room in places})  # each in one room, or the whole group
    assert [line for line in seed_demo() if not line.startswith(("user", "cashier", "rake", "games"))] == []
