"""A sale or a redemption the cage refuses comes back on the cashier's screen as it was typed, with the
reason; nothing is recorded, and the next visit shows empty forms again."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.urls import reverse

from cashier.models import ChipTransaction
from tests.cashier.conftest import by_value

pytestmark = pytest.mark.django_db


def _form(html: str, form_id_or_action: str) -> str:
    match = re.search(rf"<form[^>]*{re.escape(form_id_or_action)}.*?</form>", html, re.S)
    assert match, form_id_or_action
    return match.group(0)


def test_a_refused_sale_and_redemption_come_back_as_typed(shift: Any, cashier: Any, client_for: Any) -> None:
    client = client_for(cashier)
    chips = by_value({100_000: 3})
    sale = {"idempotency_key": str(uuid.uuid4()), "amount": "300,000", "method": "card", "player": ""}
    sale |= {f"chip-{d}": str(n) for d, n in chips.items()}
    refused = client.post(reverse("cashier:sale"), sale, follow=True).content.decode()
    assert not ChipTransaction.objects.exists()
    form = _form(refused, 'id="sale-form"')
    assert 'value="300,000"' in form and '<option value="card" selected>' in form
    assert f'name="chip-{next(iter(chips))}" inputmode="numeric" pattern="[0-9]*" value="3"' in form

    redeem = {"idempotency_key": str(uuid.uuid4()), "player": "999999"}
    redeem |= {f"redeem-{d}": "7" for d in chips}
    refused = client.post(reverse("cashier:redemption"), redeem, follow=True).content.decode()
    assert not ChipTransaction.objects.exists()
    form = _form(refused, 'action="/cashier/redemption/"')
    assert 'value="999999"' in form and 'value="7"' in form

    fresh = client.get(reverse("cashier:index")).content.decode()
    assert 'value="300,000"' not in fresh and 'value="999999"' not in fresh  # kept once
