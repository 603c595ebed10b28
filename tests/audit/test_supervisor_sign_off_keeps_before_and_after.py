"""A drawer counted over the variance threshold waits for a supervisor: the history shows the
supervisor's sign-off (who, from which page, the shift before and after), and the shift's own
closing count keeps the balance before (expected) and after (counted)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cashier.models import CountKind
from cashier.services.drawers import drawer_shift_close
from tests.cashier.conftest import key

pytestmark = pytest.mark.django_db


def test_a_supervisor_sign_off_is_in_the_history_with_the_balance_before_and_after(
    cashier, floor_manager, open_shift, settings, client_for, changes
):
    settings.CARDROOM_DRAWER_VARIANCE_THRESHOLD = 5_000
    opened = open_shift(cashier, cash=100_000, chips={})
    shift = drawer_shift_close(actor=cashier, shift_id=opened.pk, cash=90_000, chips={})
    url = reverse("cashier:shift_approve", args=[shift.pk])
    assert client_for(floor_manager).post(url, {"idempotency_key": key()}).status_code == 303

    *_, counted, signed = changes("drawer_shift", shift.pk)
    assert {(f.name, f.before, f.after) for f in counted.fields} >= {
        ("status", "open", "waiting for sign-off"),
        ("variance", "", "10000"),
        ("net_variance", "", "-10000"),
    }
    assert (signed.username, signed.url) == ("floor_manager", url)
    assert {(f.name, f.before, f.after) for f in signed.fields} >= {
        ("status", "waiting for sign-off", "closed"),
        ("supervisor", "", "floor_manager"),
    }
    [cash] = shift.counts.get(kind=CountKind.CLOSING).lines.all()
    assert (cash.expected, cash.counted) == (100_000, 90_000)
