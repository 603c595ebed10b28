"""Replaying a hand history's fields through the engine (``replay_fields``), whatever the hand.

Reading the files, splitting them into hands and the exponent of their
amounts are ``games.engine.phh_files`` (re-exported here); a hand comes back
as a ``ReplayResult`` holding either the engine's finished hand or the error
and its stable code. A hand the engine has no rules for (another variant,
stacks written ``inf`` because the site did not show them) is refused the
same way.

Forced bets follow pokerkit's reading of the spec: heads-up, the arrays are
reversed (the button posts the first entry); a negative entry in
``blinds_or_straddles`` is a blind posted out of position, its absolute value
live (``ExtraPost.live``), and does not take the big blind's place in the
order of play; a hand with a big blind and no small blind names its big blind
seat. ``ante_trimming_status`` (false when absent, as pokerkit reads it) sets
``HouseOptions.ante_trimming``.

The showdown (``pN sm``) is written in the order the site logged it, and
hands all in before the river are written as they were tabled, street by
street, with ``????`` for cards still face down. The importer keeps each
player's latest word and settles the showdown once the actions end, in the
engine's order: known cards are shown, cards kept face down (``????``) or a
bare ``sm`` are mucked: a hand never shown cannot win a contested pot
(case 42). Part of a hand tabled (PokerStars' ``shows [Qc]``, ``pN sm Qc``)
is a muck too, with a warning: a hand wins only with both cards tabled (R17).
A show by the winner of a hand won by folds is passed to the engine, which
records it (case 58). A hand whose actions stop at the
showdown is finished the same way, showing the cards its ``d dh`` gave.
``finishing_stacks`` and ``winnings``, when present, are compared with the
engine's and any difference is reported as a warning.

A betting action written for a player whose turn has not come means the
file left out the players in between (commentators skip the folds nobody
watched): they check where they may, else fold, as pokerkit's reader does,
and each gap is a warning. Amounts in the actions may carry thousands
separators (``9,999.99``), as pokerkit reads them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import lru_cache
from typing import Any

from games.engine.cards import UNKNOWN
from games.engine.errors import AmountError, EngineError
from games.engine.events import Board, Deal, Event, Muck, Show, bet, call, check, fold, raise_to
from games.engine.phh import STRUCTURE_OF_VARIANT
from games.engine.phh_files import ReplayResult as ReplayResult
from games.engine.phh_files import amount_places as amount_places
from games.engine.phh_files import iter_replay_text as iter_replay_text
from games.engine.phh_files import replay_file as replay_file
from games.engine.phh_files import replay_results_ok as replay_results_ok
from games.engine.phh_files import replay_text as replay_text
from games.engine.phh_files import split_hands as split_hands
from games.engine.phh_text import PhhError, to_units
from games.engine.phh_words import LABELS, action_cards, action_number
from games.engine.pots import clockwise_from
from games.engine.results import Phase
from games.engine.setup import ExtraPost, Game, HouseOptions, Structure, TableSetup
from games.engine.state import Hand
from rake.engine.policies import FeePolicyError, PercentageFee

_RECORDED_FIELDS = ("finishing_stacks", "winnings")
_DEFAULT_OPTIONS = HouseOptions()


@dataclass
class _Replayer:
    """Replays one hand's fields; keeps the running state so an error can name where it happened."""

    data: Mapping[str, Any]
    exponent: int
    options: HouseOptions | None
    fee: PercentageFee | None
    seats: tuple[int, ...] = ()
    label: dict[str, int] = field(default_factory=dict)
    # Each player's latest word at the showdown: the cards shown (``??`` for those kept face
    # down), or None for a bare ``sm`` (a muck); settled when the actions end.
    tabled: dict[int, tuple[int, ...] | None] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)  # what the replay had to supply: the result's warnings

    def amount(self, key: str) -> int:
        value = self.data.get(key)
        if value is None:
            raise PhhError(f"the field {key!r} is missing")
        return to_units(value, self.exponent, what=key)

    def units(self, value: object) -> int:
        return to_units(value, self.exponent, what="an amount")

    def amounts(self, key: str) -> list[int]:
        values = self.data.get(key)
        if not isinstance(values, list):
            raise PhhError(f"the field {key!r} must be an array of amounts, not {values!r}")
        scale: int = 10**self.exponent
        units: list[int] = []
        for i, value in enumerate(values):
            kind = type(value)
            if kind is int:
                units.append(value * scale)
                continue
            if kind is Decimal and value.is_finite():
                # Exact: a Decimal times an int keeps every digit; whole minor units only.
                scaled = value * scale
                whole = int(scaled)
                if whole == scaled:
                    units.append(whole)
                    continue
            units.append(to_units(value, self.exponent, what=f"{key}[{i}]"))  # refuses it, naming why
        return units

    def setup(self) -> TableSetup:
        data = self.data
        variant = data.get("variant")
        structure = STRUCTURE_OF_VARIANT.get(str(variant))
        if structure is None:
            known = ", ".join(STRUCTURE_OF_VARIANT)
            raise PhhError(
                f"variant {variant!r} is not a Texas hold'em variant this engine replays ({known})",
                code="unsupported_variant",
            )
        stacks = self.starting_stacks()
        n = len(stacks)
        seats = data.get("seats") or list(range(1, n + 1))
        if len(seats) != n or len(set(seats)) != n:
            raise PhhError(f"'seats' must give {n} different seats, one per player, not {seats!r}")
        button = int(data.get("_button", seats[-1]))
        if clockwise_from(seats, button) != list(seats):
            raise PhhError(f"the players {seats} are not in order clockwise from the button's left (button {button})")
        self.seats = tuple(seats)
        self.label = dict(zip(LABELS, seats, strict=False))  # LABELS is longer than any table
        antes, blinds = self.amounts("antes"), self.amounts("blinds_or_straddles")
        if len(antes) != n or len(blinds) != n:
            raise PhhError(f"'antes' and 'blinds_or_straddles' must have one entry per player ({n})")
        stakes = _stakes(structure, antes, blinds, self)
        posts = [ExtraPost(int(s), self.units(live), self.units(dead)) for s, live, dead in data.get("_posts", [])]
        return TableSetup(
            game=Game.HOLDEM,
            structure=structure,
            seat_count=int(data.get("seat_count") or max(max(seats), n)),
            stacks=dict(zip(seats, stacks, strict=True)),
            button=button,
            chip_unit=self.amount("_chip_unit") if "_chip_unit" in data else 1,
            fee=self.fee if self.fee is not None else _fee(data, self.units),
            options=self.house_options(),
            posts=tuple(posts) + stakes.pop("posts"),
            **stakes,
        )

    def starting_stacks(self) -> list[int]:
        try:
            return self.amounts("starting_stacks")
        except PhhError as error:
            if error.code != "unknown_amount":
                raise
            shown = ", ".join("inf" if v == Decimal("inf") else str(v) for v in self.data["starting_stacks"])
            raise PhhError(
                f"starting_stacks [{shown}]: a stack the site did not record (inf) cannot be replayed",
                code="unknown_stacks",
            ) from error

    def house_options(self) -> HouseOptions:
        """The caller's options, else the file's ``_house``; ante trimming always as the file says."""
        options = self.options or (_options(self.data) if "_house" in self.data else _DEFAULT_OPTIONS)
        trimming = self.data.get("ante_trimming_status", False)
        if not isinstance(trimming, bool):
            raise PhhError(f"'ante_trimming_status' must be true or false, not {trimming!r}")
        return _with_trimming(options, trimming)

    def replay(self) -> Hand:
        hand = Hand.start(self.setup())
        actions = self.data.get("actions", [])
        if not isinstance(actions, list):
            raise PhhError("'actions' must be an array of strings")
        holes: dict[int, tuple[int, ...]] = {}
        for k, text in enumerate(actions, start=1):
            words = (text.split("#", 1)[0] if "#" in text else text).split()
            if not words:
                continue  # a no-op, or a commentary alone
            try:
                if len(words) == 4 and words[1] == "dh" and words[0] == "d":
                    self.deal(hand, holes, words[2], words[3])
                    continue
                if hand.phase is Phase.DEAL:  # the first action after the deal, as at the table
                    hand = hand.apply_in_place(Deal(holes))
                hand = self.act(hand, words)
            except EngineError as error:
                raise PhhError(f"action {k} {text!r}: {error}", code=error.code) from error
        if hand.phase is Phase.DEAL:
            hand = hand.apply_in_place(Deal(holes))
        return self.settle(hand)

    def deal(self, hand: Hand, holes: dict[int, tuple[int, ...]], who: str, cards: str) -> None:
        """``d dh``: hole cards, kept for the deal; cards never seen (``????``) are what the engine deals anyway."""
        seat = self.seat(who)
        if hand.phase is not Phase.DEAL:
            raise PhhError(f"hole cards for {who} after the betting began: Hold'em deals them once")
        if cards != "????":
            holes[seat] = holes.get(seat, ()) + action_cards(cards)

    def seat(self, who: str) -> int:
        try:
            return self.label[who]
        except KeyError:
            raise PhhError(f"{who!r} is not a player of this hand (p1..p{len(self.label)})") from None

    def act(self, hand: Hand, words: list[str]) -> Hand:
        match words:
            case ["d", "db", cards]:
                return hand.apply_in_place(Board(action_cards(cards)))
            case [who, "f"]:
                seat = self.seat(who)
                return self.skip_to(hand, seat).apply_in_place(_fold(seat))
            case [who, "cc"]:
                seat = self.seat(who)
                return _check_or_call(self.skip_to(hand, seat), seat)
            case [who, "cbr", amount]:
                seat, to = self.seat(who), to_units(action_number(amount), self.exponent, what="the amount")
                hand = self.skip_to(hand, seat)
                # The engine takes a raise when there is a bet this round (blinds included), else a bet.
                return hand.apply_in_place(raise_to(seat, to) if hand.bet_level else bet(seat, to))
            case [who, "sm", *_] if who != "d":
                return self.table(hand, words)
        raise PhhError(f"{' '.join(words)!r} is not a Texas hold'em action (d dh, d db, f, cc, cbr, sm)")

    def skip_to(self, hand: Hand, seat: int) -> Hand:
        """The players a file leaves out before ``seat``'s turn check if they may, else fold (pokerkit's reading).

        Commentators' files skip the folds nobody watched; the spec asks a reader
        to take such gaps "silently or with a warning": each is a warning here. A
        seat with no action due this round is left to the engine to refuse.
        """
        if hand.seat_to_act == seat:
            return hand
        pending = hand.still_to_act
        for skipped in pending[: pending.index(seat)] if seat in pending else ():
            legal = hand.legal_actions()
            checks = legal is not None and legal.can_check
            hand = hand.apply_in_place(_check(skipped) if checks else _fold(skipped))
            gap, named = (LABELS[self.seats.index(s)] for s in (skipped, seat))
            self.notes.append(
                f"{gap} has no action before {named}'s: a {'check' if checks else 'fold'}, as pokerkit reads it"
            )
        return hand

    def table(self, hand: Hand, words: list[str]) -> Hand:
        """A player's word at the showdown (``sm``, ``sm -``, ``sm CARDS``): kept until the actions end."""
        seat = self.seat(words[0])
        if len(words) > 3:
            raise PhhError(f"{' '.join(words)!r}: a showdown action names at most one set of cards")
        cards = None if len(words) == 2 else hand.hole_cards(seat) if words[2] == "-" else action_cards(words[2])
        partial = cards is not None and len(cards) < len(hand.hole_cards(seat))
        if partial:
            # Part of a hand tabled is no hand shown: a hand wins only with both cards tabled (R17),
            # so a site's "shows [Qc]" is a muck, never a refusal of the whole hand.
            self.notes.append(f"{words[0]} shows {words[2]} only: a hand is tabled whole (R17), read as a muck")
            cards = None
        if hand.is_over:
            result = hand.result
            if cards is not None and UNKNOWN not in cards and result is not None and result.uncontested:
                return hand.apply_in_place(Show(seat, cards))  # the winner by folds shows: recorded (case 58)
            return hand  # the pots are settled: a later show or muck moves no chip
        earlier = self.tabled.get(seat)
        if (partial or (cards is not None and UNKNOWN in cards)) and earlier is not None and UNKNOWN not in earlier:
            return hand  # cards once shown stay shown
        self.tabled[seat] = cards
        return hand

    def settle(self, hand: Hand) -> Hand:
        """The showdown in the engine's order, each player's latest word applied (the module's docstring)."""
        for _ in hand.seats:  # each word settles a player, so this many turns end any showdown
            if hand.phase is not Phase.SHOWDOWN:
                break
            seat = hand.seat_to_act
            if seat is None:
                seat = hand.showdown_pending()[0]
            hand = hand.apply_in_place(self.decision(hand, seat))
        if not hand.is_over:
            raise PhhError(f"the actions stop before the end of the hand: {hand.phase_text}", code="incomplete")
        return hand

    def decision(self, hand: Hand, seat: int) -> Event:
        if seat in self.tabled:
            cards = self.tabled[seat]
            return Muck(seat) if cards is None or UNKNOWN in cards else Show(seat, cards)
        cards = hand.hole_cards(seat)
        if UNKNOWN in cards:
            raise PhhError(f"the actions stop at the showdown and seat {seat}'s cards are unknown", code="incomplete")
        return Show(seat, cards)


