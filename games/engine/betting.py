"""One betting round: forced bets, whose turn, what is legal, and applying an action.

The functions mutate a fresh copy of a ``Hand`` that ``Hand.apply`` made; they
never touch a state a caller still holds.

Reopening (R3, R4, R5): each player's ``acted`` level is the bet they last
acted on (fixed limit: the last *full* bet level). In no-limit and pot-limit
a player who has acted may raise again only when the bet has since grown by
at least one full raise, so one short all-in does not reopen the betting
and several that add up to a full raise do. In fixed limit an all-in of at
least half a bet counts as a full bet.

Chips move only through ``pay`` and ``refund``, which keep the hand's running
count of players able to bet (``Hand.able``); ``Hand.live`` counts the
players still in. Every action taken is recorded, after corrections, as an
``EffectiveAction``. Whose turn an entered action is, and actions out of
turn, are ``games.engine.turns``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from games.engine.errors import AmountError
from games.engine.events import Action, ActionKind
from games.engine.results import Flag, Phase
from games.engine.setup import Structure

if TYPE_CHECKING:
    from games.engine.state import Hand

NOT_ACTED = -1
NOBODY = -1

# ROTATIONS[n][k]: the indexes 0..n-1 clockwise from index k (tables have 2 to 10 players).
ROTATIONS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((k + j) % n for j in range(n)) for k in range(n)) for n in range(11)
)


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What the seat to act may do, for the dealer's screen.

    ``call_amount`` is the chips a call adds (0: the seat may check);
    ``raise_kind`` is BET or RAISE when one is allowed, with ``min_to`` and
    ``max_to`` the allowed totals for this round (both the all-in total when
    the seat cannot make a full bet or raise); ``no_raise_reason`` says why not.
    """

    seat: int
    call_amount: int
    can_check: bool
    raise_kind: ActionKind | None
    min_to: int
    max_to: int
    all_in_to: int
    no_raise_reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["raise_kind"] = None if self.raise_kind is None else self.raise_kind.value
        data["kinds"] = [kind.value for kind in self.kinds]
        return data

    @property
    def kinds(self) -> tuple[ActionKind, ...]:
        found = [ActionKind.FOLD, ActionKind.CHECK if self.can_check else ActionKind.CALL]
        if self.raise_kind is not None:
            found.append(self.raise_kind)
        return tuple(found)


class EffectiveAction(NamedTuple):
    """One betting action as the rules took it (``Hand.effective_actions``).

    kind: what it became: a raise under half the increment is a CALL (R2), a
        raise nobody can exceed is a CALL; BET and RAISE only when the bet grew.
    to: the seat's bet this round after the action, before any uncalled part
        comes back at the end of the round (case 27); for a fold, the bet left.
    chips: what the action put in (a call all-in for less: what was left).
    all_in: the action left the seat with no chips.
    street: the street's name ("preflop", "flop"... or Club Poker's rounds).
    out_of_turn: it was recorded before its turn and held as binding (R19).
    entered: the event as staff entered it.
    """

    seat: int
    kind: ActionKind
    to: int
    chips: int
    all_in: bool
    street: str
    out_of_turn: bool
    entered: Action

    @classmethod
    def from_record(cls, record: ActionRecord) -> EffectiveAction:
        seat, kind, to, chips, all_in, street, out_of_turn, entered_kind, entered_amount = record
        entered = Action(seat, ActionKind(entered_kind), entered_amount, out_of_turn)
        return cls(seat, ActionKind(kind), to, chips, all_in, street, out_of_turn, entered)


# How a state keeps an ``EffectiveAction``: a plain tuple of ints, bools and
# strings, which the garbage collector stops tracking, where a named tuple
# holding the entered ``Action`` stays tracked in every finished hand a
# replay keeps (measured: a large part of a long replay went to GC; bench/README.md).
ActionRecord = tuple[int, str, int, int, bool, str, bool, str, int]


