"""A balance row changed behind the ledger's back (an UPDATE straight in the database) is named by the
ledger check, with what it says and what its legs add up to, on the cage summary page and in the API."""

from __future__ import annotations

import pytest
from django.db import connection
from django.urls import reverse

from ledger.models import AccountKind, Balance
from ledger.selectors.balances import StaleBalance, ledger_check
from tests.factories import home_room

pytestmark = pytest.mark.django_db


def _tamper(shift) -> Balance:
    row = Balance.objects.get(account=shift.account, denomination__isnull=True)
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {Balance._meta.db_table} SET amount = amount + 100000 WHERE id = %s", [row.pk])
    return row


def test_a_tampered_drawer_cash_row_is_named_with_both_figures(shift) -> None:
    assert ledger_check(room_id=home_room().pk).ok
    row = _tamper(shift)
    check = ledger_check(room_id=home_room().pk)
    assert not check.ok
    assert check.stale_balances == [StaleBalance(row.pk, shift.account_id, None, row.amount + 100000, row.amount)]


def test_a_missing_balance_row_is_named_as_missing(shift) -> None:
    row = Balance.objects.filter(account__kind=AccountKind.VAULT, denomination__isnull=False, amount__gt=0).first()
    assert row is not None
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {Balance._meta.db_table} WHERE id = %s", [row.pk])
    assert ledger_check(room_id=home_room().pk).stale_balances == [
        StaleBalance(None, row.account_id, row.denomination_id, 0, row.amount)
    ]


def test_the_cage_summary_and_the_api_name_the_row(shift, accountant, client_for, api_for) -> None:
    row = _tamper(shift)
    page = client_for(accountant).get(reverse("cashier:cage_summary"))
    html = page.content.decode()
    assert 'id="stale-balances"' in html and f"#{row.pk}" in html and shift.account.name in html
    body = api_for(accountant).get(reverse("api:cashier-ledger-check")).json()
    assert body["ok"] is False
    assert body["stale_balances"] == [
        {
            "balance_id": row.pk,
            "account_id": shift.account_id,
            "denomination_id": None,
            "recorded": row.amount + 100000,
            "from_legs": row.amount,
        }
    ]


def test_a_balanced_ledger_shows_no_disagreeing_rows(shift, accountant, client_for) -> None:
    page = client_for(accountant).get(reverse("cashier:cage_summary"))
    assert page.status_code == 200 and 'id="stale-balances"' not in page.content.decode()