@lru_cache(maxsize=64)
def _with_trimming(options: HouseOptions, trimming: bool) -> HouseOptions:
    return options if options.ante_trimming is trimming else replace(options, ante_trimming=trimming)


# Events are values: one per seat serves every hand (building one costs more than the lookup).
_fold, _check, _call = lru_cache(maxsize=None)(fold), lru_cache(maxsize=None)(check), lru_cache(maxsize=None)(call)


def _check_or_call(hand: Hand, seat: int) -> Hand:
    """PHH's ``cc``: a call when the seat is behind the bet, else a check."""
    if hand.bet_level > hand.committed(seat):
        try:
            return hand.apply_in_place(_call(seat))
        except AmountError as refused:
            if refused.code != "nothing_to_call":
                raise
            # Everyone else is all in for no more than this seat put in: nothing to call (R10).
    return hand.apply_in_place(_check(seat))


def _stakes(structure: Structure, antes: list[int], blinds: list[int], r: _Replayer) -> dict[str, Any]:
    """Blinds, straddle, posts and antes from PHH's positional arrays (index 0 the small blind, 1 the big blind)."""
    n = len(blinds)
    if n == 2:  # heads-up the spec reverse-assigns the forced bets: the button posts the first entry
        blinds, antes = blinds[::-1], antes[::-1]
    small_at, big_at = (1, 0) if n == 2 else (0, 1)
    if n > 2 and blinds[0] > 0 and not any(blinds[1:]):
        # One blind, first after the button: a big blind with no small blind (a dead button, R11,
        # case 5), as Full Tilt logs it; pokerkit's reading too (the next player opens).
        small_at, big_at = 1, 0
    small, big = blinds[small_at], blinds[big_at]
    straddle = max(blinds[2], 0) if n > 2 else 0
    others = [b for k, b in enumerate(blinds) if b > 0 and k not in (small_at, big_at, 2)]
    if big <= 0 or others:
        raise PhhError(
            f"blinds_or_straddles {r.data.get('blinds_or_straddles')}: only a big blind, a small blind, "
            "one straddle and blinds posted out of position are replayed",
            code="unsupported_forced_bets",
        )
    seats = r.seats
    stakes: dict[str, Any] = {"big_blind": big, "straddle": straddle}
    # A negative entry: a blind posted out of position, live (pokerkit's absolute value).
    stakes["posts"] = tuple(ExtraPost(seats[k], live=-b) for k, b in enumerate(blinds) if b < 0)
    if "_big_blind_seat" in r.data:  # the engine's own export: the blind seats as the button module placed them
        stakes["big_blind_seat"] = r.data["_big_blind_seat"]
        stakes["small_blind_seat"] = r.data.get("_small_blind_seat")
    elif small <= 0:  # a big blind only: nobody posts the small blind this hand
        stakes["big_blind_seat"], stakes["small_blind_seat"] = seats[big_at], None
    # The table's small blind when nobody posts it: nothing reads it then, but a setup names one.
    stakes["small_blind"] = small if small > 0 else r.amount("_small_blind") if "_small_blind" in r.data else big
    stakes.update(_antes(antes, big_at, r))
    if structure is Structure.FIXED_LIMIT:
        stakes["small_bet"], stakes["big_bet"] = r.amount("small_bet"), r.amount("big_bet")
    else:
        min_bet = r.amount("min_bet")
        if min_bet <= 0:
            raise PhhError(f"min_bet {r.data.get('min_bet')} must be above 0")
        # The big blind is the house's minimum bet (R1); a file may set another, read as pokerkit reads it.
        stakes["min_bet"] = 0 if min_bet == big else min_bet
    return stakes


