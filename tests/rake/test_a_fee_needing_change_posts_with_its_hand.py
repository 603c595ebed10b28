"""A hand's fee the players' chips cannot make up exactly posts with its hand, with change from the table's
tray: the players' chips into the tray, the fee's exact chips into the drop box, the change back; one
balanced entry, the tray's value unchanged. On SQLite through the ledger's ORM posting; on PostgreSQL
through the two-statement posting (``hand_fee_sql``) and through the ORM posting."""

from __future__ import annotations

from typing import Any

import pytest

from config.db import fast_paths
from games import services as hands
from games.models import Hand, HandStatus
from games.services import hand_fees as fees
from rake.models import FeeCharge, PendingFee
from tests.games.helpers import HOLDEM_FEE, HOLDEM_HAND, record
from tests.rake.change_helpers import entry_nets_to_zero_per_chip, fee_entry_flows, players_keep_only, tray_chips
from tests.rake.helpers import assert_fee_invariants, drop_box, fill_tray

pytestmark = pytest.mark.django_db


@pytest.fixture(params=["fast", "orm"])
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """``fast``: the recorder as it runs (on PostgreSQL the two statements, which must not hand over to the
    ORM posting); ``orm``: the ledger's ORM posting on either database."""
    if request.param == "orm":
        monkeypatch.setattr(fees, "hand_fee_post_sql", lambda **_: None)
    elif fast_paths():
        orm_post = fees.hand_fees_post

        def fast_only(*, actor: Any, hand_id: int) -> bool:
            if Hand.objects.get(pk=hand_id).status == HandStatus.COMPLETE:
                raise AssertionError("a completed hand's fee went to the ORM path")
            return orm_post(actor=actor, hand_id=hand_id)  # a void's reversal is the ORM path's

        monkeypatch.setattr(fees, "hand_fees_post", fast_only)
    return str(request.param)


@pytest.fixture
def changing_table(dealer, holdem_ring, hand_table, floor_manager, chips_in_play):
    """A table whose players hold only chips of 1,000 and more, and whose tray holds small chips."""
    players_keep_only(1000)
    table = hand_table(holdem_ring, dealer)
    for value, pieces in ((500, 4), (100, 10), (25, 20)):
        fill_tray(table.pk, chips_in_play[value], value * pieces, floor_manager)
    return table


def _play(dealer, table) -> Hand:
    hand = hands.hand_start(actor=dealer, table_id=table.pk).hand
    record(dealer, hand, *HOLDEM_HAND)
    hand.refresh_from_db()
    assert (hand.status, hand.fee) == (HandStatus.COMPLETE, HOLDEM_FEE)
    return hand


def test_a_hand_whose_fee_needs_change_posts_completely(path, changing_table, dealer) -> None:
    tray_before = tray_chips(changing_table.pk)
    hand = _play(dealer, changing_table)

    charge = FeeCharge.objects.get(hand=hand)
    assert charge.fee == HOLDEM_FEE and charge.journal_entry_id is not None
    assert drop_box(changing_table.pk) == HOLDEM_FEE  # exactly the fee: 500 + 100 + 100 + 25
    tray_after = tray_chips(changing_table.pk)
    assert sum(tray_after.values()) == sum(tray_before.values())  # the tray's value is unchanged
    assert tray_after[1000] == 1000 and tray_after != tray_before  # the player's chip is in it now
    assert fee_entry_flows(hand.pk) == {"outstanding": -HOLDEM_FEE, "tray": 0, "drop_box": HOLDEM_FEE}
    assert entry_nets_to_zero_per_chip(hand.pk)
    assert not PendingFee.objects.exists()
    assert_fee_invariants()


def test_a_fee_the_players_chips_make_up_leaves_the_tray_alone(path, dealer, holdem_ring, hand_table) -> None:
    table = hand_table(holdem_ring, dealer)
    hand = _play(dealer, table)
    assert fee_entry_flows(hand.pk) == {"outstanding": -HOLDEM_FEE, "drop_box": HOLDEM_FEE}
    assert tray_chips(table.pk) == {}
    assert_fee_invariants()


def test_a_voided_hand_gives_back_a_fee_posted_with_change(path, changing_table, dealer, floor_manager) -> None:
    tray_before = tray_chips(changing_table.pk)
    hand = _play(dealer, changing_table)
    hands.hand_void(actor=floor_manager, hand_id=hand.pk, reason="dealt at the wrong table")
    assert drop_box(changing_table.pk) == 0
    assert tray_chips(changing_table.pk) == tray_before
    assert FeeCharge.objects.get(hand=hand, reverses__isnull=False).fee == -HOLDEM_FEE
    assert_fee_invariants()
