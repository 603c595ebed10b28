"""Case 60 through the dealer's API: the part of an ante nobody matched goes back to its owner, and
the fee posted to the drop box is taken only on the chips two players contested."""

from __future__ import annotations

from games.models import Hand, HandStatus
from rake.models import FeeCharge
from tables.models import GameKind, Structure
from tables.services import game_create
from tests.factories import home_room
from tests.games.helpers import ev
from tests.rake.helpers import assert_fee_invariants, drop_box, stock_chips


def test_club_table_ante_10000_a_player_all_in_for_3000_posts_a_fee_of_300(api_for, dealer, floor_manager, hand_table):
    stock_chips()
    game = game_create(
        actor=floor_manager,
        name="Club Poker 10,000",
        kind=GameKind.CLUB_POKER,
        structure=Structure.POT_OR_NO_LIMIT,
        ante=10_000,
        min_buy_in=1_000,
        max_buy_in=500_000,
        seat_limit=6,
        room=home_room(),
    )
    table = hand_table(game, dealer, players=0)
    hand_table.sit(table, 1, 100_000)
    hand_table.sit(table, 2, 3_000)
    api = api_for(dealer)
    started = api.post("/api/v1/hands/start/", {"table_id": table.pk}, format="json")
    assert started.status_code == 201, started.json()
    body = started.json()
    events = [
        ev("deal", holes={"1": "AsAhAdKsQs", "2": "2c4c6d9sTs"}),
        ev("draw", seat=1, discards="", cards=""),
        ev("draw", seat=2, discards="", cards=""),
        ev("show", seat=1, cards="AsAhAdKsQs"),
        ev("show", seat=2, cards="2c4c6d9sTs"),
    ]
    seq, url = body["seq"], f"/api/v1/hands/{body['hand_id']}/events/"
    for k, event in enumerate(events):
        answer = api.post(url, {"seq": seq, "client_event_id": f"e{k}", "event": event}, format="json")
        assert answer.status_code in (200, 201), answer.json()
        seq += 1
    hand = Hand.objects.get(pk=body["hand_id"])
    assert hand.status == HandStatus.COMPLETE
    # 3,000 matched by each: a bank of 6,000, 5% is 300; seat 1's other 7,000 of the ante go back.
    assert (hand.pot, hand.fee) == (6_000, 300)
    assert hand.result.data["returned"] == [[1, 7_000]]
    assert FeeCharge.objects.get(hand=hand).fee == 300
    assert drop_box(table.pk) == 300
    assert hand.result.data["final_stacks"] == {"1": 100_000 + 3_000 - 300, "2": 0}
    assert_fee_invariants()