def _antes(antes: list[int], big_at: int, r: _Replayer) -> dict[str, Any]:
    if len(set(antes)) == 1:
        return {"ante": antes[0]}
    if sum(1 for a in antes if a) == 1 and antes[big_at]:
        return {"ante": antes[big_at], "bb_ante": True}
    raise PhhError(
        f"antes {r.data.get('antes')}: only uniform antes and a big-blind ante are replayed",
        code="unsupported_forced_bets",
    )


def _fee(data: Mapping[str, Any], units: Callable[[object], int]) -> PercentageFee | None:
    rate = data.get("_fee_rate")
    if rate is None:
        return None
    try:
        return PercentageFee(
            Decimal(str(rate)),
            cap_per_hand=None if data.get("_fee_cap") is None else units(data["_fee_cap"]),
            caps_by_players=tuple((int(n), units(cap)) for n, cap in data.get("_fee_caps_by_players", [])),
            min_pot=units(data.get("_fee_min_pot", 0)),
            no_flop_no_drop=bool(data.get("_fee_no_flop_no_drop", True)),
            allocation=data.get("_fee_allocation", "main_first"),
        )
    except FeePolicyError as error:
        raise PhhError(f"the fee fields are refused: {error}", code="bad_fee") from error


def _options(data: Mapping[str, Any]) -> HouseOptions:
    raw = dict(data.get("_house", {}))
    if "club_tie_modes" in raw:
        raw["club_tie_modes"] = frozenset(raw["club_tie_modes"])
    try:
        return HouseOptions(**raw)
    except TypeError as error:
        raise PhhError(f"the _house options are not the engine's: {error}") from error


