"""What a hand starts from: the table's game, stakes, seats, stacks and house options.

A ``TableSetup`` is immutable and validated when built, so the state machine
never meets a table the rules refuse. Forced bets (antes, blinds, straddle,
the posts of returning and new players) are described here and posted by
``Hand.start``: at a physical table they are in front of the players before
the deal, and entering them one by one would only add ways to get them wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from games.engine.errors import SetupError
from games.engine.pots import Pot
from rake.engine.policies import PercentageFee

HOLDEM_MAX_SEATS = 10
SHORT_HANDED_MAX_SEATS = 6
CLUB_MAX_SEATS = 6


class Game(StrEnum):
    HOLDEM = "holdem"
    CLUB_POKER = "club_poker"


class Structure(StrEnum):
    NO_LIMIT = "no_limit"
    POT_LIMIT = "pot_limit"
    FIXED_LIMIT = "fixed_limit"


TieMode = Literal["split", "replay"]
StraddleRaise = Literal["big_blind", "straddle"]


@dataclass(frozen=True, slots=True)
class HouseOptions:
    """The house's readings of the rules; defaults follow ``rule-cases.md``.

    dead_button: the button module's setting (R11); the hand itself only sees
        where the button and blinds are.
    underraise_correct: an under-raise of at least half the last full increment
        becomes the minimum raise, a smaller one a call (R2, case 14); off: refused.
    pot_limit_round_blinds: pre-flop pot-limit maximum counts a small blind as
        a full big blind, the WSOP rounding (R7, case 23: 5/10 opens to 40).
    pot_limit_reduce_oversize: an oversized pot-limit bet is reduced to the
        maximum (R7, case 22); off: refused.
    odd_chip_per_player: odd chips one each from the button's left (R15, case 31);
        off: every odd chip to the first winner from the button's left, as pokerkit.
    limit_cap_raises: raises allowed after the opening bet in fixed limit
        (R6: a bet and 4 raises; the big blind is the pre-flop bet).
    limit_cap_heads_up: keep the cap when a round begins heads-up (R6 cash: off).
    limit_cap_as_pokerkit: count at most 4 bets and raises per round with the
        big blind not counted and heads-up capped too (pokerkit: flop capped at 8, case 19).
    short_bb_call_as_pokerkit: a short all-in big blind sets the call to what
        was posted, as pokerkit (case 8); off: the full big blind must be called (R10).
    straddle_raise: the minimum raise increment after a straddle: "big_blind"
        (WSOP: a 4 straddle at 1/2 lets a raise go to 6, case 9) or
        "straddle" (the straddle is the new big blind: to 8).
    club_tie_modes: how a Club Poker tie may end: agreed split, replay hand.
    club_drawn_may_raise: a Club Poker player who bought cards may still bet
        or raise in the second round; off (the regulation's "after buying, the
        player may take decision 2 (play on: match the bets) or decision 1
        (fold)"): they may only check, call or fold.
    ante_trimming: a uniform ante short of the full amount is trimmed like a
        bet: an all-in player wins of each opponent's ante only what they
        matched (case 10). Off (PHH ``ante_trimming_status = false``, pokerkit's
        default): every ante is dead money in the main pot (case 57).
    tournament_mode: the table plays a tournament (pokerkit's ``Mode.TOURNAMENT``):
        a fold when checking was possible is still taken, and flagged for the
        floor in ``Hand.flags`` and the result (case 25); in cash mode it is
        only noted. The limit cap of a round beginning heads-up is the separate
        ``limit_cap_heads_up`` (R6: a tournament keeps the cap until two
        players remain in the whole event, which a single hand cannot know).
    """

    dead_button: bool = False
    underraise_correct: bool = False
    pot_limit_round_blinds: bool = False
    pot_limit_reduce_oversize: bool = True
    odd_chip_per_player: bool = True
    limit_cap_raises: int = 4
    limit_cap_heads_up: bool = False
    limit_cap_as_pokerkit: bool = False
    short_bb_call_as_pokerkit: bool = False
    straddle_raise: StraddleRaise = "big_blind"
    club_tie_modes: frozenset[TieMode] = frozenset({"split", "replay"})
    club_drawn_may_raise: bool = False
    tournament_mode: bool = False
    ante_trimming: bool = True

    @classmethod
    def as_pokerkit(cls) -> HouseOptions:
        """The options under which the engine's chips move as pokerkit's (differential tests)."""
        return cls(odd_chip_per_player=False, limit_cap_as_pokerkit=True, short_bb_call_as_pokerkit=True)


@dataclass(frozen=True, slots=True)
class ExtraPost:
    """A returning or new player's posts before the deal (R12, cases 6 and 7).

    ``live`` counts toward the player's bet (a big blind out of position);
    ``dead`` goes to the middle and is not part of any bet (a missed small blind).
    """

    seat: int
    live: int = 0
    dead: int = 0


@dataclass(frozen=True, slots=True)
class TableSetup:
    """One hand's table. Amounts are integers of the minor unit.

    stacks: chips of every seated player by seat number (1..seat_count).
    sitting_out: seated players not dealt in (waiting for the big blind).
    button: the dealer button's seat, which may be empty under a dead button.
    big_blind_seat / small_blind_seat: explicit blind seats (from the button
        module); when ``big_blind_seat`` is None both follow the button (heads-up:
        the button posts the small blind). With an explicit big blind, a
        ``small_blind_seat`` of None means no small blind this hand (dead button).
    min_bet: the smallest opening bet, and the smallest raise increment before
        any bet (default: the big blind in Hold'em, R1; the ante in Club
        Poker). A Hold'em hand history may set another (PHH ``min_bet``):
        pokerkit reads it the same way. Fixed limit uses its small bet.
    carried_banks: the Club Poker banks carried from a tied hand (replay), each
        with the seats that tied for it (case 59); every seat with a stack is
        dealt in, even one left with no chips. ``carried`` is their sum.
    """

    game: Game
    structure: Structure
    seat_count: int
    stacks: Mapping[int, int]
    button: int
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    bb_ante: bool = False
    straddle: int = 0
    small_bet: int = 0
    big_bet: int = 0
    min_bet: int = 0
    chip_unit: int = 1
    fee: PercentageFee | None = None
    options: HouseOptions = field(default_factory=HouseOptions)
    sitting_out: frozenset[int] = frozenset()
    posts: tuple[ExtraPost, ...] = ()
    big_blind_seat: int | None = None
    small_blind_seat: int | None = None
    carried_banks: tuple[Pot, ...] = ()

    def __post_init__(self) -> None:
        check_setup(self)

    @property
    def carried(self) -> int:
        """Chips carried into this replay hand, every bank together."""
        # List comprehensions, not generators: a replay reads this several times per hand.
        banks = self.carried_banks
        return sum([bank.amount for bank in banks]) if banks else 0

    @property
    def players(self) -> tuple[int, ...]:
        """Seats dealt in, in seat order."""
        away = self.sitting_out
        if self.carried_banks:
            return tuple(sorted([s for s in self.stacks if s not in away]))
        return tuple(sorted([s for s, chips in self.stacks.items() if chips > 0 and s not in away]))

    @property
    def table_kind(self) -> str:
        """Hold'em's two kinds of table by their most players: "short_handed" (up to 6) or "full_ring" (up to 10)."""
        return "short_handed" if self.seat_count <= SHORT_HANDED_MAX_SEATS else "full_ring"

    @property
    def limit_bets(self) -> tuple[int, int]:
        """Fixed limit's small and big bet; by default the big blind (Club Poker: the ante) and twice it."""
        small = self.small_bet or (self.big_blind if self.game is Game.HOLDEM else self.ante)
        return small, self.big_bet or 2 * small

    @property
    def bring_in(self) -> int:
        """The smallest opening bet after the forced bets (R1: the big blind, never the straddle)."""
        if self.structure is Structure.FIXED_LIMIT:
            return self.limit_bets[0]
        if self.game is Game.CLUB_POKER:
            return self.min_bet or self.ante
        return self.min_bet or self.big_blind


def _refuse(message: str, code: str) -> SetupError:
    return SetupError(message, code=code)


def check_setup(setup: TableSetup) -> None:
    """Refuse a table the rules do not allow, naming the numbers."""
    _check_seats(setup)
    _check_stakes(setup)
    _check_positions(setup)


def _check_seats(setup: TableSetup) -> None:
    if setup.game is Game.CLUB_POKER and setup.seat_count > CLUB_MAX_SEATS:
        raise _refuse(
            f"a Club Poker table has at most {CLUB_MAX_SEATS} seats, not {setup.seat_count}", "too_many_seats"
        )
    if not 2 <= setup.seat_count <= HOLDEM_MAX_SEATS:
        raise _refuse(f"a table has 2 to {HOLDEM_MAX_SEATS} seats, not {setup.seat_count}", "bad_seat_count")
    for seat, chips in setup.stacks.items():
        if not 1 <= seat <= setup.seat_count:
            raise _refuse(f"seat {seat} is not a seat of this {setup.seat_count}-seat table", "bad_seat")
        if chips < 0:
            raise _refuse(f"seat {seat} has a negative stack ({chips})", "bad_stack")
    for seat in setup.sitting_out:
        if seat not in setup.stacks:
            raise _refuse(f"seat {seat} sits out but nobody is seated there", "bad_seat")
    dealt = len(setup.players)
    if dealt < 2:
        raise _refuse(f"a hand needs at least 2 players with chips, not {dealt}", "too_few_players")


def _check_multiple(name: str, amount: int, unit: int) -> None:
    if amount < 0:
        raise _refuse(f"the {name} cannot be negative ({amount})", "bad_stakes")
    if amount % unit:
        raise _refuse(f"the {name} of {amount} is not a multiple of the smallest chip {unit} (R23)", "bad_chip_unit")


def _check_stakes(setup: TableSetup) -> None:
    if setup.chip_unit < 1:
        raise _refuse(f"the smallest chip must be at least 1, not {setup.chip_unit}", "bad_chip_unit")
    names = ("small blind", "big blind", "ante", "straddle", "small bet", "big bet", "minimum bet", "carried bank")
    amounts: tuple[int, ...] = (setup.small_blind, setup.big_blind, setup.ante, setup.straddle)
    amounts += (setup.small_bet, setup.big_bet, setup.min_bet, setup.carried)
    for name, amount in zip(names, amounts, strict=True):
        _check_multiple(name, amount, setup.chip_unit)
    if setup.game is Game.HOLDEM:
        _check_holdem_stakes(setup)
    else:
        _check_club_stakes(setup)
    small, big = setup.limit_bets
    if setup.structure is Structure.FIXED_LIMIT and not 0 < small <= big:
        raise _refuse(f"fixed limit needs 0 < small bet <= big bet, not {small}/{big}", "bad_stakes")
    if setup.fee is not None and not isinstance(setup.fee, PercentageFee):
        raise _refuse(f"the fee policy must be a percentage fee or none, not {setup.fee!r}", "bad_fee")


def _check_holdem_stakes(setup: TableSetup) -> None:
    if not 0 < setup.small_blind <= setup.big_blind:
        raise _refuse(
            f"Hold'em needs 0 < small blind <= big blind, not {setup.small_blind}/{setup.big_blind}", "bad_stakes"
        )
    if setup.straddle and setup.straddle <= setup.big_blind:
        raise _refuse(f"a straddle of {setup.straddle} must be above the big blind {setup.big_blind}", "bad_stakes")
    if setup.straddle and len(setup.players) < 3:
        raise _refuse("a straddle needs at least 3 players (heads-up has no seat left of the big blind)", "bad_stakes")
    if setup.carried:
        raise _refuse("only a Club Poker replay hand carries a bank", "bad_stakes")


def _check_club_stakes(setup: TableSetup) -> None:
    if setup.ante <= 0:
        raise _refuse(f"Club Poker is played with an ante above 0, not {setup.ante}", "bad_stakes")
    if setup.small_blind or setup.big_blind or setup.straddle or setup.bb_ante:
        raise _refuse("Club Poker has antes only: no blinds, straddle or big-blind ante", "bad_stakes")
    for bank in setup.carried_banks:
        if bank.amount <= 0 or not bank.eligible:
            raise _refuse(f"a carried bank needs chips and the players who tied for it, not {bank}", "bad_stakes")
        for seat in bank.eligible:
            if seat not in setup.stacks:
                raise _refuse(f"seat {seat} shares a carried bank but is not dealt in", "bad_seat")


def _check_positions(setup: TableSetup) -> None:
    if not 1 <= setup.button <= setup.seat_count:
        raise _refuse(f"the button seat {setup.button} is not a seat of this {setup.seat_count}-seat table", "bad_seat")
    players = setup.players
    for label, seat in (("big blind", setup.big_blind_seat), ("small blind", setup.small_blind_seat)):
        if seat is not None and seat not in players:
            raise _refuse(f"the {label} seat {seat} has no player dealt in", "bad_seat")
    if setup.small_blind_seat is not None and setup.small_blind_seat == setup.big_blind_seat:
        raise _refuse(f"seat {setup.small_blind_seat} cannot post both blinds", "bad_seat")
    seen: set[int] = set()
    for post in setup.posts:
        if post.seat not in players:
            raise _refuse(f"seat {post.seat} posts but is not dealt in", "bad_seat")
        if post.seat in seen:
            raise _refuse(f"seat {post.seat} has two extra posts", "bad_seat")
        seen.add(post.seat)
        _check_multiple("extra post", post.live + post.dead, setup.chip_unit)