def pay(h: Hand, i: int, chips: int, *, live: bool = True) -> None:
    """Move chips from the stack to the pot (live: also to the seat's bet this round)."""
    stacks = h.stacks
    stacks[i] -= chips
    h.totals[i] += chips
    if live:
        h.bets[i] += chips
    if chips and not stacks[i] and not h.folded[i]:
        h.able -= 1


def pay_dead(h: Hand, i: int, chips: int, *, card_fee: bool = False) -> None:
    """Move chips from the stack to the pot as dead money (case 57): part of no bet and of no side-pot layer.

    A card fee goes to the highest pot the payer shares; any other dead
    money (a dead blind, a big-blind ante, an untrimmed ante) to the main pot.
    """
    pay(h, i, chips, live=False)
    if chips:
        if card_fee:
            h.card_fees = _plus(h.card_fees, i, chips)
        else:
            h.dead_money = _plus(h.dead_money, i, chips)


def _plus(values: tuple[int, ...], i: int, chips: int) -> tuple[int, ...]:
    return (*values[:i], values[i] + chips, *values[i + 1 :])


def refund(h: Hand, i: int, chips: int) -> None:
    """Give back chips of the seat's bet this round (an uncalled bet)."""
    if chips and not h.stacks[i] and not h.folded[i]:
        h.able += 1
    h.stacks[i] += chips
    h.bets[i] -= chips
    h.totals[i] -= chips


def recount(h: Hand) -> None:
    """Count again the players still in and those able to bet (after stacks are replaced wholesale)."""
    h.live = h.folded.count(False)
    h.able = sum(1 for folded, chips in zip(h.folded, h.stacks, strict=True) if not folded and chips)


def bet_size(h: Hand) -> int:
    """Fixed limit's bet for this round: the small bet early, the big bet late."""
    small, big = h.setup.limit_bets
    late = h.street >= 2
    return big if late else small


def start_round(h: Hand, *, anchor: int, current_bet: int = 0, full_bets: int = 0) -> None:
    """Open a betting round; action starts with the first seat after seat ``anchor`` that must act."""
    setup = h.setup
    h.phase = Phase.BETTING
    h.acted = [NOT_ACTED] * len(h.seats)
    h.current_bet = current_bet
    h.aggressor = NOBODY
    limit = setup.structure is Structure.FIXED_LIMIT
    h.min_raise = bet_size(h) if limit else setup.bring_in
    h.full_level = current_bet
    h.raise_count = full_bets
    h.held = ()
    options = setup.options
    h.capped = limit and (options.limit_cap_as_pokerkit or options.limit_cap_heads_up or h.able > 2)
    h.to_act = next_to_act(h, h.index_after(anchor))


def needs_action(h: Hand, i: int) -> bool:
    if h.folded[i] or h.stacks[i] == 0:
        return False
    if h.acted[i] != NOT_ACTED and h.bets[i] >= h.current_bet:
        return False
    if h.able < 2:
        # Nobody left to bet against: act only to call chips already in.
        return h.bets[i] < _max_other_bet(h, i)
    return True


def next_to_act(h: Hand, start: int) -> int:
    """The first seat from index ``start`` on that must act; NOBODY when the round is over."""
    order = ROTATIONS[len(h.seats)][start]
    if h.able < 2:
        return next((i for i in order if needs_action(h, i)), NOBODY)
    folded, stacks, acted, bets, level = h.folded, h.stacks, h.acted, h.bets, h.current_bet
    for i in order:
        if not folded[i] and stacks[i] and (acted[i] == NOT_ACTED or bets[i] < level):
            return i
    return NOBODY


def _opponent_with_chips(h: Hand, i: int) -> bool:
    mine = 0 if h.folded[i] or not h.stacks[i] else 1
    return h.able > mine


def _max_other_bet(h: Hand, i: int) -> int:
    top = 0
    for j, chips in enumerate(h.bets):  # a loop: a generator here cost a replay several percent
        if chips > top and j != i:
            top = chips
    return top


def _call_to(h: Hand, i: int) -> int:
    if _opponent_with_chips(h, i):
        return h.current_bet
    # Everyone else is all-in: the bet to call is the biggest one actually made
    # (a full short big blind would only come back as uncalled).
    return max(h.bets[i], min(h.current_bet, _max_other_bet(h, i)))


