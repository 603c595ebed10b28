"""Money flow: every fee is a ledger entry from the players' chips into the table's drop box; a voided or
corrected hand's fee is reversed by a reversing entry, once; a collected time charge is posted at once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as hands
from games.models import Hand, HandStatus
from games.services.hand_fees import hand_fees_post
from ledger.models import JournalEntry, Reason
from rake.models import DailyFeeSummary, FeeCharge, TimeCharge
from rake.services import time_charge_collect, time_charges_create
from tests.games.helpers import HOLDEM_FEE, HOLDEM_HAND, HOLDEM_POT, record
from tests.rake.helpers import assert_fee_invariants, drop_box

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(dealer, holdem_ring, hand_table) -> Hand:
    table = hand_table(holdem_ring, dealer)
    hand = hands.hand_start(actor=dealer, table_id=table.pk).hand
    record(dealer, hand, *HOLDEM_HAND)
    hand.refresh_from_db()
    assert (hand.status, hand.pot, hand.fee) == (HandStatus.COMPLETE, HOLDEM_POT, HOLDEM_FEE)
    hand_fees_post(actor=dealer, hand_id=hand.pk)
    return hand


def test_a_completed_hands_fee_lands_in_the_drop_box(played: Hand) -> None:
    assert drop_box(played.table_id) == HOLDEM_FEE
    entry = JournalEntry.objects.get(reason=Reason.FEE, ref=f"hand:{played.pk}")
    charge = FeeCharge.objects.get(hand_id=played.pk)
    assert (charge.fee, charge.pots, charge.hands, charge.journal_entry_id) == (HOLDEM_FEE, HOLDEM_POT, 1, entry.pk)
    summary = DailyFeeSummary.objects.get(table_id=played.table_id)
    assert (summary.hands, summary.pots, summary.fees, summary.dealer_id) == (
        1,
        HOLDEM_POT,
        HOLDEM_FEE,
        played.dealer_id,
    )
    assert_fee_invariants()


def test_posting_twice_changes_nothing(played: Hand, dealer) -> None:
    hand_fees_post(actor=dealer, hand_id=played.pk)
    assert FeeCharge.objects.count() == 1
    assert JournalEntry.objects.filter(reason=Reason.FEE).count() == 1
    assert drop_box(played.table_id) == HOLDEM_FEE
    assert DailyFeeSummary.objects.get().hands == 1


def test_a_voided_hands_fee_is_reversed_once(played: Hand, floor_manager) -> None:
    hands.hand_void(actor=floor_manager, hand_id=played.pk, reason="wrong table")
    hand_fees_post(actor=floor_manager, hand_id=played.pk)
    hand_fees_post(actor=floor_manager, hand_id=played.pk)
    assert drop_box(played.table_id) == 0
    original = FeeCharge.objects.get(hand_id=played.pk, reverses__isnull=True)
    reversal = FeeCharge.objects.get(reverses=original)
    assert (reversal.fee, reversal.hands, reversal.pots) == (-HOLDEM_FEE, -1, -HOLDEM_POT)
    entry = JournalEntry.objects.get(reason=Reason.REVERSAL)
    assert entry.reverses_id == original.journal_entry_id and reversal.journal_entry_id == entry.pk
    summary = DailyFeeSummary.objects.get()
    assert (summary.hands, summary.pots, summary.fees) == (0, 0, 0)
    assert_fee_invariants()


def test_a_corrected_hand_reverses_the_old_fee_and_posts_the_new_one(played: Hand, floor_manager) -> None:
    events = list(HOLDEM_HAND)
    new = hands.hand_correct(actor=floor_manager, hand_id=played.pk, events=events, reason="typo in a card")
    hand_fees_post(actor=floor_manager, hand_id=played.pk)
    hand_fees_post(actor=floor_manager, hand_id=new.pk)
    assert drop_box(played.table_id) == HOLDEM_FEE
    assert FeeCharge.objects.filter(hand_id=played.pk).count() == 2
    assert FeeCharge.objects.get(hand_id=new.pk).fee == HOLDEM_FEE
    assert DailyFeeSummary.objects.get().hands == 1
    assert_fee_invariants()


def test_a_collected_time_charge_moves_the_players_chips_into_the_drop_box(
    floor_manager, open_table, club_poker, seat, past_version
) -> None:
    table = open_table(club_poker)
    past_version(table=table, effective_from=timezone.now() - timedelta(hours=2), amount_per_hour=2000)
    seat(table, since=timezone.now() - timedelta(minutes=5))
    time_charges_create(actor=floor_manager)
    charge = TimeCharge.objects.get()
    time_charge_collect(actor=floor_manager, charge_id=charge.pk)
    assert drop_box(table.pk) == 2000
    assert JournalEntry.objects.get(reason=Reason.TIME_FEE).ref == f"timecharge:{charge.pk}"
    posted = FeeCharge.objects.get(time_charge=charge)
    assert (posted.kind, posted.fee, posted.seconds) == ("hourly", 2000, 3600)
    summary = DailyFeeSummary.objects.get()
    assert (summary.fees, summary.seconds, summary.time_charges, summary.kind) == (2000, 3600, 1, "hourly")
    assert_fee_invariants()


def test_a_fee_the_ledger_cannot_move_refuses_the_whole_posting(played: Hand, dealer, holdem_ring, hand_table) -> None:
    """Chips outstanding cannot go below zero: the fee is refused and nothing is half-written."""
    from ledger.models import AccountKind, Balance

    Balance.objects.filter(account__kind=AccountKind.OUTSTANDING).update(amount=0)
    table = hand_table(holdem_ring, dealer)
    hand = hands.hand_start(actor=dealer, table_id=table.pk).hand
    record(dealer, hand, *HOLDEM_HAND)
    with pytest.raises(Exception, match=r"cannot make up|holds"):
        hand_fees_post(actor=dealer, hand_id=hand.pk)
    assert not FeeCharge.objects.filter(hand_id=hand.pk).exists()
