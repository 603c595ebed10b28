"""The dealer's screen offers Misdeal (R18), Show and Muck (R17, R14, case 58) exactly when the engine takes them.

The screen draws only what the state it is sent allows (``can_misdeal``,
``showdown_pending``, ``may_muck``); these tests hold that state against the
engine's answer, and post the offered and the withheld events through the API.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.urls import reverse

from games.engine import EngineError, Event, Hand, Misdeal, Muck, Show
from games.engine.cards import UNKNOWN
from games.models import Hand as HandRow
from games.models import HandStatus
from games.services.state import engine_state
from tests.games.helpers import HOLDEM_HAND, act, ev


class Screen:
    """The dealer's device: posts events at the sequence of the last state it was sent."""

    def __init__(self, client: Any, table_id: int) -> None:
        self.client = client
        started = client.post(reverse("api:games-hand-start"), {"table_id": table_id}, format="json")
        assert started.status_code == 201
        self.state: dict[str, Any] = started.json()

    def post(self, event: dict[str, Any], status: int = 201) -> dict[str, Any]:
        body = {"seq": self.state["seq"], "client_event_id": uuid.uuid4().hex, "event": event}
        response = self.client.post(reverse("api:games-hand-event", args=[self.state["hand_id"]]), body, format="json")
        assert response.status_code == status, response.json()
        if status == 201:
            self.state = response.json()["state"]
        return dict(response.json())

    def refused(self, event: dict[str, Any]) -> str:
        return str(self.post(event, status=400)["error"]["code"])


def _accepted(state: Hand, event: Event) -> bool:
    try:
        state.apply(event)
    except EngineError:
        return False
    return True


def _show(state: Hand, seat: int) -> Show:
    """The seat's cards as it would table them: those entered, unused cards for the unknown ones."""
    used = {c for c in state.known_cards if c != UNKNOWN}
    fresh = (c for c in range(52) if c not in used)
    return Show(seat, tuple(next(fresh) if c == UNKNOWN else c for c in state.hole_cards(seat)))


def _assert_offers_match_the_engine(screen: Screen) -> None:
    """What the screen is sent to offer, seat by seat, against the engine's answer on the stored log."""
    state = engine_state(HandRow.objects.get(pk=screen.state["hand_id"]))
    offered = screen.state
    assert offered["can_misdeal"] == _accepted(state, Misdeal("dealer error"))
    for seat in state.seats:
        assert (seat in offered["may_muck"]) == _accepted(state, Muck(seat)), seat
        assert (seat in offered["showdown_pending"]) == _accepted(state, _show(state, seat)), seat


def test_r18_misdeal_is_offered_until_substantial_action_and_refused_after(api_for, dealer, holdem_table):
    screen = Screen(api_for(dealer), holdem_table.pk)
    assert screen.state["can_misdeal"]
    for event in (ev("deal"), act(3, "call")):
        screen.post(event)
        assert screen.state["can_misdeal"]
        _assert_offers_match_the_engine(screen)
    screen.post(act(1, "call"))  # two actions putting chips in: substantial (R18)
    assert not screen.state["can_misdeal"]
    _assert_offers_match_the_engine(screen)
    assert screen.refused(ev("misdeal", reason="card exposed")) == "misdeal_refused"


def test_r18_an_offered_misdeal_is_taken(api_for, dealer, holdem_table):
    screen = Screen(api_for(dealer), holdem_table.pk)
    screen.post(ev("deal"))
    screen.post(ev("misdeal", reason="card exposed"))
    assert screen.state["status"] == HandStatus.MISDEAL and not screen.state["can_misdeal"]


def test_case_58_r17_all_in_before_the_flop_the_screen_offers_the_shows_with_the_board(api_for, dealer, holdem_table):
    screen = Screen(api_for(dealer), holdem_table.pk)
    screen.post(ev("deal", holes={"2": "KhKd"}))
    for event in (act(3, "raise", 100_000), act(1, "fold"), act(2, "call")):
        screen.post(event)
    offered = screen.state
    assert offered["next"] == "board" and offered["board_due"] == 3
    assert offered["showdown_pending"] == [3, 2] and offered["may_muck"] == [3, 2] and not offered["can_misdeal"]
    _assert_offers_match_the_engine(screen)
    screen.post(ev("show", seat=2, cards="KhKd"))
    assert screen.state["next"] == "board" and screen.state["showdown_pending"] == [3]
    _assert_offers_match_the_engine(screen)
    screen.post(ev("board", cards="2s7c9d"))
    screen.post(ev("show", seat=3, cards="AsQs"))
    screen.post(ev("board", cards="Jh"))
    screen.post(ev("board", cards="3c"))
    assert screen.state["status"] == HandStatus.COMPLETE
    assert screen.state["result"]["pots"][0]["winners"] == [2]


def test_case_58_muck_is_offered_to_the_player_asked_and_to_a_beaten_player_only(api_for, dealer, holdem_table):
    screen = Screen(api_for(dealer), holdem_table.pk)
    showdown = HOLDEM_HAND[:-2]  # checked on the river: seat 2 is asked to show first (R17)
    for event in showdown:
        screen.post(event)
    assert screen.state["to_act"] == 2 and screen.state["showdown_pending"] == [2, 3]
    assert screen.state["may_muck"] == [2]
    _assert_offers_match_the_engine(screen)
    assert screen.refused(ev("muck", seat=3)) == "not_beaten"
    screen.post(ev("show", seat=2, cards="KhKd"))  # kings beat seat 3's ace-queen
    assert screen.state["may_muck"] == [3]
    _assert_offers_match_the_engine(screen)
    screen.post(ev("muck", seat=3))
    assert screen.state["status"] == HandStatus.COMPLETE and screen.state["result"]["shown"] == {"2": "KhKd"}


def test_case_58_a_show_out_of_turn_is_offered_and_recorded(api_for, dealer, holdem_table):
    screen = Screen(api_for(dealer), holdem_table.pk)
    for event in HOLDEM_HAND[:-2]:
        screen.post(event)
    screen.post(ev("show", seat=3, cards="AsQs"))  # seat 2 was asked first
    assert screen.state["to_act"] == 2 and screen.state["showdown_pending"] == [2]
    assert screen.state["may_muck"] == [2]
    screen.post(ev("show", seat=2, cards="KhKd"))
    assert screen.state["status"] == HandStatus.COMPLETE
