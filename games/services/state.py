"""The engine state of a hand: rebuilt from its log, cached per process, shown as plain data.

The cache maps a hand id to ``(seq, engine hand)``. An entry is used only
when its ``seq`` equals the ``seq`` of the hand row the caller has locked,
and every entry is stored only once the transaction that read or wrote it
commits, so a state that was rolled back is never served. The log is append-only, so
a hand's state at a given ``seq`` never changes: two gunicorn workers
holding different entries are both right or both miss.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from games.engine import Event, Game, Hand, Phase, event_from_dict, replay
from games.engine.cards import cards_str
from games.models import Hand as HandRow
from games.models import HandEvent
from games.models.setup import setup_from_dict

CACHE_SIZE = 512


@dataclass(frozen=True, slots=True)
class Head:
    """Columns of a hand row fixed at insert (a trigger refuses any change): what the event path
    shows besides the engine state, so a cached hand needs no read of its row."""

    hand_id: int
    table_id: int
    number: int
    revision: int

    @classmethod
    def of(cls, hand: HandRow) -> Head:
        return cls(hand.pk, hand.table_id, hand.number, hand.revision)


_cache: OrderedDict[int, tuple[int, Hand, Head]] = OrderedDict()
_lock = threading.Lock()


def _cached(hand_id: int, seq: int) -> Hand | None:
    with _lock:
        hit = _cache.get(hand_id)
        if hit is None or hit[0] != seq:
            return None
        _cache.move_to_end(hand_id)
        return hit[1]


def _store(head: Head, state: Hand) -> None:
    with _lock:
        known = _cache.get(head.hand_id)
        if known is not None and known[0] > state.seq:
            return  # a later state of the same log is already here (another thread of this worker)
        _cache[head.hand_id] = (state.seq, state, head)
        _cache.move_to_end(head.hand_id)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def remember_on_commit(hand: HandRow, state: Hand) -> None:
    """Cache ``state`` once the surrounding transaction commits (never a rolled-back state)."""
    head = Head.of(hand)
    transaction.on_commit(lambda: _store(head, state))


def cache_clear() -> None:
    with _lock:
        _cache.clear()


def engine_events(hand_id: int, since: int = 0, until: int | None = None) -> list[Event]:
    rows = HandEvent.objects.filter(hand_id=hand_id, seq__gte=since)
    if until is not None:
        rows = rows.filter(seq__lt=until)
    return [event_from_dict(data) for data in rows.order_by("seq").values_list("data", flat=True)]


def engine_state(hand: HandRow) -> Hand:
    """The engine state after the hand's ``seq`` events: from the cache, else replayed from the log."""
    state = _cached(hand.pk, hand.seq)
    if state is not None:
        return state
    state = replay(setup_from_dict(hand.setup), engine_events(hand.pk))
    if state.seq == hand.seq:
        remember_on_commit(hand, state)
    return state


def committed_state(hand_id: int, seq: int) -> tuple[Head, Hand] | None:
    """The state after the first ``seq`` events of the committed log, without locking anything.

    From the cache when it holds ``seq``; when it holds an earlier state of
    the hand, only the events since are read and applied (two gunicorn
    workers take turns on one hand, so each sees every other event); else the
    setup and the log are read. None when the log has fewer than ``seq``
    committed events (the caller's sequence is ahead, or a writer has not
    committed yet) or the hand is unknown: the caller then takes the locked
    path, which says why. The log is append-only and an event's ``seq`` is
    unique in its hand, so the first ``seq`` committed events never change:
    the state returned is the one any later reader under the row lock would
    rebuild, as long as the hand row is still at ``seq`` when it is written.
    """
    with _lock:
        hit = _cache.get(hand_id)
        if hit is not None and hit[0] <= seq:
            _cache.move_to_end(hand_id)
    if hit is not None and hit[0] == seq:
        return hit[2], hit[1]
    if hit is not None and hit[0] < seq:
        cached_seq, state, head = hit
        events = engine_events(hand_id, since=cached_seq, until=seq)
    else:
        row = HandRow.objects.filter(pk=hand_id).only("table_id", "number", "revision", "setup").first()
        if row is None:
            return None
        head, state = Head.of(row), Hand.start(setup_from_dict(row.setup))
        events = engine_events(hand_id, until=seq)
    for event in events:
        state = state.apply(event)
    if state.seq != seq:
        return None
    # In autocommit this stores at once; inside a transaction only if it commits
    # (SQLite may give a rolled-back hand's id to the next hand).
    transaction.on_commit(lambda: _store(head, state))
    return head, state


def pot_in_middle(state: Hand) -> int:
    """Chips in the pots now (bets of the current round and a carried bank included)."""
    if state.result is not None:
        return sum(p.amount for p in state.result.pots)
    return sum(state.totals) + state.setup.carried


