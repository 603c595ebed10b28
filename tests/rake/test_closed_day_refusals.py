"""Gaming-day close: an accountant (nobody else) closes a past day after its counts; a closed day accepts
no new records, only corrections dated in an open day that reference it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from config.errors import DomainError
from config.gaming_day import current_gaming_day, gaming_day_bounds
from games.models import Hand, HandStatus
from games.services.hand_fees import hand_fees_post
from ledger.models import GamingDayClose
from ledger.selectors.days import check_gaming_day_open, gaming_day_is_closed
from rake.models import FeeCharge, TimeCharge
from rake.services import drop_count_start, drop_tally_record, gaming_day_close, time_charges_create
from tests.cashier.conftest import key
from tests.factories import home_room
from tests.rake.helpers import fill_tray

pytestmark = pytest.mark.django_db


@pytest.fixture
def yesterday():
    return current_gaming_day() - timedelta(days=1)


@pytest.fixture
def table(open_table, holdem_ring, dealer):
    return open_table(holdem_ring, dealer=dealer)


def _count(table, day, floor_manager, cashier, chips_in_play, thousands):
    count = drop_count_start(actor=floor_manager, table_id=table.pk, gaming_day=day, shift=3)
    for who in (floor_manager, cashier):
        drop_tally_record(actor=who, count_id=count.pk, chips={chips_in_play[1000]: thousands})
    return count


def test_only_an_accountant_closes_a_day(yesterday, accountant, admin_user, floor_manager, cashier, api_for) -> None:
    for who in (admin_user, floor_manager, cashier):
        with pytest.raises(DomainError) as refused:
            gaming_day_close(actor=who, gaming_day=yesterday, room=home_room())
        assert refused.value.status == 403
        assert _close(api_for(who), yesterday).status_code == 403
    answer = _close(api_for(accountant), yesterday)
    assert answer.status_code == 201, answer.json()
    assert gaming_day_is_closed(yesterday, room_id=home_room().pk)
    again = _close(api_for(accountant), yesterday)
    assert again.status_code == 409


def _close(api, day):
    return api.post(reverse("api:gaming_day_close"), {"gaming_day": day.isoformat()}, HTTP_IDEMPOTENCY_KEY=key())


def test_today_is_not_closed(accountant) -> None:
    with pytest.raises(DomainError) as refused:
        gaming_day_close(actor=accountant, gaming_day=current_gaming_day(), room=home_room())
    assert refused.value.code == "day_not_over"


def test_a_day_closes_only_after_its_fees_are_counted(
    yesterday, table, quick_hand, floor_manager, cashier, accountant, dealer, chips_in_play
) -> None:
    hand = quick_hand(table, pot=40_000, fee=2000, dealer=dealer, gaming_day=yesterday)
    hand_fees_post(actor=floor_manager, hand_id=hand.pk)
    with pytest.raises(DomainError) as uncounted:
        gaming_day_close(actor=accountant, gaming_day=yesterday, room=home_room())
    assert uncounted.value.code == "drop_not_counted"
    count = drop_count_start(actor=floor_manager, table_id=table.pk, gaming_day=yesterday, shift=3)
    with pytest.raises(DomainError) as pending:
        gaming_day_close(actor=accountant, gaming_day=yesterday, room=home_room())
    assert pending.value.code == "counts_pending"
    for who in (floor_manager, cashier):
        drop_tally_record(actor=who, count_id=count.pk, chips={chips_in_play[1000]: 2})
    close = gaming_day_close(actor=accountant, gaming_day=yesterday, note="all counted", room=home_room())
    assert (close.hands, close.fees, close.counted, close.variance) == (1, 2000, 2000, 0)


def test_a_closed_day_accepts_no_new_records(yesterday, table, quick_hand, floor_manager, accountant, dealer) -> None:
    gaming_day_close(actor=accountant, gaming_day=yesterday, room=home_room())
    with pytest.raises(DomainError) as closed:
        check_gaming_day_open(yesterday, room_id=home_room().pk)
    assert (closed.value.code, closed.value.status) == ("gaming_day_closed", 409)
    late = quick_hand(table, pot=40_000, fee=2000, dealer=dealer, gaming_day=yesterday)
    with pytest.raises(DomainError) as refused:
        hand_fees_post(actor=floor_manager, hand_id=late.pk)
    assert refused.value.code == "gaming_day_closed"
    assert not FeeCharge.objects.exists()
    with pytest.raises(DomainError):
        drop_count_start(actor=floor_manager, table_id=table.pk, gaming_day=yesterday, shift=1)


def test_a_correction_of_a_closed_day_is_dated_today_and_references_it(
    yesterday, table, quick_hand, floor_manager, cashier, accountant, dealer, chips_in_play
) -> None:
    hand = quick_hand(table, pot=40_000, fee=2000, dealer=dealer, gaming_day=yesterday)
    hand_fees_post(actor=floor_manager, hand_id=hand.pk)
    _count(table, yesterday, floor_manager, cashier, chips_in_play, 2)
    gaming_day_close(actor=accountant, gaming_day=yesterday, room=home_room())
    fill_tray(table.pk, chips_in_play[1000], 10_000, floor_manager)
    Hand.objects.filter(pk=hand.pk).update(status=HandStatus.VOIDED)
    hand_fees_post(actor=floor_manager, hand_id=hand.pk)
    original = FeeCharge.objects.get(hand_id=hand.pk, reverses__isnull=True)
    reversal = FeeCharge.objects.get(reverses=original)
    assert (original.gaming_day, reversal.gaming_day) == (yesterday, current_gaming_day())
    assert GamingDayClose.objects.get().fees == 2000  # the closed day's figures stay as signed off


def test_no_time_charge_falls_in_a_closed_day(
    yesterday, open_table, club_poker, seat, past_version, floor_manager, accountant
) -> None:
    table = open_table(club_poker)
    start, _end = gaming_day_bounds(yesterday)
    past_version(table=table, effective_from=start, amount_per_hour=1000)
    seat(table, since=start + timedelta(hours=20))
    gaming_day_close(actor=accountant, gaming_day=yesterday, room=home_room())
    time_charges_create(actor=floor_manager)
    days = set(TimeCharge.objects.values_list("gaming_day", flat=True))
    assert days == {current_gaming_day()}


def test_a_day_is_closed_in_one_room_by_its_accountants(accountant, vilnius, api_for, chips_in_play) -> None:
    """A close is a room's: the group's accountant names the room, another room's accountant is refused, and
    the other room's same day stays open for its records."""
    from django.db import transaction

    from config.roles import Role
    from ledger.models import AccountKind, Reason
    from ledger.services.accounts import singleton_accounts
    from ledger.services.posting import chip_legs, post_entry
    from tests.factories import UserFactory

    group = UserFactory(roles=[Role.ACCOUNTANT], rooms=[None])
    day = current_gaming_day(room=vilnius) - timedelta(days=1)
    unnamed = _close(api_for(group), day)
    assert (unnamed.status_code, unnamed.json()["error"]["code"]) == (400, "room_required"), unnamed.json()
    theirs = api_for(accountant).post(
        reverse("api:gaming_day_close"),
        {"gaming_day": day.isoformat(), "room_id": vilnius.pk},
        HTTP_IDEMPOTENCY_KEY=key(),
    )
    assert (theirs.status_code, theirs.json()["error"]["code"]) == (403, "not_your_room")
    closed = api_for(group).post(
        reverse("api:gaming_day_close"),
        {"gaming_day": day.isoformat(), "room_id": vilnius.pk},
        HTTP_IDEMPOTENCY_KEY=key(),
    )
    assert closed.status_code == 201, closed.json()
    assert gaming_day_is_closed(day, room_id=vilnius.pk)
    assert not gaming_day_is_closed(day, room_id=home_room().pk)
    with pytest.raises(DomainError) as refused:
        check_gaming_day_open(day, room_id=vilnius.pk)
    assert refused.value.code == "gaming_day_closed"
    ids = singleton_accounts(AccountKind.VAULT, AccountKind.OUTSTANDING, room_id=home_room().pk)
    with transaction.atomic():  # the home room's same day takes entries
        entry = post_entry(
            actor=UserFactory(roles=[Role.ADMIN]),
            room=home_room(),
            reason=Reason.ADJUSTMENT,
            legs=chip_legs(
                source=ids[AccountKind.VAULT], target=ids[AccountKind.OUTSTANDING], amounts={chips_in_play[1000]: 1000}
            ),
            at=gaming_day_bounds(day)[0] + timedelta(hours=1),
        )
    assert (entry.room, entry.gaming_day) == (home_room(), day)
    listed = api_for(group).get(reverse("api:gaming_day_list"), {"room": vilnius.pk}).json()
    assert [(row["gaming_day"], row["closed"] is not None) for row in listed][1] == (day.isoformat(), True)
    assert api_for(accountant).get(reverse("api:gaming_day_list"), {"room": vilnius.pk}).status_code == 403
    ours = api_for(accountant).get(reverse("api:gaming_day_list")).json()
    assert [(row["gaming_day"], row["closed"]) for row in ours][1] == (day.isoformat(), None)
