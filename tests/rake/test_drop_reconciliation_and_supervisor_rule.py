"""Drop count and reconciliation: expected = the fees posted since the last count (the ledger), variance
per table, shift and dealer; a variance over the threshold needs a supervisor who did not count."""

from __future__ import annotations

import pytest

from config.errors import DomainError
from config.roles import Role
from games.services.hand_fees import hand_fees_post
from ledger.models import AccountKind, JournalEntry, Leg, Reason
from rake.models import DailyFeeSummary, DropCountStatus, DropShare
from rake.services import drop_count_explain, drop_count_start, drop_tally_record
from tests.factories import UserFactory, home_room_set
from tests.rake.helpers import assert_fee_invariants, drop_box

pytestmark = pytest.mark.django_db


@pytest.fixture
def table_with_fees(open_table, holdem_ring, quick_hand, floor_manager, dealer):
    table = open_table(holdem_ring, dealer=dealer)
    other = UserFactory(roles=[Role.DEALER])
    for who, fee in ((dealer, 1000), (other, 3000)):
        hand = quick_hand(table, pot=fee * 20, fee=fee, dealer=who)
        hand_fees_post(actor=floor_manager, hand_id=hand.pk)
    return table, dealer, other


def _chips(chips_in_play, **counts):
    return {chips_in_play[int(v.removeprefix("v"))]: n for v, n in counts.items()}


def test_an_agreed_count_without_variance_is_final_and_empties_the_box(
    table_with_fees, floor_manager, cashier, chips_in_play
) -> None:
    table, *_ = table_with_fees
    assert drop_box(table.pk) == 4000
    count = drop_count_start(actor=floor_manager, table_id=table.pk)
    assert count.expected == 4000
    chips = _chips(chips_in_play, v1000=4)
    assert drop_tally_record(actor=floor_manager, count_id=count.pk, chips=chips).agreed is None
    result = drop_tally_record(actor=cashier, count_id=count.pk, chips=chips)
    count.refresh_from_db()
    assert result.agreed is True
    assert (count.status, count.counted, count.variance) == (DropCountStatus.FINAL, 4000, 0)
    assert drop_box(table.pk) == 0
    drop = JournalEntry.objects.get(reason=Reason.DROP)
    assert count.journal_entry_id == drop.pk
    vault_in = Leg.objects.filter(entry=drop, account__kind=AccountKind.VAULT).values_list("amount", flat=True)
    assert sum(vault_in) == 4000
    assert_fee_invariants()


def test_variance_over_the_threshold_needs_a_supervisor_who_did_not_count(
    table_with_fees, floor_manager, cashier, chips_in_play, settings
) -> None:
    home_room_set(drop_variance_threshold=100)
    table, dealer, other = table_with_fees
    count = drop_count_start(actor=floor_manager, table_id=table.pk)
    short = _chips(chips_in_play, v1000=3, v500=1, v100=1)  # 3600: 400 missing
    drop_tally_record(actor=floor_manager, count_id=count.pk, chips=short)
    drop_tally_record(actor=cashier, count_id=count.pk, chips=short)
    count.refresh_from_db()
    assert (count.status, count.counted, count.variance) == (DropCountStatus.NEEDS_EXPLANATION, 3600, -400)
    assert drop_box(table.pk) == 4000  # nothing dropped before it is explained

    with pytest.raises(DomainError) as counter:
        drop_count_explain(actor=floor_manager, count_id=count.pk, explanation="I counted it myself")
    assert counter.value.code == "same_user"
    with pytest.raises(DomainError) as not_supervisor:
        drop_count_explain(actor=cashier, count_id=count.pk, explanation="cashier says fine")
    assert not_supervisor.value.status == 403
    supervisor = UserFactory(roles=[Role.FLOOR_MANAGER])
    with pytest.raises(DomainError):
        drop_count_explain(actor=supervisor, count_id=count.pk, explanation="   ")
    drop_count_explain(actor=supervisor, count_id=count.pk, explanation="a 500 chip fell under the table")
    count.refresh_from_db()
    assert (count.status, count.explained_by) == (DropCountStatus.FINAL, supervisor)
    over_short = Leg.objects.filter(entry__reason=Reason.DROP, account__kind=AccountKind.OVER_SHORT)
    assert sum(over_short.values_list("amount", flat=True)) == 400
    # Variance per dealer: shared in proportion to each dealer's fees in the box (1,000 and 3,000).
    shares = {s.dealer_id: s for s in DropShare.objects.filter(count=count)}
    assert (shares[dealer.pk].variance, shares[other.pk].variance) == (-100, -300)
    assert sum(s.counted for s in shares.values()) == 3600
    by_dealer = {s.dealer_id: s.variance for s in DailyFeeSummary.objects.all()}
    assert by_dealer == {dealer.pk: -100, other.pk: -300}
    assert_fee_invariants()


def test_variance_within_the_threshold_is_final_at_once(table_with_fees, floor_manager, cashier, chips_in_play) -> None:
    table, *_ = table_with_fees
    count = drop_count_start(actor=floor_manager, table_id=table.pk)
    counted = _chips(chips_in_play, v1000=3, v500=1, v100=4, v25=3)  # 3975: 25 short, threshold 5,000
    drop_tally_record(actor=cashier, count_id=count.pk, chips=counted)
    drop_tally_record(actor=floor_manager, count_id=count.pk, chips=counted)
    count.refresh_from_db()
    assert (count.status, count.variance) == (DropCountStatus.FINAL, -25)
    assert_fee_invariants()


def test_the_next_count_expects_only_the_fees_since(
    table_with_fees, floor_manager, cashier, chips_in_play, quick_hand
) -> None:
    table, dealer, _other = table_with_fees
    first = drop_count_start(actor=floor_manager, table_id=table.pk, shift=1)
    for who in (floor_manager, cashier):
        drop_tally_record(actor=who, count_id=first.pk, chips=_chips(chips_in_play, v1000=4))
    hand = quick_hand(table, pot=10_000, fee=500, dealer=dealer)
    hand_fees_post(actor=floor_manager, hand_id=hand.pk)
    second = drop_count_start(actor=floor_manager, table_id=table.pk, shift=2)
    assert second.expected == 500 and second.since_entry_id == first.through_entry_id
    with pytest.raises(DomainError) as twice:
        drop_count_start(actor=floor_manager, table_id=table.pk, shift=3)
    assert twice.value.code == "drop_count_exists"  # one count in progress per table


def test_a_fee_reversed_after_its_drop_is_refunded_from_the_tray(
    table_with_fees, floor_manager, cashier, chips_in_play
) -> None:
    """The box was emptied into the vault: a void afterwards gives the chips back from the table's tray."""

    from games.models import Hand, HandStatus
    from tests.rake.helpers import fill_tray, place_total

    table, *_ = table_with_fees
    count = drop_count_start(actor=floor_manager, table_id=table.pk)
    for who in (floor_manager, cashier):
        drop_tally_record(actor=who, count_id=count.pk, chips=_chips(chips_in_play, v1000=4))
    fill_tray(table.pk, chips_in_play[1000], 5000, floor_manager)
    hand = Hand.objects.filter(table=table, fee=1000).get()
    Hand.objects.filter(pk=hand.pk).update(status=HandStatus.VOIDED)
    hand_fees_post(actor=floor_manager, hand_id=hand.pk)
    assert drop_box(table.pk) == 0
    assert place_total(table.pk, AccountKind.TRAY) == 4000
    assert_fee_invariants()
