"""The fee is rounded down to the smallest chip in play at the table, not to the minor unit."""

from __future__ import annotations

from games import services as hands
from games.services.starting import chip_unit
from ledger.models import Denomination
from tests.factories import home_room
from tests.games.helpers import HOLDEM_HAND, HOLDEM_POT, record


def test_chip_unit_is_the_smallest_active_denomination_dividing_the_stakes():
    assert chip_unit(None, 500, 1000, 0) == 1  # no chips defined yet: the minor unit
    assert chip_unit(100, 500, 1000, 0) == 100
    assert chip_unit(100, 50, 100, 0) == 50


def test_hand_fee_is_a_whole_number_of_the_smallest_chip(dealer, holdem_table):
    for value in (100, 500, 1_000):
        Denomination.objects.create(room=home_room(), value=value, colour="white", label=str(value))
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    assert hand.setup["chip_unit"] == 100
    record(dealer, hand, *HOLDEM_HAND)
    hand.refresh_from_db()
    # 5% of 14,500 is 725: the house cannot take 25 in chips it does not have, so 700.
    assert (hand.pot, hand.fee) == (HOLDEM_POT, 700)