def legal_actions(h: Hand) -> LegalActions | None:
    i = h.to_act
    if h.phase is not Phase.BETTING or i == NOBODY:
        return None
    all_in_to = h.bets[i] + h.stacks[i]
    call_amount = min(max(0, _call_to(h, i) - h.bets[i]), h.stacks[i])
    reason = _no_raise_reason(h, i)
    kind = None if reason else (ActionKind.RAISE if h.current_bet else ActionKind.BET)
    low, high = raise_bounds(h, i) if kind else (0, 0)
    return LegalActions(h.seats[i], call_amount, call_amount == 0, kind, low, high, all_in_to, reason)


def _no_raise_reason(h: Hand, i: int) -> str:
    seat = h.seats[i]
    if not _opponent_with_chips(h, i):
        return f"seat {seat} cannot raise: every opponent is all-in"
    if h.bets[i] + h.stacks[i] <= h.current_bet:
        return f"seat {seat} cannot raise: a call of {h.current_bet - h.bets[i]} takes every chip"
    if h.acted[i] != NOT_ACTED and not _reopened(h, i):
        full = h.full_level + bet_size(h) if h.setup.structure is Structure.FIXED_LIMIT else h.acted[i] + h.min_raise
        return (
            f"seat {seat} cannot raise: the betting was not reopened "
            f"(the bet is {h.current_bet}; only a full raise to {full} reopens it)"
        )
    if h.capped and h.raise_count >= _cap_count(h):
        return (
            f"seat {seat} cannot raise: the betting is capped at {h.current_bet} (a bet and {_cap_count(h) - 1} raises)"
        )
    if h.drew[i] > 0 and not h.setup.options.club_drawn_may_raise:
        return f"seat {seat} cannot bet or raise: after buying cards a player may only play on (call or check) or fold"
    return ""


def _reopened(h: Hand, i: int) -> bool:
    if h.setup.structure is Structure.FIXED_LIMIT:
        return h.full_level > h.acted[i]
    return h.current_bet >= h.acted[i] + h.min_raise


def _cap_count(h: Hand) -> int:
    # pokerkit counts at most 4 bets and raises, the big blind not among them;
    # the house counts the opening bet (pre-flop: the big blind) plus the raises.
    options = h.setup.options
    return 4 if options.limit_cap_as_pokerkit else 1 + options.limit_cap_raises


