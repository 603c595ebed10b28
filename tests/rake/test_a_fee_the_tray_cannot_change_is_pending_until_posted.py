"""A hand's fee that neither the players' chips nor the table's tray can make up exactly is recorded as pending
(hand, table, amount, why), shown with its amount on the fee report, the gaming days and the floor, and stops
its gaming day from closing; posted later (after a fill to the tray), by the floor, the office or the sweep,
it is settled and the day closes."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import DatabaseError, connection, transaction
from django.urls import reverse

from config.errors import DomainError
from config.gaming_day import current_gaming_day
from config.roles import Role
from games.models import Hand, HandStatus
from games.selectors.hand_fees import pending_fees
from games.services.hand_fees import hand_fees_post_in_recording, pending_fee_post
from games.tasks import hand_fees_sweep
from ledger.models import GamingDayClose, JournalEntry, Reason
from rake.models import FeeCharge, PendingFee
from rake.services import drop_count_start, drop_tally_record, gaming_day_close
from tests.factories import UserFactory, home_room
from tests.rake.change_helpers import fee_entry_flows, players_keep_only, tray_chips
from tests.rake.helpers import assert_fee_invariants, drop_box, fill_tray

pytestmark = pytest.mark.django_db

FEE = 2000


@pytest.fixture
def yesterday():
    return current_gaming_day() - timedelta(days=1)


@pytest.fixture
def table(open_table, holdem_ring, dealer):
    return open_table(holdem_ring, dealer=dealer)


@pytest.fixture
def pending_hand(table, quick_hand, dealer, yesterday, chips_in_play) -> Hand:
    """Yesterday's hand with a fee of 2,000; the players hold only chips of 5,000 and more, the tray nothing."""
    players_keep_only(5000)
    hand: Hand = quick_hand(table, pot=40_000, fee=FEE, dealer=dealer, gaming_day=yesterday)
    with transaction.atomic():  # as the hand recorder posts it: in its transaction, the hand locked
        hand_fees_post_in_recording(actor=dealer, hand=Hand.objects.select_for_update().get(pk=hand.pk))
    return hand


def _post_and_count(table, day, floor_manager, cashier, chips_in_play) -> None:
    """A fill of chips of 1,000 to the tray, the pending fee posted by the floor, the drop counted."""
    fill_tray(table.pk, chips_in_play[1000], 10_000, floor_manager)
    pending_fee_post(actor=floor_manager, pending_id=PendingFee.objects.get().pk)
    count = drop_count_start(actor=floor_manager, table_id=table.pk, gaming_day=day, shift=3)
    for who in (floor_manager, cashier):
        drop_tally_record(actor=who, count_id=count.pk, chips={chips_in_play[1000]: 2})


def test_the_fee_is_recorded_as_pending_and_nothing_is_posted(pending_hand, table, yesterday) -> None:
    pending = PendingFee.objects.get()
    assert (pending.hand_id, pending.table_id, pending.gaming_day, pending.amount, pending.reason) == (
        pending_hand.pk,
        table.pk,
        yesterday,
        FEE,
        "no_breakdown",
    )
    assert list(pending_fees()) == [pending]
    assert not FeeCharge.objects.exists()
    assert not JournalEntry.objects.filter(reason=Reason.FEE).exists()
    assert drop_box(table.pk) == 0 and tray_chips(table.pk) == {}
    assert_fee_invariants()


def test_a_second_refusal_records_nothing_more(pending_hand, floor_manager) -> None:
    assert hand_fees_sweep() == 0
    with pytest.raises(DomainError) as refused:
        pending_fee_post(actor=floor_manager, pending_id=PendingFee.objects.get().pk)
    assert refused.value.code == "no_breakdown"
    assert PendingFee.objects.count() == 1 and pending_fees().count() == 1


def test_the_day_close_refuses_a_day_with_pending_fees(pending_hand, accountant, yesterday) -> None:
    with pytest.raises(DomainError) as refused:
        gaming_day_close(actor=accountant, gaming_day=yesterday, room=home_room())
    assert refused.value.code == "fees_pending"
    assert (refused.value.details["count"], refused.value.details["amount"]) == (1, FEE)
    assert "1 fee" in refused.value.message and "2,000" in refused.value.message
    assert not GamingDayClose.objects.exists()


def test_a_fee_nobody_recorded_as_pending_still_stops_the_close(
    table, quick_hand, dealer, accountant, yesterday, chips_in_play
) -> None:
    """A hand recorded before pending fees were kept: its fee is neither posted nor pending on record."""
    quick_hand(table, pot=40_000, fee=FEE, dealer=dealer, gaming_day=yesterday)  # no posting attempted
    assert not PendingFee.objects.exists()
    with pytest.raises(DomainError) as refused:
        gaming_day_close(actor=accountant, gaming_day=yesterday, room=home_room())
    assert refused.value.code == "fees_pending" and refused.value.details["amount"] == FEE


