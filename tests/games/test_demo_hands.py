"""seed_demo records a few completed hands at the demo tables of both rooms, once, and books their fees."""

from __future__ import annotations

from config.demo import seed_demo
from games.models import Hand, HandStatus
from games.selectors.chip_float import chip_float, chip_float_json
from ledger.selectors.balances import ledger_check
from rake.models import PendingFee
from rooms.models import Room


def test_seed_demo_records_hands_in_both_rooms_once(db):
    seed_demo()
    hands = Hand.objects.all()
    for room in Room.objects.all():
        assert hands.filter(table__room=room).count() >= 3, room.code
        assert ledger_check(room_id=room.pk).ok, room.code
    assert set(hands.values_list("status", flat=True)) <= {HandStatus.COMPLETE, HandStatus.MISDEAL}
    assert not PendingFee.objects.exists()  # every fee found chips to post
    count = hands.count()
    assert not [line for line in seed_demo() if line.startswith("demo hand")]
    assert Hand.objects.count() == count


def test_the_demo_rooms_chip_floats_balance(db):
    seed_demo()
    for room in Room.objects.all():
        chips = chip_float(room=room)
        assert chips.balanced, chip_float_json(chips)
        assert chips.at_tables > 0 and chips.drop_boxes > 0, chip_float_json(chips)
