"""Rule cases F47-F54: Club Poker as club-poker.md reads the regulation."""

from __future__ import annotations

from decimal import Decimal

import pytest

from games.engine import (
    AgreeSplit,
    CardError,
    Deal,
    Draw,
    DrawError,
    Hand,
    HouseOptions,
    Phase,
    PhaseError,
    Pot,
    Replay,
    ReplayDue,
    SetupError,
    Show,
    ShowdownError,
    TurnError,
    start_replay,
)
from games.engine.events import bet, call, check, fold
from rake.engine.policies import PercentageFee
from tests.games.engine.helpers import C, board, club, dealt, holdem, play

HIGH_AKQ83_HEARTS = "AhKhQd8c3s"
HIGH_AKQ83_DIAMONDS = "AdKdQc8h3d"
TEN_HIGH = "2c4c6d9sTs"


def _tied_holes():
    return {1: TEN_HIGH, 2: HIGH_AKQ83_HEARTS, 3: HIGH_AKQ83_DIAMONDS}


def _to_showdown(hand: Hand, seats=(2, 3, 1)) -> Hand:
    """Everybody still in checks, stands pat and checks again."""
    live = [s for s in seats if hand.in_hand(s)]
    hand = play(hand, *(check(s) for s in live))
    hand = play(hand, *(Draw(s) for s in live))
    return play(hand, *(check(s) for s in live))


def _show_all(hand: Hand, holes: dict[int, str]) -> Hand:
    for seat in hand.showdown_pending():
        hand = hand.apply(Show(seat, C(holes[seat])))
    return hand


def test_case_47_a_seventh_club_poker_player_is_refused():
    with pytest.raises(SetupError, match="a Club Poker table has at most 6 seats, not 7") as refused:
        club([100] * 7, seat_count=7)
    assert refused.value.code == "too_many_seats"
    with pytest.raises(SetupError, match="seat 7 is not a seat of this 6-seat table"):
        club([100] * 7)


def test_case_48_every_player_antes_and_gets_exactly_5_cards():
    hand = Hand.start(club([100] * 3, ante=10))
    assert [hand.total_committed(s) for s in (1, 2, 3)] == [10, 10, 10]
    assert [hand.committed(s) for s in (1, 2, 3)] == [0, 0, 0]  # antes are not bets
    with pytest.raises(CardError, match="seat 1 must be dealt 5 cards, not 6") as refused:
        hand.apply(Deal({1: C("2c3c4c5c6c7c")}))
    assert refused.value.code == "wrong_card_count"
    with pytest.raises(CardError, match="seat 1 must be dealt 5 cards, not 4"):
        hand.apply(Deal({1: C("2c3c4c5c")}))
    assert dealt(club([100] * 3)).seat_to_act == 2  # the dealer's left acts first


def test_case_49_buying_k_cards_costs_k_antes_into_the_pot():
    hand = play(dealt(club([100] * 3, ante=10), _tied_holes()), check(2), check(3), check(1))
    assert hand.phase is Phase.DRAW and hand.seat_to_act == 2
    hand = play(hand, Draw(2, C("8c3s"), C("7h7s")))
    assert hand.stack(2) == 70 and hand.total_committed(2) == 30
    assert hand.hole_cards(2) == C("AhKhQd7h7s")
    assert sum(p.amount for p in hand.pots()) == 50
    assert play(hand, Draw(3), Draw(1)).street_name == "second_round"


def test_case_49_four_cards_unheld_cards_and_cards_in_play_are_refused():
    hand = play(dealt(club([100] * 3, ante=10), _tied_holes()), check(2), check(3), check(1))
    with pytest.raises(DrawError, match="seat 2 cannot buy 4 cards: at most 3") as refused:
        hand.apply(Draw(2, C("AhKhQd8c"), C("2h3h4h5h")))
    assert refused.value.code == "too_many_cards"
    with pytest.raises(DrawError, match="seat 2 does not hold 7c: its cards are AhKhQd8c3s") as refused:
        hand.apply(Draw(2, C("7c"), C("7h")))
    assert refused.value.code == "card_not_held"
    with pytest.raises(CardError, match="Ad appears twice in this hand"):
        hand.apply(Draw(2, C("3s"), C("Ad")))  # seat 3 holds it
    with pytest.raises(CardError, match="3s appears twice in this hand"):
        hand.apply(Draw(2, C("3s"), C("3s")))  # the card just handed back
    with pytest.raises(DrawError, match="seat 2 hands back 1 cards but receives 2"):
        hand.apply(Draw(2, C("3s"), C("7h7s")))
    with pytest.raises(TurnError, match="seat 3 is not to draw: seat 2 is"):
        hand.apply(Draw(3))
    later = play(hand, Draw(2, C("3s"), C("7h")))
    with pytest.raises(CardError, match="3s appears twice in this hand"):
        later.apply(Draw(3, C("3d"), C("3s")))  # a discarded card never comes back