def raise_bounds(h: Hand, i: int) -> tuple[int, int]:
    """Smallest and largest bet or raise-to for the seat, each at most all-in."""
    all_in_to = h.bets[i] + h.stacks[i]
    structure = h.setup.structure
    if structure is Structure.FIXED_LIMIT:
        to = min(h.full_level + bet_size(h), all_in_to)
        return to, to
    # After an all-in off the chip unit the minimum rounds up to a whole chip (R23).
    unit = h.setup.chip_unit
    low = min(-(-(h.current_bet + h.min_raise) // unit) * unit, all_in_to)
    high = all_in_to
    if structure is Structure.POT_LIMIT:
        pot_max = pot_limit_max(h, i)
        high = max(low, min(high, pot_max - pot_max % unit))
    return low, high


def pot_limit_max(h: Hand, i: int) -> int:
    """The pot after calling, added to the bet (R7: pot 100, facing 50 -> raise to 250)."""
    pot = sum(h.totals) + h.setup.carried
    setup = h.setup
    sb = h.small_blind_index
    if setup.options.pot_limit_round_blinds and h.street == 0 and sb != NOBODY and h.bets[sb] == setup.small_blind:
        pot += setup.big_blind - setup.small_blind  # WSOP: the small blind counts as a big blind (5/10 opens to 40)
    return h.current_bet + pot + (h.current_bet - h.bets[i])


def take(h: Hand, i: int, action: Action, *, out_of_turn: bool = False) -> None:
    """Apply seat index ``i``'s action (its turn is the caller's business) and record it as taken."""
    chips_before = h.stacks[i]
    kind = action.kind
    if kind is ActionKind.FOLD:
        _fold(h, i)
    elif kind is ActionKind.CHECK:
        _check(h, i)
    elif kind is ActionKind.CALL:
        _call(h, i)
    else:
        kind = _bet_or_raise(h, i, action)
    h.actions += 1
    chips = chips_before - h.stacks[i]
    all_in = chips > 0 and not h.stacks[i]
    record: ActionRecord = (
        h.seats[i], kind._value_, h.bets[i], chips, all_in, h.street_name, out_of_turn, action.kind._value_,
        action.amount
    )  # fmt: skip
    h.effective += (record,)


def _fold(h: Hand, i: int) -> None:
    if _call_to(h, i) <= h.bets[i]:
        seat = h.seats[i]
        h.notes += (f"seat {seat} folded when checking was possible",)
        if h.setup.options.tournament_mode:
            message = f"seat {seat} folded when checking was possible at a tournament table (case 25)"
            h.flags += (Flag(seat, "fold_when_check_possible", message),)
    h.folded[i] = True
    h.live -= 1
    if h.stacks[i]:
        h.able -= 1


def _check(h: Hand, i: int) -> None:
    facing = _call_to(h, i) - h.bets[i]
    if facing > 0:
        raise AmountError(
            f"seat {h.seats[i]} cannot check: facing a bet of {h.current_bet}", code="cannot_check", to_call=facing
        )
    h.acted[i] = _level(h)


def _call(h: Hand, i: int) -> None:
    need = _call_to(h, i) - h.bets[i]
    if need <= 0:
        raise AmountError(
            f"seat {h.seats[i]} cannot call: there is no bet to call (check instead)", code="nothing_to_call"
        )
    pay(h, i, min(need, h.stacks[i]))
    h.chip_actions += 1
    h.acted[i] = _level(h)


def _level(h: Hand) -> int:
    return h.full_level if h.setup.structure is Structure.FIXED_LIMIT else h.current_bet


def _bet_or_raise(h: Hand, i: int, action: Action) -> ActionKind:
    """Apply a bet or raise; the kind it became (CALL when corrected to a call)."""
    seat = h.seats[i]
    expected = ActionKind.RAISE if h.current_bet else ActionKind.BET
    if action.kind is not expected:
        if expected is ActionKind.RAISE:
            raise AmountError(
                f"seat {seat} cannot bet: facing a bet of {h.current_bet} (raise instead)", code="use_raise"
            )
        raise AmountError(f"seat {seat} cannot raise: there is no bet to raise (bet instead)", code="use_bet")
    reason = _no_raise_reason(h, i)
    if reason:
        code = "betting_capped" if "capped" in reason else "raise_not_allowed"
        raise AmountError(reason, code=code)
    to = _checked_amount(h, i, action)
    if to <= h.current_bet:  # an under-raise corrected to a call
        _call(h, i)
        return ActionKind.CALL
    pay(h, i, to - h.bets[i])
    h.chip_actions += 1
    _raise_level(h, i, to)
    return expected


def _raise_level(h: Hand, i: int, to: int) -> None:
    all_in = h.stacks[i] == 0
    if h.setup.structure is Structure.FIXED_LIMIT:
        size = bet_size(h)
        if not all_in or 2 * (to - h.full_level) >= size:  # R5: half a bet or more counts as a full bet
            h.full_level = to
            h.raise_count += 1
    elif to - h.current_bet >= h.min_raise:
        h.min_raise = to - h.current_bet
        h.full_level = to
    h.current_bet = to
    h.acted[i] = _level(h)
    h.aggressor = i


def _checked_amount(h: Hand, i: int, action: Action) -> int:
    """The bet or raise-to the rules accept for this entry, corrected where the house says so."""
    seat, to = h.seats[i], action.amount
    word = "bet of" if action.kind is ActionKind.BET else "raise to"
    all_in_to = h.bets[i] + h.stacks[i]
    if to > all_in_to:
        raise AmountError(f"{word} {to} is more than seat {seat} has: all-in is {all_in_to}", code="exceeds_stack")
    if to == all_in_to:
        return _capped_all_in(h, i, to, word)
    if to % h.setup.chip_unit and h.setup.structure is not Structure.FIXED_LIMIT:
        raise AmountError(
            f"{word} {to} is not a multiple of the smallest chip {h.setup.chip_unit} (R23)", code="bad_chip_unit"
        )
    low, high = raise_bounds(h, i)
    if h.setup.structure is Structure.FIXED_LIMIT and to != low:
        raise AmountError(f"{word} {to} is not the fixed-limit {word} {low}", code="fixed_limit_amount")
    if to < low:
        return _under_raise(h, i, to, low, word)
    if to > high:
        if h.setup.options.pot_limit_reduce_oversize:
            h.notes += (f"seat {seat}: {word} {to} reduced to the pot-limit maximum {high} (R7)",)
            return high
        raise AmountError(f"{word} {to} is above the pot-limit maximum of {high}", code="above_pot_limit")
    return to


def _capped_all_in(h: Hand, i: int, to: int, word: str) -> int:
    _low, high = raise_bounds(h, i)
    if to <= high:
        return to
    if h.setup.options.pot_limit_reduce_oversize:
        h.notes += (f"seat {h.seats[i]}: {word} {to} reduced to the pot-limit maximum {high} (R7)",)
        return high
    raise AmountError(f"{word} {to} is above the pot-limit maximum of {high}", code="above_pot_limit")


def _under_raise(h: Hand, i: int, to: int, low: int, word: str) -> int:
    """R2 / case 14: at least half the last full increment becomes the minimum, less becomes a call."""
    seat = h.seats[i]
    if not h.setup.options.underraise_correct:
        if h.current_bet == 0:
            raise AmountError(f"bet of {to} is below the minimum bet of {low}", code="below_min_bet")
        raise AmountError(f"raise to {to} is below the minimum raise to {low}", code="below_min_raise")
    if 2 * (to - h.current_bet) >= h.min_raise:
        h.notes += (f"seat {seat}: {word} {to} corrected to the minimum {low} (R2)",)
        return low
    h.notes += (f"seat {seat}: {word} {to} is under half a raise and counts as a call (R2)",)
    return h.current_bet


def return_uncalled(h: Hand) -> None:
    """Give back what nobody matched (cases 27 and 60), before pots are built.

    The part of the biggest bet of the round nobody matched; then, once nobody
    else can put in another chip, the part of a player's live chips above
    everyone else's (a short ante or blind): chips only their owner could win
    are not a pot, so no fee is taken on them.
    """
    if not h.bets:
        return
    top = max(range(len(h.seats)), key=lambda j: h.bets[j])
    excess = h.bets[top] - _max_other_bet(h, top)
    if excess > 0:
        refund(h, top, excess)
    unmatched = _return_unmatched(h)
    if unmatched is not None and unmatched[0] == top:
        excess = max(excess, 0) + unmatched[1]
    elif unmatched is not None:
        h.returned += ((h.seats[unmatched[0]], unmatched[1]),)
    if excess > 0:
        h.returned += ((h.seats[top], excess),)


def _return_unmatched(h: Hand) -> tuple[int, int] | None:
    """Give back the live chips one player put in above every other player's, when nobody else can
    still match them (the others folded or all in); (player, chips) or None.

    Dead money is not counted (case 57): it belongs to the pot whoever paid it.
    """
    live = [t - d - f for t, d, f in zip(h.totals, h.dead_money, h.card_fees, strict=True)]
    top = max(range(len(live)), key=lambda j: live[j])
    stacks, folded = h.stacks, h.folded
    if any(stacks[j] and not folded[j] for j in range(len(live)) if j != top):
        return None
    excess = live[top] - max([chips for j, chips in enumerate(live) if j != top])
    if excess <= 0:
        return None
    if not stacks[top] and not folded[top]:
        h.able += 1
    stacks[top] += excess
    h.totals[top] -= excess
    return top, excess
