"""A lean replay of plain no-limit hold'em hand histories, for summaries that need no ``Hand``.

``python -m games.engine replay`` prints each hand's final stacks, pots and
warnings, nothing else of the hand. Building the engine's ``Hand`` for that
(a validated setup, a state with its log and effective actions, a result
with its descriptions) was most of the command's time on real files, where
pokerkit is the yardstick. Most real hands are plain: no-limit hold'em,
blinds only, every action in its turn, chips in whole minor units.
``summarize`` replays such a hand on a few lists by the engine's rules (each
step names the engine function it follows) and gives up, returning None, on
anything else: another variant, antes, a straddle or an extra post, the
engine's own ``_`` fields, a player left out of the actions, a refusal of any
kind. The hand then goes to the engine, which replays it or names what is
wrong. ``tests/games/engine/test_phh_plain.py`` holds both replays to the
same output on every hand of the real files and on hands changed to reach
the rules' corners.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, NamedTuple

from games.engine.cards import UNKNOWN, add_known
from games.engine.errors import EngineError
from games.engine.evaluator import evaluate
from games.engine.phh_text import to_units
from games.engine.phh_words import LABELS, action_cards, action_number
from games.engine.pots import Pot, build_pots, clockwise_from, split_pot
from games.engine.results import PotResult

NOBODY = -1  # no index: nobody to act, no aggressor, not acted yet (betting.NOBODY, betting.NOT_ACTED)
# Where the hand is: Phase.DEAL, BETTING, BOARD, SHOWDOWN and COMPLETE, as small ints.
_DEAL, _BETTING, _BOARD, _SHOWDOWN, _OVER = range(5)
# ROTATIONS[n][k]: the indexes 0..n-1 clockwise from index k (betting.ROTATIONS).
_ROTATIONS = tuple(tuple(tuple((k + j) % n for j in range(n)) for k in range(n)) for n in range(11))
_RECORDED = ("finishing_stacks", "winnings")
# The engine's own fields that ``phh_import`` reads to set a hand up (the others it reads only beside
# one of these, or not at all): a hand with any of them is the engine's.
_ENGINE_FIELDS = frozenset(
    {"_button", "_posts", "_chip_unit", "_house", "_big_blind_seat", "_small_blind", "_fee_rate"}
)
_INT, _NUMBER = {int}, {int, Decimal}  # the kinds of amount read here (a bool is neither)


class Settled(NamedTuple):
    """The end of a hand replayed here: final stacks in the file's player order, and the pots as awarded."""

    final_stacks: tuple[int, ...]
    pots: tuple[PotResult, ...]


class Summary(NamedTuple):
    seats: tuple[int, ...]  # in the file's player order
    settled: Settled
    warnings: tuple[str, ...]


class _NotPlain(Exception):
    """The hand is outside this replay: the engine replays it."""


def summarize(data: Mapping[str, Any], exponent: int) -> Summary | None:
    """The summary of a plain hand as the engine's replay gives it (``phh_import.replay_fields``), else None."""
    try:
        return _Plain(data, exponent).replay()
    except (_NotPlain, EngineError, ArithmeticError, TypeError, ValueError, KeyError, IndexError, AttributeError):
        return None


