"""Club Poker: draws paid into the bank, a tie split by agreement, a tie carried into a linked replay hand."""

from __future__ import annotations

from django.urls import reverse

from games import services as hands
from games.engine import Pot
from games.models import Hand, HandStatus, PotAward, SeatStack, StackKind
from games.models.setup import setup_from_dict
from tests.games.helpers import CLUB_BANK, CLUB_REPLAY, CLUB_TO_TIE, ev, record


def _final(hand):
    return {r.seat_number: r.stack for r in SeatStack.objects.filter(hand=hand, kind=StackKind.HAND)}


def test_tie_agreed_split_shares_the_bank_after_the_fee(dealer, club_table):
    hand = hands.hand_start(actor=dealer, table_id=club_table.pk).hand
    state = record(dealer, hand, *CLUB_TO_TIE).state
    assert state.phase == "tie" and state.tied_seats == (1, 2)
    record(dealer, hand, ev("agree_split"))
    hand.refresh_from_db()
    assert hand.status == HandStatus.COMPLETE
    fee = CLUB_BANK * 5 // 100
    assert (hand.pot, hand.fee) == (CLUB_BANK, fee)
    pots = list(PotAward.objects.filter(hand=hand))
    # The engine layers card fees like antes: seat 1's 2000 for cards forms a pot only seat 1 can win.
    assert pots[0].winners == [1, 2] and all(set(p.winners) <= {1, 2} for p in pots)
    assert sum(p.amount for p in pots) == CLUB_BANK and sum(p.fee for p in pots) == fee
    assert sum(sum(p.shares) for p in pots) == CLUB_BANK - fee
    assert hand.result.tie == "split"
    stacks = _final(hand)
    assert stacks[3] == 99_000  # the ante only
    assert sum(stacks.values()) + fee == 300_000


def test_tie_replayed_links_the_replay_hand_and_charges_the_fee_once(dealer, club_table):
    first = hands.hand_start(actor=dealer, table_id=club_table.pk).hand
    record(dealer, first, *CLUB_TO_TIE)
    done = record(dealer, first, ev("replay"))
    first.refresh_from_db()
    assert first.status == HandStatus.COMPLETE
    pots = list(PotAward.objects.filter(hand=first))
    carried = sum(p.amount for p in pots if p.carried)
    assert carried and all(p.fee == 0 for p in pots if p.carried)  # a carried bank is not charged here
    replay = Hand.objects.get(replay_of=first)
    assert done.replay_hand == replay
    assert replay.status == HandStatus.OPEN and replay.number == first.number + 1
    assert sorted(replay.seats.values_list("seat_number", flat=True)) == [1, 2]
    assert replay.setup["carried_banks"] == [[carried, [1, 2]]]

    record(dealer, replay, *CLUB_REPLAY)
    replay.refresh_from_db()
    bank = carried + 2000
    assert replay.status == HandStatus.COMPLETE
    assert (replay.pot, replay.fee) == (bank, bank * 5 // 100)  # charged once, by the hand that awards it
    uncarried = [p for p in pots if not p.carried]
    assert first.fee == sum(p.amount * 5 // 100 for p in uncarried)
    final = {**_final(first), **_final(replay)}
    assert sum(final.values()) + first.fee + replay.fee == 300_000  # chips conserved across the chain
    assert sum(p.amount for p in pots) == CLUB_BANK


def test_a_replay_stored_before_banks_were_kept_apart_reads_as_one_bank_for_every_player(dealer, club_table):
    first = hands.hand_start(actor=dealer, table_id=club_table.pk).hand
    record(dealer, first, *CLUB_TO_TIE)
    record(dealer, first, ev("replay"))
    stored = dict(Hand.objects.get(replay_of=first).setup)
    banks = stored.pop("carried_banks")
    legacy = setup_from_dict({**stored, "carried": sum(amount for amount, _ in banks)})
    assert legacy.carried_banks == (Pot(banks[0][0], (1, 2)),)


def test_a_tied_hands_state_links_its_replay_as_its_page_does(dealer, club_table, api_for, client_for):
    first = hands.hand_start(actor=dealer, table_id=club_table.pk).hand
    record(dealer, first, *CLUB_TO_TIE)
    record(dealer, first, ev("replay"))
    replay = Hand.objects.get(replay_of=first)
    state = api_for(dealer).get(reverse("api:games-hand-state", args=[first.pk])).json()
    assert state["replay_hand_id"] == replay.pk
    assert (
        reverse("games:hand", args=[replay.pk])
        in client_for(dealer).get(reverse("games:hand", args=[first.pk])).content.decode()
    )
    assert api_for(dealer).get(reverse("api:games-hand-state", args=[replay.pk])).json()["replay_hand_id"] is None
