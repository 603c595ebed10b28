"""One amount means the same money on every API: the hand API reads and answers major units, as the cage does.

With EUR (two minor digits), "10.00" is 1000 cents at the cage and at the table alike; a JSON integer is
read as major units on both (10 is ten euros), and a JSON float is refused with the same 400 on both.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from cashier.models import ChipTransaction
from games import services as hands
from games.models import HandEvent, SeatStack
from rooms.models import Room
from tests.cashier.conftest import by_value, key
from tests.factories import home_room
from tests.games.helpers import ev

pytestmark = pytest.mark.django_db
SALE = "/api/v1/cashier/sales/create/"


@pytest.fixture(autouse=True)
def _euros(settings: Any, db: None) -> None:
    """An installation in euros: its settings, and its room, which the migrations make from them (a hand's
    amounts are its table's room's)."""
    settings.CARDROOM_CURRENCY, settings.CARDROOM_CURRENCY_EXPONENT = "EUR", 2
    Room.objects.filter(pk=home_room().pk).update(currency="EUR", currency_exponent=2)


def _sale(api: Any, amount: object) -> Any:
    chips = [{"denomination": d, "count": n} for d, n in by_value({1_000: 1}).items()]
    return api.post(
        SALE, {"amount": amount, "method": "cash", "chips": chips}, format="json", HTTP_IDEMPOTENCY_KEY=key()
    )


def _add_on(api: Any, table_id: int, amount: object) -> Any:
    body = {"seat_number": 1, "amount": amount, "kind": "add_on"}
    return api.post(reverse("api:games-stack-add", args=[table_id]), body, format="json")


@pytest.mark.parametrize("amount", ["10.00", "10", 10])
def test_one_amount_is_the_same_money_at_the_cage_and_at_the_table(
    api_for, shift, cashier: User, dealer: User, holdem, hand_table, amount: object
) -> None:
    table = hand_table(holdem, dealer)
    sale = _sale(api_for(cashier), amount)
    assert sale.status_code == 201, sale.content
    assert ChipTransaction.objects.get(pk=sale.json()["id"]).amount == 1000
    assert sale.json()["amount"] == "10.00"

    added = _add_on(api_for(dealer), table.pk, amount)
    assert added.status_code == 201, added.content
    assert SeatStack.objects.get(pk=added.json()["id"]).change == 1000
    assert added.json()["change"] == "10.00"


@pytest.mark.parametrize("amount", [10.5, 10.0, "10.001", "1e3", "-10", True])
def test_a_malformed_amount_is_refused_alike_at_the_cage_and_at_the_table(
    api_for, shift, cashier: User, dealer: User, holdem, hand_table, amount: object
) -> None:
    table = hand_table(holdem, dealer)
    for response in (_sale(api_for(cashier), amount), _add_on(api_for(dealer), table.pk, amount)):
        assert response.status_code == 400, response.content
        assert response.json()["error"]["code"] == "bad_money"
    assert not ChipTransaction.objects.exists()
    assert not SeatStack.objects.filter(table=table, kind="add_on").exists()


def test_a_hand_answers_and_takes_major_units(api_for, dealer: User, holdem, hand_table) -> None:
    table = hand_table(holdem, dealer)  # blinds 5.00 / 10.00: 500 and 1000 cents
    api = api_for(dealer)
    started = api.post(reverse("api:games-hand-start"), {"table_id": table.pk}, format="json")
    assert started.status_code == 201, started.content
    state = started.json()
    assert state["pot_total"] == "15.00"
    hand_id, seq = state["hand_id"], state["seq"]
    state = hands.hand_event_record(
        actor=dealer, hand_id=hand_id, seq=seq, client_event_id="deal", event=ev("deal")
    ).state
    legal = api.get(reverse("api:games-hand-state", args=[hand_id])).json()["legal"]
    assert legal["min_to"] == "20.00" and legal["call_amount"] == "10.00"
    event = {"type": "action", "seat": legal["seat"], "kind": "raise", "amount": "30.00"}
    body = {"seq": state.seq, "client_event_id": "raise", "event": event}
    raised = api.post(reverse("api:games-hand-event", args=[hand_id]), body, format="json")
    assert raised.status_code == 201, raised.content
    assert HandEvent.objects.get(hand_id=hand_id, client_event_id="raise").data["amount"] == 3000
    assert raised.json()["event"]["data"]["amount"] == "30.00"
    assert raised.json()["state"]["pot_total"] == "45.00"