def test_case_49_an_unpaid_draw_is_refused():
    hand = play(dealt(club({1: 100, 2: 40, 3: 100}, ante=10), _tied_holes()), bet(2, 10), call(3), call(1))
    assert hand.stack(2) == 20
    with pytest.raises(DrawError, match=r"seat 2 cannot pay for 3 cards: they cost 30 \(3 x the ante of 10\)") as ref:
        hand.apply(Draw(2, C("Qd8c3s"), C("2h3h4h")))
    assert ref.value.code == "cannot_pay_draw"
    assert play(hand, Draw(2, C("8c3s"), C("2h3h"))).stack(2) == 0


def test_case_50_folding_forfeits_ante_and_purchases_last_player_wins_without_showdown():
    hand = play(dealt(club([100] * 3, ante=10), _tied_holes()), check(2), check(3), check(1))
    hand = play(hand, Draw(2, C("8c3s"), C("7h7s")), Draw(3), Draw(1), check(2), bet(3, 10), fold(1), fold(2))
    result = hand.result
    assert result is not None and result.uncontested and result.shown == {}
    assert result.returned == ((3, 10),)
    # Seat 2's ante and the 20 it paid for two cards stay in the bank seat 3 takes.
    assert result.final_stacks == {1: 90, 2: 70, 3: 140}


def test_case_51_ranking_on_exactly_five_cards():
    hand = _to_showdown(dealt(club([100] * 3, ante=10), _tied_holes()))
    with pytest.raises(CardError, match="seat 2 shows 2 cards: a hand here is 5"):
        hand.apply(Show(2, C("AhKh")))
    holes = {1: "2c2d2h9sTs", 2: HIGH_AKQ83_HEARTS, 3: "4d5d6d7d8d"}
    hand = _show_all(_to_showdown(dealt(club([100] * 3, ante=10), holes)), holes)
    result = hand.result
    assert result is not None and result.pots[0].winners == (3,)
    assert result.descriptions[3] == "Straight flush, eight high"
    assert result.descriptions[1] == "Three of a kind, twos, ten, nine kickers"


def test_case_52_tie_agreed_split_odd_chip_to_the_first_left_of_the_dealer():
    hand = _show_all(_to_showdown(dealt(club([100] * 3, ante=5), _tied_holes())), _tied_holes())
    assert hand.phase is Phase.TIE and hand.tied_seats == (2, 3)
    result = hand.apply(AgreeSplit()).result
    assert result is not None and result.tie == "split"
    assert [(p.amount, p.winners, p.shares) for p in result.pots] == [(15, (2, 3), (8, 7))]


def _tied_bank_70(fee=None):
    setup = club([500] * 3, ante=10, fee=fee)
    hand = play(dealt(setup, _tied_holes()), bet(2, 20), call(3), fold(1))
    hand = play(hand, Draw(2), Draw(3), check(2), check(3))
    return _show_all(hand, _tied_holes())


