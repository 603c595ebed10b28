"""A task a service queues is written in the transaction of the change it follows (the outbox): a rolled
back change queues nothing, a committed one is published on commit, and what the broker did not take is
published by the relay, oldest first. The broker's own outage is in tests/faults (a real Redis killed)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from config.models import OutboxMessage
from config.services.outbox import RELAY_AFTER, outbox_relay, send_on_commit
from config.tasks import ping

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_rolled_back_change_queues_nothing() -> None:
    with pytest.raises(RuntimeError), transaction.atomic():
        send_on_commit(ping.name, "lost")
        raise RuntimeError("the change fails")
    assert not OutboxMessage.objects.exists()


def test_a_committed_change_publishes_its_task_on_commit() -> None:
    with transaction.atomic():
        send_on_commit(ping.name, "hello")
        message = OutboxMessage.objects.get()
        assert message.sent_at is None  # written with the change, not yet published
    message.refresh_from_db()
    assert (message.task, message.args, message.attempts) == ("config.tasks.ping", ["hello"], 1)
    assert message.sent_at is not None


def test_the_relay_publishes_what_waits_oldest_first_and_purges_old_sent_rows() -> None:
    now = timezone.now()

    def row(age: timedelta, *, sent: bool = False) -> OutboxMessage:
        return OutboxMessage.objects.create(
            task="config.tasks.ping", args=[str(age)], created_at=now - age, sent_at=now - age if sent else None
        )

    waiting = row(RELAY_AFTER * 3)
    young = row(timedelta(0))  # its publish on commit may still be under way: left to it
    stale = row(timedelta(days=8), sent=True)
    recent = row(timedelta(days=1), sent=True)

    assert outbox_relay() == 1
    waiting.refresh_from_db()
    young.refresh_from_db()
    assert waiting.sent_at is not None and young.sent_at is None
    assert not OutboxMessage.objects.filter(pk=stale.pk).exists()
    assert OutboxMessage.objects.filter(pk=recent.pk).exists()
    assert outbox_relay() == 0  # nothing is sent twice


def test_the_admin_site_lists_what_waits_and_changes_nothing(admin_user: Any, client_for: Any) -> None:
    OutboxMessage.objects.create(task="cashier.tasks.large_cash_check", args=[7], created_at=timezone.now())
    admin = client_for(admin_user)
    listing = admin.get(reverse("admin:config_outboxmessage_changelist"), {"sent_at__isempty": "1"})
    assert listing.status_code == 200 and "cashier.tasks.large_cash_check" in listing.content.decode()
    assert admin.get(reverse("admin:config_outboxmessage_add")).status_code == 403


def test_a_task_that_fails_does_not_fail_the_write_it_follows(caplog: Any) -> None:
    """Tasks run in-process (``make run``): the write has committed, so its answer must say so; the task's
    failure is logged as a worker logs one, and the relay does not run it again and again."""
    from cashier.tasks import tray_difference_report

    with transaction.atomic():
        send_on_commit(tray_difference_report.name, 10**9)  # no such count: the task raises
    message = OutboxMessage.objects.get()
    assert message.sent_at is not None
    assert "task cashier.tasks.tray_difference_report" in caplog.text and "failed" in caplog.text