class _Plain:
    """One hand's table and betting, by index in seat order as ``Hand`` keeps them."""

    __slots__ = (
        "able",
        "acted",
        "after_big_blind",
        "after_button",
        "aggressor",
        "bets",
        "big_blind",
        "board",
        "bring_in",
        "button",
        "current_bet",
        "data",
        "exponent",
        "folded",
        "free_show",
        "holes",
        "index",
        "known",
        "live",
        "min_raise",
        "mucked",
        "order",
        "phase",
        "player",
        "scale",
        "seats",
        "settled",
        "show_order",
        "shown",
        "stacks",
        "street",
        "tabled",
        "to_act",
        "totals",
        "uncontested",
        "values",
    )  # fmt: skip

    def __init__(self, data: Mapping[str, Any], exponent: int) -> None:
        """``_Replayer.setup`` and ``Hand.start`` for a plain hand: the seats, stacks and blinds posted."""
        if data.get("variant") != "NT" or not data.keys().isdisjoint(_ENGINE_FIELDS):
            raise _NotPlain
        if type(data.get("ante_trimming_status", False)) is not bool:
            raise _NotPlain
        self.data, self.exponent = data, exponent
        self.scale: int = 10**exponent
        stacks = self.amounts("starting_stacks")
        n = len(stacks)
        order = data.get("seats") or list(range(1, n + 1))
        if type(order) is not list or len(order) != n or n < 2 or set(map(type, order)) != _INT:
            raise _NotPlain
        seat_count = data.get("seat_count") or max(max(order), n)
        if type(seat_count) is not int or not 2 <= seat_count <= 10 or len(set(order)) != n:
            raise _NotPlain
        button, seats = order[-1], sorted(order)
        after = seats.index(button) + 1
        if seats[0] < 1 or seats[-1] > seat_count or seats[after:] + seats[:after] != order:
            raise _NotPlain  # not clockwise from the button's left (pots.clockwise_from)
        if min(stacks) <= 0:
            raise _NotPlain  # a player without chips is not dealt in: the engine's business
        antes, blinds = self.amounts("antes"), self.amounts("blinds_or_straddles")
        small, big = blinds[0], blinds[1]
        if len(antes) != n or len(blinds) != n or any(antes) or any(blinds[2:]) or not 0 < small <= big:
            raise _NotPlain
        min_bet = self.units(data["min_bet"])
        if min_bet <= 0:
            raise _NotPlain
        self.order, self.button, self.bring_in = tuple(order), button, min_bet  # TableSetup.bring_in
        self.seats = seats
        index = self.index = {seat: i for i, seat in enumerate(seats)}
        self.player = {LABELS[k]: index[seat] for k, seat in enumerate(order)}  # p1... and their index
        by_seat = dict(zip(order, stacks, strict=True))
        self.stacks = [by_seat[s] for s in seats]
        self.bets, self.totals, self.acted = [0] * n, [0] * n, [NOBODY] * n
        self.folded, self.shown, self.mucked = [False] * n, [False] * n, [False] * n
        self.holes: list[tuple[int, ...]] = [(UNKNOWN, UNKNOWN)] * n
        self.values = [0] * n
        self.board: tuple[int, ...] = ()
        self.known = 0
        self.phase, self.street, self.to_act = _DEAL, 0, NOBODY
        self.current_bet, self.min_raise, self.aggressor = 0, min_bet, NOBODY
        self.able, self.live, self.free_show = n, n, False
        self.show_order: list[int] = []
        self.tabled: dict[int, tuple[int, ...] | None] = {}  # by index
        self.uncontested = False
        # Hand._place_blinds and forced.forced_bets: heads-up the button posts the small blind (R8).
        small_seat, big_seat = (button, order[0]) if n == 2 else (order[0], order[1])
        self.pay(index[small_seat], min(small, self.stacks[index[small_seat]]))
        self.pay(index[big_seat], min(big, self.stacks[index[big_seat]]))
        # Where each round's action starts looking: after the big blind, then after the button (Hand.index_after).
        self.big_blind, self.after_big_blind, self.after_button = big, (index[big_seat] + 1) % n, after % n

    def units(self, value: object) -> int:
        """``_Replayer.amounts`` for one value: whole minor units, else not plain."""
        if type(value) is int:
            return value * self.scale
        (units,) = self.scaled([value])
        return units

    def amounts(self, key: str) -> list[int]:
        values = self.data.get(key)
        if type(values) is not list:
            raise _NotPlain
        return self.scaled(values)

    def scaled(self, values: list[Any]) -> list[int]:
        """Amounts as whole minor units (``_Replayer.amounts``), a whole array at a time."""
        scale, kinds = self.scale, set(map(type, values))
        if kinds == _INT:
            return [value * scale for value in values]
        if not kinds <= _NUMBER:
            raise _NotPlain
        exact = [value * scale for value in values]  # a Decimal times an int keeps every digit
        units = [int(value) for value in exact]  # inf and nan refused here (ArithmeticError, ValueError)
        if units != exact:
            raise _NotPlain  # not whole minor units
        return units

    # -- the actions (``_Replayer.replay``) ----------------------------------------

    def replay(self) -> Summary:
        holes: dict[int, tuple[int, ...]] = {}
        actions = self.data.get("actions", [])
        if type(actions) is not list:
            raise _NotPlain
        player = self.player
        for text in actions:
            if text[:5] == "d dh " and text[-5:] == " ????" and text[5:-5] in player:
                # Hole cards never seen (most lines of a site's file): what the engine deals anyway. No
                # player's name holds a space, so this is the ``d dh NAME ????`` the words below would read.
                if self.phase != _DEAL:
                    raise _NotPlain
                continue
            words = (text.split("#", 1)[0] if "#" in text else text).split()
            count = len(words)
            if count < 2:
                if count:
                    raise _NotPlain  # not an action
                continue  # a no-op, or a commentary alone
            who, kind = words[0], words[1]
            if kind == "dh" and count == 4 and who == "d":
                i = player[words[2]]
                if self.phase != _DEAL:
                    raise _NotPlain
                if words[3] != "????":
                    holes[i] = holes.get(i, ()) + action_cards(words[3])
                continue
            if self.phase == _DEAL:
                self.deal(holes)
            if (count == 2 and (kind == "f" or kind == "cc")) or (count == 3 and kind == "cbr"):
                i = player[who]
                if i != self.to_act or self.phase != _BETTING:
                    raise _NotPlain  # out of turn: a gap the engine fills, with a warning, or a refusal
                if kind == "f":
                    self.fold(i)
                elif kind == "cc":
                    self.check_or_call(i)
                else:
                    self.bet_or_raise(i, to_units(action_number(words[2]), self.exponent, what="the amount"))
            elif count == 3 and kind == "db" and who == "d":
                self.deal_board(action_cards(words[2]))
            elif kind == "sm" and who != "d":
                self.table(words)
            else:
                raise _NotPlain
        if self.phase == _DEAL:
            self.deal(holes)
        self.settle()
        return Summary(self.order, self.settled, self.recorded_differences())

    # -- betting (betting.py, turns.apply_action) --------------------------------------

    def pay(self, i: int, chips: int) -> None:
        stacks = self.stacks
        stacks[i] -= chips
        self.totals[i] += chips
        self.bets[i] += chips
        if chips and not stacks[i] and not self.folded[i]:
            self.able -= 1

    def max_other_bet(self, i: int) -> int:
        top = 0
        for j, chips in enumerate(self.bets):
            if chips > top and j != i:
                top = chips
        return top

    def opponent_with_chips(self, i: int) -> bool:
        return self.able > (0 if self.folded[i] or not self.stacks[i] else 1)

    def call_to(self, i: int) -> int:
        if self.opponent_with_chips(i):
            return self.current_bet
        return max(self.bets[i], min(self.current_bet, self.max_other_bet(i)))

    def needs_action(self, i: int) -> bool:
        if self.folded[i] or self.stacks[i] == 0:
            return False
        if self.acted[i] != NOBODY and self.bets[i] >= self.current_bet:
            return False
        return self.bets[i] < self.max_other_bet(i) if self.able < 2 else True

    def next_to_act(self, start: int) -> int:
        order = _ROTATIONS[len(self.seats)][start]
        if self.able < 2:
            return next((i for i in order if self.needs_action(i)), NOBODY)
        folded, stacks, acted, bets, level = self.folded, self.stacks, self.acted, self.bets, self.current_bet
        for i in order:
            if not folded[i] and stacks[i] and (acted[i] == NOBODY or bets[i] < level):
                return i
        return NOBODY

    def start_round(self, after: int, current_bet: int) -> None:
        """``betting.start_round`` at no-limit: action from the first player from index ``after`` that must act.

        ``after`` is the index after the anchor's (``Hand.index_after``): the anchor is a player here.
        """
        self.phase = _BETTING
        self.current_bet = current_bet
        self.acted = [NOBODY] * len(self.seats)
        self.aggressor = NOBODY
        self.min_raise = self.bring_in
        self.to_act = self.next_to_act(after)
        if self.to_act == NOBODY:
            self.close_round()

    def after_action(self, i: int) -> None:
        if self.live == 1:
            self.close_round()
            return
        self.to_act = self.next_to_act((i + 1) % len(self.seats))
        if self.to_act == NOBODY:
            self.close_round()

    def fold(self, i: int) -> None:
        self.folded[i] = True
        self.live -= 1
        if self.stacks[i]:
            self.able -= 1
        self.after_action(i)

    def check_or_call(self, i: int) -> None:
        """PHH's ``cc`` (``phh_import._check_or_call``): a call when behind the bet and something is to call."""
        need = self.call_to(i) - self.bets[i]
        if self.current_bet > self.bets[i] and need > 0:
            self.pay(i, min(need, self.stacks[i]))
        elif need > 0:
            raise _NotPlain  # a check facing a bet: refused
        self.acted[i] = self.current_bet
        self.after_action(i)

    def bet_or_raise(self, i: int, to: int) -> None:
        """``betting._bet_or_raise`` at no-limit, refusing what the engine refuses (no under-raise correction)."""
        bet, stack, level = self.bets[i], self.stacks[i], self.current_bet
        if not self.opponent_with_chips(i) or bet + stack <= level:
            raise _NotPlain
        if self.acted[i] != NOBODY and level < self.acted[i] + self.min_raise:
            raise _NotPlain  # not reopened (R3, R4)
        if to > bet + stack or (to < bet + stack and to < min(level + self.min_raise, bet + stack)):
            raise _NotPlain  # more than the stack, or under the minimum and not all-in
        self.pay(i, to - bet)
        if to - level >= self.min_raise:
            self.min_raise = to - level
        self.current_bet = self.acted[i] = to
        self.aggressor = i
        self.after_action(i)

    def close_round(self) -> None:
        """``flow.close_round``: the uncalled part back, then a win by folds, the showdown or a board due."""
        bets = self.bets
        high = max(bets)
        top = bets.index(high)  # betting.return_uncalled: the first of the biggest bets
        excess = high - max(bets[:top] + bets[top + 1 :])
        if excess > 0:  # betting.refund
            if not self.stacks[top] and not self.folded[top]:
                self.able += 1
            self.stacks[top] += excess
            bets[top] -= excess
            self.totals[top] -= excess
        self.to_act = NOBODY
        if self.live == 1:
            # showdown.finish_uncontested: one player still in makes one pot of every chip (pots.build_pots).
            winner = (self.seats[self.folded.index(False)],)
            self.uncontested = True
            self.finalize([Pot(sum(self.totals), winner)], [winner])
        elif self.street == 3:
            self.begin_showdown()
        else:
            self.phase = _BOARD
            if self.able < 2:
                self.free_show = True  # showdown.begin_runout; the order is proposed at the showdown

    # -- cards (flow.deal, flow.board) -------------------------------------------

    def deal(self, holes: Mapping[int, tuple[int, ...]]) -> None:
        """The hole cards seen, by index."""
        for i, cards in holes.items():
            if len(cards) != 2:
                raise _NotPlain
            self.holes[i] = cards
        self.known = add_known(0, [card for cards in holes.values() for card in cards])
        self.start_round(self.after_big_blind, self.big_blind)  # forced.start_preflop

    def deal_board(self, cards: tuple[int, ...]) -> None:
        if self.phase != _BOARD or len(cards) != (3 if self.street == 0 else 1) or UNKNOWN in cards:
            raise _NotPlain
        self.known = add_known(self.known, cards)
        self.board += cards
        self.street += 1
        self.bets = [0] * len(self.seats)  # flow._next_round
        if self.able >= 2:
            self.start_round(self.after_button, 0)
            return
        self.free_show = True
        if self.street == 3:
            self.begin_showdown()

    # -- the showdown (phh_import's table/settle, showdown.py) --------------------------

    def table(self, words: list[str]) -> None:
        """``_Replayer.table``: a player's word at the showdown, kept until the actions end."""
        i = self.player[words[0]]
        if len(words) > 3:
            raise _NotPlain
        cards = None if len(words) == 2 else self.holes[i] if words[2] == "-" else action_cards(words[2])
        if self.phase == _OVER:
            if cards is not None and UNKNOWN not in cards and self.uncontested:
                # The winner by folds shows (showdown.show_after_win): recorded by the engine, no chip moves.
                if self.folded[i] or self.shown[i]:
                    raise _NotPlain
                self.show(i, cards)
            return
        earlier = self.tabled.get(i)
        if cards is not None and UNKNOWN in cards and earlier is not None and UNKNOWN not in earlier:
            return
        self.tabled[i] = cards

    def show(self, i: int, cards: tuple[int, ...]) -> None:
        """``showdown._checked_cards`` and ``_table``: a whole known hand agreeing with what the seat holds."""
        held = self.holes[i]
        if len(cards) != 2 or UNKNOWN in cards or cards[0] == cards[1]:
            raise _NotPlain
        if any(c != UNKNOWN and c not in cards for c in held):
            raise _NotPlain
        self.known = add_known(self.known, [c for c in cards if c not in held])
        self.holes[i] = cards
        self.shown[i] = True

    def pots(self) -> list[Pot]:
        return build_pots(self.seats, self.totals, self.folded)

    def begin_showdown(self) -> None:
        """``showdown.begin`` with ``_proposed_order`` (see the showdown module for the order)."""
        self.phase = _SHOWDOWN
        seats, index, folded, button = self.seats, self.index, self.folded, self.button
        order = [index[s] for s in clockwise_from([seats[i] for i in range(len(seats)) if not folded[i]], button)]
        if self.aggressor != NOBODY and not folded[self.aggressor]:
            first = order.index(self.aggressor)
            order = order[first:] + order[:first]
        top = {index[seat]: k for k, pot in enumerate(self.pots()) for seat in pot.eligible}
        free, stacks = self.free_show, self.stacks
        self.show_order = sorted(order, key=lambda i: (-top.get(i, 0), free and stacks[i] > 0))
        self.advance()

    def settle(self) -> None:
        """``_Replayer.settle``: each player's latest word, in the engine's order."""
        for _ in self.seats:
            if self.phase != _SHOWDOWN:
                break
            i = self.to_act
            if i == NOBODY:  # every hand asked for at once: the first in the proposed order still to decide
                i = next((j for j in self.show_order if not self.shown[j] and not self.mucked[j]), NOBODY)
                if i == NOBODY:
                    raise _NotPlain
            if self.folded[i] or self.shown[i] or self.mucked[i]:
                raise _NotPlain
            cards = self.tabled[i] if i in self.tabled else self.holes[i]
            if i in self.tabled and (cards is None or UNKNOWN in cards):
                self.muck(i)
            elif cards is None or UNKNOWN in cards:
                raise _NotPlain  # the cards of a hand never shown are unknown: incomplete
            else:
                self.show(i, cards)
                self.values[i] = evaluate(cards + self.board)
                self.advance()
        if self.phase != _OVER:
            raise _NotPlain

    def muck(self, i: int) -> None:
        """``showdown.apply_muck`` when asked: refused to the last claimant of a pot (case 58)."""
        seat, mucked, index = self.seats[i], self.mucked, self.index
        for pot in self.pots():
            if seat in pot.eligible and all(s == seat or mucked[index[s]] for s in pot.eligible):
                raise _NotPlain
        mucked[i] = True
        self.advance()

    def advance(self) -> None:
        unmucked = [i for i in self.show_order if not self.mucked[i]]
        undecided = [i for i in unmucked if not self.shown[i]]
        if len(unmucked) == 1 or not undecided:
            self.award()
        elif not self.free_show:
            self.to_act = undecided[0]

    def award(self) -> None:
        index, mucked, values = self.index, self.mucked, self.values
        pots = self.pots()
        winners: list[tuple[int, ...]] = []
        for pot in pots:
            claimants = [s for s in pot.eligible if not mucked[index[s]]]
            if len(claimants) > 1:
                best = max([values[index[s]] for s in claimants])
                claimants = [s for s in claimants if values[index[s]] == best]
            winners.append(tuple(clockwise_from(claimants, self.button)) if len(claimants) > 1 else tuple(claimants))
        self.to_act = NOBODY
        self.finalize(pots, winners)

    def finalize(self, pots: Sequence[Pot], winners: Sequence[tuple[int, ...]]) -> None:
        """``showdown.finalize`` without a fee: each pot split from the button's left, odd chips one each."""
        results: list[PotResult] = []
        stacks, index = self.stacks, self.index
        for pot, won in zip(pots, winners, strict=True):
            shares = split_pot(pot.amount, len(won), 1) if len(won) > 1 else (pot.amount,)
            for seat, share in zip(won, shares, strict=True):
                stacks[index[seat]] += share
            results.append(PotResult(pot.amount, pot.eligible, won, tuple(shares), 0))
        self.settled = Settled(tuple([stacks[index[s]] for s in self.order]), tuple(results))
        self.phase = _OVER

    def recorded_differences(self) -> tuple[str, ...]:
        """``phh_import._check_recorded``: the file's finishing stacks and winnings against the replay's."""
        notes: list[str] = []
        for key in _RECORDED:
            if self.data.get(key) is None:
                continue
            if key == "winnings":
                won: dict[int, int] = {}
                for pot in self.settled.pots:
                    for seat, share in zip(pot.winners, pot.shares, strict=True):
                        won[seat] = won.get(seat, 0) + share
                ours = [won.get(s, 0) for s in self.order]
            else:
                ours = list(self.settled.final_stacks)
            recorded = self.amounts(key)
            if recorded != ours:
                notes.append(f"{key} in the file {recorded} differ from the engine's {ours}")
        return tuple(notes)