def test_case_53_tie_replay_carries_the_bank_untouched_to_the_tied_players_fee_once():
    fee = PercentageFee(Decimal("0.05"))
    tied = play(_tied_bank_70(fee), Replay())
    first = tied.result
    assert first is not None and first.tie == "replay" and first.fees == 0
    assert first.replay == ReplayDue(seats=(2, 3), carried=70, banks=(Pot(70, (2, 3)),))
    assert first.pots[0].carried and first.pots[0].shares == ()
    assert first.final_stacks == {1: 490, 2: 470, 3: 470}
    tied.check_chips()
    again = start_replay(tied)
    assert again.seats == (2, 3) and again.setup.carried == 70
    assert [(p.amount, p.eligible) for p in again.pots()] == [(90, (2, 3))]
    holes = {2: "AsAhAdAc2d", 3: "KsKhKdKc2h"}
    again = play(again.apply(Deal({s: C(c) for s, c in holes.items()})), check(2), check(3), Draw(2), Draw(3))
    final = _show_all(play(again, check(2), check(3)), holes)
    second = final.result
    assert second is not None and second.fees == 4  # 5% of the whole bank of 90, charged once
    assert second.final_stacks == {2: 460 + 86, 3: 460}
    assert 490 + sum(second.final_stacks.values()) + first.fees + second.fees == 1500


def test_case_54_a_replay_that_ties_again_chains_and_conserves_chips():
    chain = [play(_tied_bank_70(), Replay())]
    holes = {2: HIGH_AKQ83_HEARTS, 3: HIGH_AKQ83_DIAMONDS}
    for outcome in (Replay(), AgreeSplit()):
        hand = start_replay(chain[-1]).apply(Deal({s: C(c) for s, c in holes.items()}))
        hand = play(hand, check(2), check(3), Draw(2), Draw(3), check(2), check(3))
        chain.append(play(_show_all(hand, holes), outcome))
    assert chain[1].result.replay == ReplayDue(seats=(2, 3), carried=90, banks=(Pot(90, (2, 3)),))  # type: ignore[union-attr]
    last = chain[-1].result
    assert last is not None and last.tie == "split"
    assert [(p.amount, p.shares) for p in last.pots] == [(110, (55, 55))]
    assert 490 + sum(last.final_stacks.values()) == 1500
    for hand in chain:
        hand.check_chips()


def test_a_split_without_a_tie_is_refused():
    hand = _to_showdown(dealt(club([100] * 3, ante=5), _tied_holes()))
    with pytest.raises(PhaseError, match="there is no tie to resolve: showdown on the second_round, seat 2 to show"):
        hand.apply(AgreeSplit())


def test_only_the_tie_modes_the_table_allows():
    house = HouseOptions(club_tie_modes=frozenset({"split"}))
    setup = club([100] * 3, ante=5, house=house)
    hand = _show_all(_to_showdown(dealt(setup, _tied_holes())), _tied_holes())
    with pytest.raises(ShowdownError, match=r"this table does not allow a tie to end in a replay \(allowed: split\)"):
        hand.apply(Replay())


def test_after_buying_cards_a_player_may_only_check_call_or_fold():
    hand = play(dealt(club([100] * 3, ante=10), _tied_holes()), check(2), check(3), check(1))
    hand = play(hand, Draw(2, C("3s"), C("7h")), Draw(3), Draw(1))
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 2 and legal.raise_kind is None
    assert "after buying cards a player may only play on (call or check) or fold" in legal.no_raise_reason
    with pytest.raises(Exception, match="seat 2 cannot bet or raise"):
        hand.apply(bet(2, 10))
    hand = play(hand, check(2), bet(3, 10))
    assert hand.legal_actions().call_amount == 10  # type: ignore[union-attr]
    assert hand.legal_actions().raise_kind is not None  # type: ignore[union-attr]  # seat 1 stood pat


def test_house_option_lets_a_player_who_bought_cards_bet():
    setup = club([100] * 3, ante=10, house=HouseOptions(club_drawn_may_raise=True))
    hand = play(dealt(setup, _tied_holes()), check(2), check(3), check(1), Draw(2, C("3s"), C("7h")), Draw(3))
    assert play(hand, Draw(1)).legal_actions().raise_kind is not None  # type: ignore[union-attr]


def test_club_poker_has_no_board_and_holdem_no_draw():
    hand = play(dealt(club([100] * 3)), check(2), check(3), check(1))
    with pytest.raises(PhaseError, match="Club Poker has no board"):
        hand.apply(board("2c3c4c"))
    holdem_hand = dealt(holdem([100] * 3))
    with pytest.raises(PhaseError, match="Hold'em has no draw"):
        holdem_hand.apply(Draw(1))


def test_club_poker_setup_refuses_blinds():
    with pytest.raises(SetupError, match="Club Poker has antes only"):
        club([100] * 3, small_blind=1, big_blind=2)
