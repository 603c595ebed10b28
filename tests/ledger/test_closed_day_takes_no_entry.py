"""A closed gaming day takes no journal entry, not even one racing the close (ledger.selectors.days)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connections, transaction
from django.utils import timezone

from config.errors import DomainError
from config.gaming_day import current_gaming_day, gaming_day_bounds
from ledger.models import AccountKind, GamingDayClose, JournalEntry, Reason
from ledger.services.accounts import singleton_accounts
from ledger.services.posting import LegSpec, post_entry
from rake.services import days
from tests.cashier.conftest import assert_ledger_ok
from tests.cashier.helpers import wait_until_a_session_waits_on_a_lock


def _adjustment(actor, day):
    """A cash adjustment dated in ``day``: vault -> over and short."""
    ids = singleton_accounts(AccountKind.VAULT, AccountKind.OVER_SHORT)
    legs = [LegSpec(ids[AccountKind.VAULT], -1_000), LegSpec(ids[AccountKind.OVER_SHORT], 1_000)]
    with transaction.atomic():
        return post_entry(
            actor=actor, reason=Reason.ADJUSTMENT, legs=legs, at=gaming_day_bounds(day)[0] + timedelta(hours=1)
        )


@pytest.mark.django_db
def test_an_entry_dated_in_a_closed_day_is_refused(vault, room_admin, accountant):
    yesterday = current_gaming_day() - timedelta(days=1)
    assert _adjustment(room_admin, yesterday).gaming_day == yesterday
    GamingDayClose.objects.create(gaming_day=yesterday, created_at=timezone.now(), created_by=accountant)
    with pytest.raises(DomainError) as refused:
        _adjustment(room_admin, yesterday)
    assert (refused.value.code, refused.value.status) == ("gaming_day_closed", 409)
    assert JournalEntry.objects.filter(gaming_day=yesterday).count() == 1
    assert_ledger_ok()


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_an_entry_racing_the_close_of_its_day_is_refused(on_postgres, vault, room_admin, accountant, monkeypatch):
    """The close holds its SHARE lock while the entry's INSERT waits; the entry must then see the close."""
    yesterday = current_gaming_day() - timedelta(days=1)
    locked, outcome = threading.Event(), []

    def held_open(day):  # runs inside the close's transaction, after its LOCK TABLE
        locked.set()
        wait_until_a_session_waits_on_a_lock()  # the entry's INSERT, on the SHARE lock

    monkeypatch.setattr(days, "_check_counted", held_open)

    def close():
        try:
            outcome.append(days.gaming_day_close(actor=accountant, gaming_day=yesterday))
        except Exception as exc:  # the test reads it
            outcome.append(exc)
        finally:
            connections.close_all()

    closer = threading.Thread(target=close)
    closer.start()
    assert locked.wait(20)
    with pytest.raises(DomainError) as refused:
        _adjustment(room_admin, yesterday)
    closer.join(30)
    assert isinstance(outcome[0], GamingDayClose), outcome
    assert refused.value.code == "gaming_day_closed"
    assert not JournalEntry.objects.filter(gaming_day=yesterday).exists()
    assert_ledger_ok()
