"""seed_demo records a few completed hands at the demo tables, once."""

from __future__ import annotations

from config.demo import seed_demo
from games.models import Hand, HandStatus


def test_seed_demo_records_hands_once(db):
    seed_demo()
    hands = Hand.objects.all()
    assert hands.count() >= 6
    assert set(hands.values_list("status", flat=True)) <= {HandStatus.COMPLETE, HandStatus.MISDEAL}
    count = hands.count()
    assert not [line for line in seed_demo() if line.startswith("demo hand")]
    assert Hand.objects.count() == count
