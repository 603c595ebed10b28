"""A Club Poker bank carried into a replay is charged once, by the hand that finally awards it:
through the hand recorder, into the ledger and the summaries."""

from __future__ import annotations

import pytest
from django.db.models import Sum

from games import services as hands
from games.models import Hand, HandStatus, PotAward
from games.services.hand_fees import hand_fees_post
from rake.models import DailyFeeSummary, FeeCharge
from tests.games.helpers import CLUB_REPLAY, CLUB_TO_TIE, ev, record
from tests.rake.helpers import assert_fee_invariants, drop_box

pytestmark = pytest.mark.django_db


def test_the_replay_chain_is_charged_once(dealer, club_poker, hand_table) -> None:
    table = hand_table(club_poker, dealer, players=3)
    first = hands.hand_start(actor=dealer, table_id=table.pk).hand
    record(dealer, first, *CLUB_TO_TIE)
    record(dealer, first, ev("replay"))
    hand_fees_post(actor=dealer, hand_id=first.pk)
    replay = Hand.objects.get(replay_of=first)
    hand_fees_post(actor=dealer, hand_id=replay.pk)  # still open: nothing to post yet
    assert not FeeCharge.objects.filter(hand_id=replay.pk).exists()
    record(dealer, replay, *CLUB_REPLAY)
    hand_fees_post(actor=dealer, hand_id=replay.pk)
    first.refresh_from_db()
    replay.refresh_from_db()
    assert replay.status == first.status == HandStatus.COMPLETE

    carried = PotAward.objects.filter(hand=first, carried=True).aggregate(t=Sum("amount"))["t"]
    bank = carried + 2000  # the replay's new antes
    uncarried = PotAward.objects.filter(hand=first, carried=False).aggregate(t=Sum("amount", default=0))["t"]
    # The carried bank is charged by the replay only, on the whole bank it awards.
    assert replay.fee == bank * 5 // 100
    assert first.fee == sum(p.amount * 5 // 100 for p in PotAward.objects.filter(hand=first, carried=False))
    fees = FeeCharge.objects.aggregate(t=Sum("fee"))["t"]
    assert fees == first.fee + replay.fee == drop_box(table.pk)
    summary = DailyFeeSummary.objects.get(table_id=table.pk)
    assert (summary.hands, summary.fees) == (2, fees)
    assert summary.pots == uncarried + bank  # the carried chips are counted in one pot, once
    assert_fee_invariants()
