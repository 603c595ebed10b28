"""The hand: a state built from a ``TableSetup`` and the events applied to it.

``Hand.apply`` returns a new state and leaves the old one valid (states are
values). Copying is what a replay spends most on, so a state is built to be
copied cheaply: the five per-player lists that betting changes on almost
every event (stacks, bets, totals, folded, acted) are copied, everything else
is immutable and shared between a state and the next (the table's fixed
facts, tuples of hole cards, draws, shows, mucks and hand values, the set of
known cards, the log), and ``_copy`` is one generated function of plain
attribute assignments (measured faster than a ``__dict__`` copy, and far
faster than a getattr/setattr loop, bench/README.md). The table's fixed facts
are 7 of the ~45 attributes, so moving them into a shared sub-object would
save little and cost an indirection on every read. Running counts (players still
in, players still able to bet) and the known-card set are kept up to date by
the few functions that move chips or cards, instead of being recounted on
every event. A state does not hold on to the states before it (a replayed
hand would otherwise keep every intermediate state alive and the garbage
collector busy): an ``Undo`` event replays the events still in force, so
replaying any log, undos included, gives the same state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from games.engine import betting, club, flow, forced, showdown, turns
from games.engine.betting import NOBODY, ActionRecord, EffectiveAction, LegalActions
from games.engine.cards import cards_str
from games.engine.errors import ActionError, ChipError, MisdealError, PhaseError, ShowdownError
from games.engine.events import Action, AgreeSplit, Board, Deal, Draw, Event, Misdeal, Muck, Replay, Show, Undo
from games.engine.pots import Pot, build_pots, clockwise_from
from games.engine.results import Flag, HandResult, Phase
from games.engine.setup import Game, TableSetup
from games.engine.turns import HeldAction

HOLDEM_STREETS = ("preflop", "flop", "turn", "river")
CLUB_STREETS = ("first_round", "draw", "second_round")

# The only mutable per-player lists: copied on every event. Every other
# attribute is immutable (or never changed once built) and shared.
_LISTS = ("stacks", "bets", "totals", "folded", "acted")


class Hand:
    """One hand at one table. Build it with ``Hand.start`` and move it with ``apply``."""

    __slots__ = (
        "_index",
        "able",
        "acted",
        "actions",
        "aggressor",
        "bets",
        "big_blind_index",
        "board",
        "capped",
        "card_fees",
        "chip_actions",
        "current_bet",
        "dead",
        "dead_money",
        "drew",
        "effective",
        "flags",
        "folded",
        "free_show",
        "full_level",
        "held",
        "holes",
        "known",
        "live",
        "log",
        "min_raise",
        "mucked",
        "notes",
        "phase",
        "pot_winners",
        "raise_count",
        "result",
        "returned",
        "seats",
        "setup",
        "show_order",
        "shown",
        "small_blind_index",
        "stacks",
        "start_stacks",
        "straddle_index",
        "street",
        "to_act",
        "totals",
        "values",
    )  # fmt: skip

    setup: TableSetup
    seats: tuple[int, ...]
    _index: Mapping[int, int]
    start_stacks: tuple[int, ...]
    stacks: list[int]
    bets: list[int]
    totals: list[int]
    folded: list[bool]
    acted: list[int]
    holes: tuple[tuple[int, ...], ...]
    drew: tuple[int, ...]
    shown: tuple[bool, ...]
    mucked: tuple[bool, ...]
    values: tuple[int, ...]
    board: tuple[int, ...]
    dead: tuple[int, ...]
    phase: Phase
    street: int
    to_act: int
    current_bet: int
    min_raise: int
    full_level: int
    raise_count: int
    capped: bool
    aggressor: int
    actions: int
    chip_actions: int
    small_blind_index: int
    big_blind_index: int
    straddle_index: int
    show_order: tuple[int, ...]
    free_show: bool
    pot_winners: tuple[tuple[int, ...], ...]
    notes: tuple[str, ...]
    returned: tuple[tuple[int, int], ...]
    result: HandResult | None
    log: tuple[Event, ...]
    able: int  # players still in with chips behind
    live: int  # players still in (not folded)
    known: int  # bit mask of every known card of the hand: hands, board, discards, burns (``cards.add_known``)
    effective: tuple[ActionRecord, ...]  # read as ``effective_actions``
    held: tuple[HeldAction, ...]  # out-of-turn actions waiting for their seat's turn (R19)
    flags: tuple[Flag, ...]
    dead_money: tuple[int, ...]  # by player: dead posts and untrimmed antes, for the main pot (case 57)
    card_fees: tuple[int, ...]  # by player: Club Poker card fees, for the highest pot shared (case 57)

    # -- building -----------------------------------------------------------

    @classmethod
    def start(cls, setup: TableSetup) -> Hand:
        """A new hand with every forced bet posted, waiting for the deal."""
        h = object.__new__(cls)
        h.setup = setup
        h.seats = setup.players
        h._index = {seat: i for i, seat in enumerate(h.seats)}
        n = len(h.seats)
        h.start_stacks = tuple(setup.stacks[s] for s in h.seats)
        h.stacks = list(h.start_stacks)
        h.bets, h.totals, h.acted = [0] * n, [0] * n, [betting.NOT_ACTED] * n
        h.folded = [False] * n
        h.values, h.shown, h.mucked = (0,) * n, (False,) * n, (False,) * n
        h.holes = ((),) * n
        h.dead_money = h.card_fees = (0,) * n
        h.drew = (-1,) * n
        h.able, h.live = sum(1 for chips in h.stacks if chips), n
        h.known, h.effective, h.held, h.flags = 0, (), (), ()
        h.board = h.dead = ()
        h.phase, h.street, h.to_act = Phase.DEAL, 0, NOBODY
        h.current_bet = h.min_raise = h.full_level = h.raise_count = 0
        h.capped = False
        h.aggressor = NOBODY
        h.actions = h.chip_actions = 0
        h.show_order, h.free_show, h.pot_winners = (), False, ()
        h.notes, h.returned, h.result, h.log = (), (), None, ()
        h._place_blinds()
        forced.forced_bets(h)
        return h

    def _place_blinds(self) -> None:
        setup = self.setup
        self.small_blind_index = self.big_blind_index = self.straddle_index = NOBODY
        if setup.game is Game.CLUB_POKER:
            return
        if setup.big_blind_seat is not None:
            self.big_blind_index = self._index[setup.big_blind_seat]
            if setup.small_blind_seat is not None:
                self.small_blind_index = self._index[setup.small_blind_seat]
        else:
            order = clockwise_from(self.seats, setup.button)
            if len(order) == 2 and setup.button in self._index:
                order = [setup.button, order[0]]  # heads-up: the button posts the small blind (R8)
            self.small_blind_index, self.big_blind_index = self._index[order[0]], self._index[order[1]]
        if setup.straddle:
            self.straddle_index = self.index_after(self.seats[self.big_blind_index])

    def _copy(self) -> Hand:
        """A copy sharing every immutable attribute, with fresh mutable lists (generated by ``_make_copy``)."""
        raise NotImplementedError  # replaced by _make_copy()

    # -- applying events ----------------------------------------------------

    def apply(self, event: Event) -> Hand:
        """The state after ``event``; raises an ``EngineError`` subclass, naming the rule, when illegal."""
        if isinstance(event, Undo):
            return self._undo(event)
        new = self._copy()
        new.log = (*self.log, event)
        new._dispatch(event)
        return new

    def apply_in_place(self, event: Event) -> Hand:
        """``apply`` for a replay that keeps only the last state: this state becomes the next one.

        Copying the state is a large part of a replay's time (bench/README.md)
        and only the final state is kept. An undo still builds a new state. After a
        refusal this state is unusable: its caller drops it (the refusal is
        the replay's answer). ``tests/games/engine/test_properties.py`` holds
        ``replay`` (which uses this) against the chain of ``apply``.
        """
        if isinstance(event, Undo):
            return self._undo(event)
        self._dispatch(event)
        self.log += (event,)
        return self

    def _undo(self, event: Undo) -> Hand:
        in_force = self.events_in_force()
        if not in_force:
            raise ActionError("there is no event to undo", code="nothing_to_undo")
        new = Hand.start(self.setup)
        for earlier in in_force[:-1]:
            new = new.apply_in_place(earlier)
        new.log = (*self.log, event)
        return new

    def events_in_force(self) -> list[Event]:
        """The log without the undone events and the undos (each undo cancels the latest event in force).

        Replaying these events alone gives the same hand (only the log, and so ``seq``, differ).
        """
        kept: list[Event] = []
        for event in self.log:
            if isinstance(event, Undo):
                kept.pop()
            else:
                kept.append(event)
        return kept

    def _dispatch(self, event: Event) -> None:
        if self.result is not None:  # the hand is over (complete or void)
            if isinstance(event, Show) and self.result is not None and self.result.uncontested:
                showdown.show_after_win(self, event)  # a winner by folds may still show (case 58)
                return
            raise PhaseError(f"the hand is over ({self.phase}): no {event.type} can follow", code="hand_over")
        if isinstance(event, Action):
            if turns.apply_action(self, event):
                flow.close_round(self)
        elif isinstance(event, Deal):
            flow.deal(self, event)
        elif isinstance(event, Board):
            flow.board(self, event)
        elif isinstance(event, Draw):
            if club.apply_draw(self, event):
                flow.after_draw(self)
        elif isinstance(event, Show):
            showdown.apply_show(self, event)
        elif isinstance(event, Muck):
            showdown.apply_muck(self, event)
        elif isinstance(event, AgreeSplit | Replay):
            club.resolve_tie(self, event)
        elif isinstance(event, Misdeal):
            self._misdeal(event)

    def _misdeal(self, event: Misdeal) -> None:
        refusal = self._misdeal_refusal()
        if refusal is not None:
            raise refusal
        showdown.void(self, event.reason)

    def _misdeal_refusal(self) -> MisdealError | None:
        """R18: before substantial action only (3 actions, or 2 of which one put chips in)."""
        if self.actions >= 3 or (self.actions >= 2 and self.chip_actions >= 1):
            return MisdealError(
                f"a misdeal is refused after substantial action: {self.actions} actions, "
                f"{self.chip_actions} of them putting chips in (R18)",
                actions=self.actions,
            )
        if self.phase is Phase.TIE:
            return MisdealError("a misdeal is refused once the hand has reached its showdown")
        return None

    def redeal(self) -> Hand:
        """After a misdeal: the exact same hand again (R18: same button, players and limits)."""
        if self.phase is not Phase.VOID:
            raise PhaseError(f"only a voided hand is dealt again, not one at {self.phase}", code="not_void")
        return Hand.start(self.setup)

    # -- queries ------------------------------------------------------------

    @property
    def seq(self) -> int:
        """How many events were applied (undo events included)."""
        return len(self.log)

    @property
    def seat_to_act(self) -> int | None:
        """The seat to act, draw or show next (at the showdown: the next in the proposed order, R17/R14);
        None when nobody is (a board due, every hand asked for at once after an all-in, the hand over)."""
        return None if self.to_act == NOBODY else self.seats[self.to_act]

    @property
    def street_name(self) -> str:
        if self.setup.game is Game.CLUB_POKER:
            return CLUB_STREETS[self.street]
        return HOLDEM_STREETS[self.street]

    @property
    def phase_text(self) -> str:
        verb = {Phase.DRAW: "draw", Phase.SHOWDOWN: "show"}.get(self.phase, "act")
        who = f", seat {self.seats[self.to_act]} to {verb}" if self.to_act != NOBODY else ""
        return f"{self.phase} on the {self.street_name}{who}"

    @property
    def can_undo(self) -> bool:
        return bool(self.events_in_force())

    @property
    def is_over(self) -> bool:
        return self.phase.finished

    @property
    def can_misdeal(self) -> bool:
        """Whether a ``Misdeal`` would be accepted now (R18); the dealer's screen offers it only then."""
        return not self.phase.finished and self._misdeal_refusal() is None

    # -- the betting round, read-only ----------------------------------------

    @property
    def bet_level(self) -> int:
        """The bet to match this round (a short all-in big blind still leaves the full big blind, R10)."""
        return self.current_bet

    @property
    def full_raise_level(self) -> int:
        """The bet level set by the last full bet or raise of this round (pre-flop: the big blind or straddle).

        Short all-ins raise ``bet_level`` but not this (R3); fixed limit counts
        an all-in of half a bet or more as full (R5).
        """
        return self.full_level

    @property
    def raise_increment(self) -> int:
        """The smallest full raise increment now: the last full bet or raise (R2), or the round's minimum bet."""
        return self.min_raise

    @property
    def still_to_act(self) -> tuple[int, ...]:
        """The seats that must still act before the round closes, starting with the seat to act.

        A seat that has acted comes back only if someone bets or raises, so it
        is not listed until then. Empty outside a betting round.
        """
        if self.phase is not Phase.BETTING or self.to_act == NOBODY:
            return ()
        order = betting.ROTATIONS[len(self.seats)][self.to_act]
        return tuple(self.seats[i] for i in order if betting.needs_action(self, i))

    @property
    def effective_actions(self) -> tuple[EffectiveAction, ...]:
        """Every betting action in force, in the order applied, as the rules took it.

        The amount is after corrections: an under-raise made a minimum raise or
        a call (R2), an oversized pot-limit bet reduced (R7), a call for less
        all-in; an out-of-turn action held as binding appears at its seat's turn.
        Undone actions are not in it (an undo replays the events in force).
        """
        return self.effective_actions_from(0)

    def effective_actions_from(self, start: int) -> tuple[EffectiveAction, ...]:
        """``effective_actions[start:]`` without building the earlier ones: what an event added to a state
        ``before`` is ``after.effective_actions_from(len(before.effective_actions))``."""
        return tuple(map(EffectiveAction.from_record, self.effective[start:]))

    @property
    def effective_count(self) -> int:
        """``len(self.effective_actions)``, without building them."""
        return len(self.effective)

    @property
    def held_out_of_turn(self) -> tuple[tuple[int, Action], ...]:
        """Out-of-turn actions recorded as binding and waiting for their seat's turn (seat, action)."""
        return tuple((self.seats[held.seat_index], held.action) for held in self.held)

    def seat_index(self, seat: int) -> int:
        try:
            return self._index[seat]
        except KeyError:
            raise ActionError(f"seat {seat} is not dealt in this hand", code="not_in_hand", seat=seat) from None

    def index_after(self, seat: int) -> int:
        """The index of the first player clockwise after seat ``seat`` (which may be empty)."""
        for i, s in enumerate(self.seats):
            if s > seat:
                return i
        return 0

    def legal_actions(self) -> LegalActions | None:
        """The seat to act's choices with amounts; None outside a betting turn."""
        return betting.legal_actions(self)

    def pots(self) -> list[Pot]:
        """Main pot first, including chips bet on the current round; a carried Club Poker bank is in the main pot.

        Empty once the hand is over: the result says where the chips went.
        """
        if self.result is not None:
            return []
        return build_pots(
            self.seats,
            self.totals,
            self.folded,
            banks=self.setup.carried_banks,
            dead=self.dead_money,
            fees=self.card_fees,
        )

    def stack(self, seat: int) -> int:
        return self.stacks[self.seat_index(seat)]

    def stacks_by_seat(self) -> dict[int, int]:
        return dict(zip(self.seats, self.stacks, strict=True))

    def committed(self, seat: int) -> int:
        """Live chips in front of the seat this round (antes and dead posts excluded)."""
        return self.bets[self.seat_index(seat)]

    def total_committed(self, seat: int) -> int:
        """Everything the seat put in this hand: antes, posts, bets and card fees."""
        return self.totals[self.seat_index(seat)]

    def hole_cards(self, seat: int) -> tuple[int, ...]:
        return self.holes[self.seat_index(seat)]

    def in_hand(self, seat: int) -> bool:
        return not self.folded[self.seat_index(seat)]

    @property
    def board_due(self) -> int:
        """Cards the next board event must bring (flop 3, turn 1, river 1); 0 when none is due."""
        if self.phase is not Phase.BOARD:
            return 0
        return 3 if self.street == 0 else 1

    def deal_order(self) -> tuple[int, ...]:
        """Seats in the order cards are dealt: from the button's left, so the button gets the last card (R8)."""
        return tuple(clockwise_from(self.seats, self.setup.button))

    def showdown_pending(self) -> tuple[int, ...]:
        """The seats still to show or muck, the proposed next first (R17, R14): at the showdown, and during
        an all-in run-out, where every hand is tabled before the remaining board cards. Any of them may
        show now, in or out of turn (case 58)."""
        return showdown.pending(self)

    def may_muck(self, seat: int) -> bool:
        """Whether ``Muck(seat)`` would be accepted now: asked to show (in turn, or every hand at once after
        an all-in) or beaten by the hands shown, and not the last claimant of a pot (case 58)."""
        return showdown.may_muck(self, seat)

    @property
    def tied_seats(self) -> tuple[int, ...]:
        """Club Poker, at a tie: the seats that tied for a pot, clockwise from the button's left."""
        seats = {seat for winners in self.pot_winners if len(winners) > 1 for seat in winners}
        return tuple(clockwise_from(seats, self.setup.button))

    # -- chips --------------------------------------------------------------

    @property
    def starting_total(self) -> int:
        return sum(self.start_stacks) + self.setup.carried

    def chips_total(self) -> int:
        """Stacks + pots + fees (+ a bank carried out to a replay): always the starting total."""
        if self.result is not None:
            return sum(self.result.final_stacks.values()) + self.result.fees + self.result.carried_out
        return sum(self.stacks) + sum(self.totals) + self.setup.carried

    def check_chips(self) -> None:
        """Raise ``ChipError`` unless chips are conserved."""
        total, expected = self.chips_total(), self.starting_total
        if total != expected:
            raise ChipError(f"chips not conserved: {total} on the table, {expected} at the start")

    # -- records ------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """Everything observable, as plain data: two states that compare equal here are the same hand."""
        legal = self.legal_actions()
        return {
            "seq": self.seq,
            "phase": str(self.phase),
            "street": self.street_name,
            "to_act": self.seat_to_act,
            "stacks": self.stacks_by_seat(),
            "bets": dict(zip(self.seats, self.bets, strict=True)),
            "totals": dict(zip(self.seats, self.totals, strict=True)),
            "folded": [s for s, f in zip(self.seats, self.folded, strict=True) if f],
            "holes": {s: cards_str(c) for s, c in zip(self.seats, self.holes, strict=True)},
            "board": cards_str(self.board),
            "pots": [(p.amount, p.eligible) for p in self.pots()] if self.result is None else [],
            "legal": None if legal is None else legal.to_dict(),
            "notes": self.notes,
            "flags": self.flags,
            "held": self.held_out_of_turn,
            "result": None if self.result is None else self.result.to_dict(),
        }

    @property
    def known_cards(self) -> Iterable[int]:
        """Every card of the hand as held, boarded, discarded or burnt (unknown hole cards included as -1)."""
        for hole in self.holes:
            yield from hole
        yield from self.board
        yield from self.dead


def _make_copy() -> None:
    body = [f"    new.{n} = self.{n}[:]" if n in _LISTS else f"    new.{n} = self.{n}" for n in Hand.__slots__]
    source = "def _copy(self):\n    new = _new(Hand)\n" + "\n".join(body) + "\n    return new\n"
    namespace: dict[str, Any] = {"_new": object.__new__, "Hand": Hand}
    exec(source, namespace)
    Hand._copy = namespace["_copy"]  # type: ignore[method-assign]


_make_copy()


def replay(setup: TableSetup, events: Iterable[Event]) -> Hand:
    """The state after applying ``events`` in order to a new hand of ``setup``."""
    hand = Hand.start(setup)
    for event in events:
        hand = hand.apply_in_place(event)
    return hand


def start_replay(hand: Hand) -> Hand:
    """Club Poker: the replay hand a tie left due, dealt only to the tied players with the bank carried.

    The replay keeps the table, the button and the ante; each tied bank is
    carried untouched with the players who tied for it (case 59); only the
    hand that finally awards a bank charges the fee on it, and a replay that
    ties again leaves the next replay due, so chains of any length conserve
    the chips.
    """
    result = hand.result
    if result is None or result.replay is None:
        raise ShowdownError("no replay is due: the hand did not end in a tie carried to a replay", code="no_replay_due")
    due = result.replay
    setup = replace(
        hand.setup,
        stacks={seat: result.final_stacks[seat] for seat in due.seats},
        carried_banks=due.banks,
        sitting_out=frozenset(),
        posts=(),
    )
    return Hand.start(setup)