def test_the_report_the_gaming_days_and_the_floor_show_it_pending(
    pending_hand, yesterday, accountant, floor_manager, client_for
) -> None:
    day = yesterday.isoformat()
    report = client_for(accountant).get(reverse("rake:reports"), {"day_from": day, "day_to": day})
    days = client_for(accountant).get(reverse("rake:gaming_days"))
    floor = client_for(floor_manager).get(reverse("floor:floor"))
    for page in (report, days, floor):
        html = page.content.decode()
        assert page.status_code == 200
        assert 'id="pending-fees"' in html and f'data-pending-fee="{PendingFee.objects.get().pk}"' in html
        assert ">pending<" in html and "2,000" in html and f"#{pending_hand.number}" in html
    assert "1 fee pending (2,000)" in days.content.decode()
    assert f'name="gaming_day" value="{day}"' not in days.content.decode()  # no close button for the day
    assert "Post the fee now" in floor.content.decode()


def test_a_report_of_other_days_and_a_quiet_floor_show_no_pending_fee(
    accountant, floor_manager, client_for, table
) -> None:
    today = current_gaming_day().isoformat()
    report = client_for(accountant).get(reverse("rake:reports"), {"day_from": today, "day_to": today})
    assert "No fee is pending." in report.content.decode()
    assert 'id="pending-fees"' not in client_for(floor_manager).get(reverse("floor:floor")).content.decode()


def test_posting_it_after_a_fill_settles_it_and_the_day_closes(
    pending_hand, table, yesterday, floor_manager, cashier, accountant, chips_in_play
) -> None:
    _post_and_count(table, yesterday, floor_manager, cashier, chips_in_play)

    charge = FeeCharge.objects.get(hand=pending_hand)
    assert (charge.fee, charge.gaming_day) == (FEE, yesterday)
    assert fee_entry_flows(pending_hand.pk) == {"outstanding": -FEE, "tray": 0, "drop_box": FEE}
    assert tray_chips(table.pk) == {1000: 5000, 5000: 5000}  # the fill, less 2 to the box and 3 as change
    assert not pending_fees().exists() and PendingFee.objects.count() == 1  # settled, not deleted
    close = gaming_day_close(actor=accountant, gaming_day=yesterday, room=home_room())
    assert (close.hands, close.fees, close.counted) == (1, FEE, FEE)
    assert_fee_invariants()


def test_the_sweep_posts_a_pending_fee_once_the_tray_can_change(
    pending_hand, table, floor_manager, chips_in_play
) -> None:
    fill_tray(table.pk, chips_in_play[1000], 10_000, floor_manager)
    assert hand_fees_sweep() == 1
    assert drop_box(table.pk) == FEE and not pending_fees().exists()
    assert hand_fees_sweep() == 0


def test_the_button_posts_it_for_the_floor_only(
    pending_hand, table, floor_manager, accountant, cashier, dealer, client_for, chips_in_play
) -> None:
    url = reverse("rake:pending_fee_post", args=[PendingFee.objects.get().pk])
    for outsider in (cashier, dealer, accountant, UserFactory(roles=[Role.ADMIN])):
        assert client_for(outsider).post(url).status_code == 403
        with pytest.raises(DomainError) as refused:
            pending_fee_post(actor=outsider, pending_id=PendingFee.objects.get().pk)
        assert refused.value.status == 403
    refused_page = client_for(floor_manager).post(url, {"next": reverse("rake:gaming_days")}, follow=True)
    assert "cannot make up 2,000 exactly" in refused_page.content.decode()  # the ledger's refusal, shown
    assert pending_fees().count() == 1
    fill_tray(table.pk, chips_in_play[1000], 10_000, floor_manager)
    answer = client_for(floor_manager).post(url, {"next": reverse("floor:floor")})
    assert (answer.status_code, answer["Location"]) == (302, reverse("floor:floor"))
    assert not pending_fees().exists() and drop_box(table.pk) == FEE
    client_for(floor_manager).post(url)  # twice: the fee is posted once
    assert FeeCharge.objects.filter(hand=pending_hand).count() == 1 and drop_box(table.pk) == FEE


def test_a_voided_hand_leaves_no_fee_pending(pending_hand, accountant, floor_manager, yesterday) -> None:
    Hand.objects.filter(pk=pending_hand.pk).update(status=HandStatus.VOIDED)
    assert not pending_fees().exists()
    with pytest.raises(DomainError) as refused:
        pending_fee_post(actor=floor_manager, pending_id=PendingFee.objects.get().pk)
    assert refused.value.code == "hand_not_in_force"
    gaming_day_close(actor=accountant, gaming_day=yesterday, room=home_room())  # nothing was posted: nothing to count


def test_a_pending_fee_record_is_never_edited(on_postgres, pending_hand) -> None:
    for statement in ("UPDATE rake_pendingfee SET amount = 1", "DELETE FROM rake_pendingfee"):
        with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(statement)
    assert PendingFee.objects.get().amount == FEE