def _presets(state: Hand) -> dict[str, int] | None:
    """Amount buttons of the dealer's screen: minimum raise, half pot, pot, all-in, each within the legal range."""
    legal = state.legal_actions()
    if legal is None or legal.raise_kind is None:
        return None
    unit = state.setup.chip_unit
    facing = legal.call_amount + state.committed(legal.seat)
    pot_after_call = pot_in_middle(state) + legal.call_amount

    def clamp(to: int) -> int:
        to -= to % unit
        return max(legal.min_to, min(legal.max_to, to))

    return {
        "min": legal.min_to,
        "half_pot": clamp(facing + pot_after_call // 2),
        "pot": clamp(facing + pot_after_call),
        "all_in": legal.max_to,
    }


# Why a seat may not bet or raise, as a code the dealer's screen puts in the room's words; matched on the
# engine's reasons (``games.engine.betting._no_raise_reason``), which a test of the screen pins.
_NO_RAISE_CODES = (
    ("every opponent is all-in", "opponents_all_in"),
    ("takes every chip", "call_takes_all"),
    ("was not reopened", "not_reopened"),
    ("is capped", "capped"),
    ("after buying cards", "drew"),
)


def no_raise_code(reason: str) -> str:
    """``""`` when the seat may bet or raise; else a code of ``_NO_RAISE_CODES``, or ``other``."""
    if not reason:
        return ""
    return next((code for marker, code in _NO_RAISE_CODES if marker in reason), "other")


def _legal(state: Hand) -> dict[str, Any] | None:
    legal = state.legal_actions()
    if legal is None:
        return None
    return {
        "seat": legal.seat,
        "kinds": [str(k) for k in legal.kinds],
        "call_amount": legal.call_amount,
        "can_check": legal.can_check,
        "raise_kind": None if legal.raise_kind is None else str(legal.raise_kind),
        "min_to": legal.min_to,
        "max_to": legal.max_to,
        "all_in_to": legal.all_in_to,
        "no_raise_reason": legal.no_raise_reason,
        "no_raise_code": no_raise_code(legal.no_raise_reason),
        "presets": _presets(state),
    }


def _seats(state: Hand, names: dict[int, str]) -> list[dict[str, Any]]:
    rows = []
    for i, seat in enumerate(state.seats):
        rows.append(
            {
                "seat": seat,
                "name": names.get(seat, ""),
                "start_stack": state.start_stacks[i],
                "stack": state.stacks[i],
                "bet": state.bets[i],
                "committed": state.totals[i],
                "folded": state.folded[i],
                "all_in": state.stacks[i] == 0 and not state.folded[i],
                "cards": cards_str(state.holes[i]),
                "drew": state.drew[i],
            }
        )
    return rows


def next_step(state: Hand) -> str:
    """What the dealer enters next, in words the screen shows."""
    phase = state.phase
    if phase is Phase.DEAL:
        return "deal"
    if phase is Phase.BETTING:
        return "action"
    if phase is Phase.BOARD:
        return "board"
    if phase is Phase.DRAW:
        return "draw"
    if phase is Phase.SHOWDOWN:
        return "showdown"
    if phase is Phase.TIE:
        return "tie"
    return "none"


def state_payload(hand: HandRow, state: Hand, *, names: dict[int, str] | None = None) -> dict[str, Any]:
    """Everything the dealer's screen needs to draw the hand and offer only what is legal."""
    setup = state.setup
    known = [c for c in state.known_cards if c >= 0]
    small = state.seats[state.small_blind_index] if state.small_blind_index >= 0 else None
    big = state.seats[state.big_blind_index] if state.big_blind_index >= 0 else None
    return {
        "hand_id": hand.pk,
        "table_id": hand.table_id,
        "number": hand.number,
        "revision": hand.revision,
        "status": hand.status,
        "seq": state.seq,
        "game": str(setup.game),
        "structure": str(setup.structure),
        "phase": str(state.phase),
        "street": state.street_name,
        "next": next_step(state),
        "to_act": state.seat_to_act,
        "button": setup.button,
        "small_blind_seat": small,
        "big_blind_seat": big,
        "seat_count": setup.seat_count,
        # Club Poker: what one card bought at the draw costs (the ante, paid into the bank); 0 at Hold'em.
        "card_price": setup.ante if setup.game is Game.CLUB_POKER else 0,
        "seats": _seats(state, names or {}),
        "sitting_out": [
            {"seat": seat, "name": (names or {}).get(seat, ""), "stack": setup.stacks.get(seat, 0)}
            for seat in sorted(setup.sitting_out)
        ],
        "deal_order": list(state.deal_order()),
        "board": cards_str(state.board),
        "board_due": state.board_due,
        "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in state.pots()],
        "pot_total": pot_in_middle(state),
        "legal": _legal(state),
        "showdown_pending": list(state.showdown_pending()),
        "may_muck": [seat for seat in state.showdown_pending() if state.may_muck(seat)],
        "can_misdeal": state.can_misdeal,
        "tied_seats": list(state.tied_seats) if state.phase is Phase.TIE else [],
        "can_undo": state.can_undo and not state.is_over,
        "used_cards": cards_str(known),
        "notes": list(state.notes),
        "result": None if state.result is None else state.result.to_dict(),
    }
