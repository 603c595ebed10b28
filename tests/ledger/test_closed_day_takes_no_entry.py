"""A closed gaming day takes no journal entry, not even one racing the close (ledger.selectors.days); a room's
close holds back that room's entries only."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection, connections, transaction
from django.utils import timezone

from config.errors import DomainError
from config.gaming_day import current_gaming_day, gaming_day_bounds
from config.roles import Role
from ledger.models import AccountKind, GamingDayClose, JournalEntry, Reason
from ledger.services.accounts import singleton_accounts
from ledger.services.posting import LegSpec, post_entry
from rake.services import days
from tests.cashier.conftest import assert_ledger_ok, room_chips_stocked
from tests.cashier.helpers import wait_until_a_session_waits_on_a_lock
from tests.factories import UserFactory, home_room


def _adjustment(actor, day, room=None):
    """A cash adjustment dated in ``day`` of ``room`` (the home room): vault -> over and short."""
    room = room or home_room()
    ids = singleton_accounts(AccountKind.VAULT, AccountKind.OVER_SHORT, room_id=room.pk)
    legs = [LegSpec(ids[AccountKind.VAULT], -1_000), LegSpec(ids[AccountKind.OVER_SHORT], 1_000)]
    with transaction.atomic():
        return post_entry(
            actor=actor,
            reason=Reason.ADJUSTMENT,
            legs=legs,
            at=gaming_day_bounds(day, room=room)[0] + timedelta(hours=1),
            room=room,
        )


def _close_in_a_thread(accountant, day, outcome: list[object]) -> threading.Thread:
    """The home room's close of ``day``, started on a thread of its own connection; what it returned or
    raised goes into ``outcome``."""

    def close():
        try:
            outcome.append(days.gaming_day_close(actor=accountant, gaming_day=day, room=home_room()))
        except Exception as exc:  # the test reads it
            outcome.append(exc)
        finally:
            connections.close_all()

    closer = threading.Thread(target=close)
    closer.start()
    return closer


@pytest.mark.django_db
def test_an_entry_dated_in_a_closed_day_is_refused(vault, room_admin, accountant):
    yesterday = current_gaming_day() - timedelta(days=1)
    assert _adjustment(room_admin, yesterday).gaming_day == yesterday
    GamingDayClose.objects.create(
        room=home_room(), gaming_day=yesterday, created_at=timezone.now(), created_by=accountant
    )
    with pytest.raises(DomainError) as refused:
        _adjustment(room_admin, yesterday)
    assert (refused.value.code, refused.value.status) == ("gaming_day_closed", 409)
    assert JournalEntry.objects.filter(gaming_day=yesterday).count() == 1
    assert_ledger_ok()


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_an_entry_racing_the_close_of_its_day_is_refused(on_postgres, vault, room_admin, accountant, monkeypatch):
    """The close holds its room's day lock while the entry's INSERT waits; the entry must then see the close
    (the journal's trigger looks again once it has the lock: the INSERT's own look came before the close)."""
    yesterday = current_gaming_day() - timedelta(days=1)
    locked, outcome = threading.Event(), list[object]()

    def held_open(day, room):  # runs inside the close's transaction, after it took the room's day lock
        locked.set()
        wait_until_a_session_waits_on_a_lock()  # the entry's INSERT, on the day lock

    monkeypatch.setattr(days, "_check_counted", held_open)

    closer = _close_in_a_thread(accountant, yesterday, outcome)
    assert locked.wait(20)
    with pytest.raises(DomainError) as refused:
        _adjustment(room_admin, yesterday)
    closer.join(30)
    assert isinstance(outcome[0], GamingDayClose), outcome
    assert refused.value.code == "gaming_day_closed"
    assert not JournalEntry.objects.filter(gaming_day=yesterday).exists()
    assert_ledger_ok()


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_closing_a_rooms_day_holds_back_no_other_room(on_postgres, vault, room_admin, accountant, vilnius, monkeypatch):
    """While the home room's close is under way (its day lock held), Vilnius posts in the same gaming day at
    once: the close holds nothing of another room. A wait would end in the lock timeout, not a hang."""
    room_chips_stocked(vilnius)
    theirs = UserFactory(roles=[Role.ADMIN], rooms=[vilnius])
    yesterday = current_gaming_day() - timedelta(days=1)
    locked, posted, outcome = threading.Event(), threading.Event(), list[object]()

    def held_open(day, room):  # inside the home room's close, holding its day lock
        locked.set()
        posted.wait(20)

    monkeypatch.setattr(days, "_check_counted", held_open)

    closer = _close_in_a_thread(accountant, yesterday, outcome)
    try:
        assert locked.wait(20)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '10s'")
        entry = _adjustment(theirs, yesterday, room=vilnius)
        assert closer.is_alive() and not outcome  # posted while the close still held its lock
    finally:
        posted.set()
        closer.join(30)
        with connection.cursor() as cursor:
            cursor.execute("RESET lock_timeout")
    assert isinstance(outcome[0], GamingDayClose), outcome
    assert (entry.room, entry.gaming_day) == (vilnius, yesterday)
    assert _adjustment(theirs, yesterday, room=vilnius).pk > entry.pk  # Vilnius's day is still open
    with pytest.raises(DomainError) as refused:
        _adjustment(room_admin, yesterday)
    assert refused.value.code == "gaming_day_closed"