def _check_recorded(r: _Replayer, hand: Hand) -> tuple[str, ...]:
    """Differences between the file's finishing stacks and winnings and the engine's."""
    result = hand.result
    if result is None or result.misdeal:
        return ()
    notes: list[str] = []
    for key in _RECORDED_FIELDS:
        if r.data.get(key) is None:
            continue
        if key == "winnings":
            won = result.winnings()
            ours = [won.get(s, 0) for s in r.seats]
        else:
            ours = [result.final_stacks[s] for s in r.seats]
        recorded = r.amounts(key)
        if recorded != ours:
            notes.append(f"{key} in the file {recorded} differ from the engine's {ours}")
    return tuple(notes)


def replay_fields(
    data: Mapping[str, Any],
    *,
    number: int = 1,
    name: str | None = None,
    exponent: int = 0,
    options: HouseOptions | None = None,
    fee: PercentageFee | None = None,
) -> ReplayResult:
    """Replay one hand's parsed fields; errors are returned, not raised."""
    label = name if name is not None else str(data.get("hand", number))
    r = _Replayer(data, exponent, options, fee)
    try:
        hand = r.replay()
        warnings = (*r.notes, *_check_recorded(r, hand))
        return ReplayResult(number, label, r.seats, hand, warnings=warnings, exponent=exponent)
    except EngineError as error:
        return ReplayResult(number, label, r.seats, error=str(error), exponent=exponent, code=error.code)
    except FeePolicyError as error:
        return ReplayResult(number, label, r.seats, error=str(error), exponent=exponent, code="bad_fee")
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as error:
        message = f"malformed hand history: {error!r}"
        return ReplayResult(number, label, r.seats, error=message, exponent=exponent, code=PhhError.code)
