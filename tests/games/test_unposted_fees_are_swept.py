"""A fee the ledger refused at completion never stops the table; the beat sweep posts it later."""

from __future__ import annotations

from games import services as hands
from games.models import HandStatus
from games.tasks import hand_fees_sweep
from rake.models import FeeCharge
from tests.games.helpers import HOLDEM_FEE, HOLDEM_HAND, record
from tests.rake.helpers import drop_box, stock_chips


def test_a_fee_refused_at_completion_is_posted_by_the_sweep(dealer, floor_manager, holdem_table):
    # No chips were ever sold: the ledger cannot move the fee out of chips outstanding.
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    record(dealer, hand, *HOLDEM_HAND)
    hand.refresh_from_db()
    assert hand.status == HandStatus.COMPLETE and hand.fee == HOLDEM_FEE
    assert not FeeCharge.objects.filter(hand_id=hand.pk).exists()

    assert hand_fees_sweep() == 0  # still refused: nothing posted, nothing half-written
    stock_chips()
    assert hand_fees_sweep() == 1
    assert drop_box(holdem_table.pk) == HOLDEM_FEE
    assert hand_fees_sweep() == 0  # idempotent


def test_the_sweep_reverses_the_fee_of_a_hand_voided_after_posting(dealer, floor_manager, holdem_table):
    stock_chips()
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    record(dealer, hand, *HOLDEM_HAND)
    assert drop_box(holdem_table.pk) == HOLDEM_FEE
    hands.hand_void(actor=floor_manager, hand_id=hand.pk, reason="dealt at the wrong table")
    assert drop_box(holdem_table.pk) == 0
    assert hand_fees_sweep() == 0  # the void already reversed it
