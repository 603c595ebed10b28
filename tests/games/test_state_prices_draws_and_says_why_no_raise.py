"""What the dealer's screen is sent: the price of a card bought at the Club Poker draw, why a seat may not bet or
raise (a player who drew may only check, call or fold: club-poker.md), and pots that add up to the pot shown."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from games import services as hands
from games.engine import Hand
from games.engine.autoplay import AutoPlayer
from games.services.state import no_raise_code, state_payload
from tests.games.helpers import act, ev, record

pytestmark = pytest.mark.django_db


def _state(api: Any, hand_id: int) -> dict[str, Any]:
    response = api.get(f"/api/v1/hands/{hand_id}/state/")
    assert response.status_code == 200
    state: dict[str, Any] = response.json()
    return state


def test_club_poker_state_prices_a_card_and_says_a_player_who_drew_may_not_bet(api_for, dealer, club_table):
    api = api_for(dealer)
    hand = hands.hand_start(actor=dealer, table_id=club_table.pk).hand
    record(dealer, hand, ev("deal"), act(1, "check"), act(2, "bet", 2000), act(3, "fold"), act(1, "call"))
    state = _state(api, hand.pk)
    assert state["next"] == "draw" and state["to_act"] == 1
    assert state["card_price"] == "1000"  # the ante: one card costs one ante, into the bank
    assert {s["seat"]: s["drew"] for s in state["seats"]} == {1: -1, 2: -1, 3: -1}
    record(dealer, hand, ev("draw", seat=1, discards="????", cards="????"), ev("draw", seat=2, discards="", cards=""))
    state = _state(api, hand.pk)
    assert {s["seat"]: s["drew"] for s in state["seats"]} == {1: 2, 2: 0, 3: -1}
    legal = state["legal"]
    assert legal["seat"] == 1 and legal["raise_kind"] is None and legal["no_raise_code"] == "drew"
    assert "after buying cards" in legal["no_raise_reason"]
    record(dealer, hand, act(1, "check"))
    legal = _state(api, hand.pk)["legal"]
    # Seat 2 stood pat: it may bet.
    assert legal["seat"] == 2 and legal["raise_kind"] == "bet" and legal["no_raise_code"] == ""


def test_holdem_has_no_card_price(api_for, dealer, holdem_table):
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    assert _state(api_for(dealer), hand.pk)["card_price"] == "0"


@pytest.mark.parametrize(
    ("reason", "code"),
    [
        ("", ""),
        ("seat 2 cannot raise: every opponent is all-in", "opponents_all_in"),
        ("seat 2 cannot raise: a call of 500 takes every chip", "call_takes_all"),
        ("seat 2 cannot raise: the betting was not reopened (the bet is 900; ...)", "not_reopened"),
        ("seat 2 cannot raise: the betting is capped at 4000 (a bet and 3 raises)", "capped"),
        ("seat 2 cannot bet or raise: after buying cards a player may only play on", "drew"),
        ("something new", "other"),
    ],
)
def test_each_engine_reason_has_a_code(reason, code):
    assert no_raise_code(reason) == code


def _pots_add_up(hand_row, state: Hand) -> None:
    payload = state_payload(hand_row, state)
    if payload["result"] is None:
        assert sum(p["amount"] for p in payload["pots"]) == payload["pot_total"], payload["pots"]


@pytest.mark.parametrize("seed", range(12))
def test_the_pots_sent_add_up_to_the_pot_total_at_every_step(dealer, hand_table, holdem, club_poker, seed):
    game = holdem if seed % 2 else club_poker
    table = hand_table(game, dealer, players=4, stack=20_000)
    # Uneven stacks so that all-ins make side pots.
    hand_table.sit(table, 5, 3_000)
    player = AutoPlayer(seed)
    started = hands.hand_start(actor=dealer, table_id=table.pk)
    state, hand = started.state, started.hand
    _pots_add_up(hand, state)
    while not state.is_over:
        state = hands.hand_event_record(
            actor=dealer,
            hand_id=hand.pk,
            seq=state.seq,
            client_event_id=uuid.uuid4().hex,
            event=player.next_event(state),
        ).state
        _pots_add_up(hand, state)
