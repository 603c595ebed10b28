"""The organizer's fee arithmetic: a percentage of each pot, or an hourly fee.

Pure Python on purpose: the engine (``games.engine``) computes each hand's fee
with it and the rake app's services reuse it, so both always agree. An
import-linter contract in ``pyproject.toml`` keeps Django and the other apps
out of this module.

Money is integers of the minor unit; the rate is a ``Decimal`` turned into an
exact integer fraction, so no float ever touches an amount.

The regulation (``tables/rules/club-poker.md``, "Fees"): the percentage fee
"may not exceed 5% of that bank". The house reading: rounded *down* to the
smallest chip at the table, a cap applies per hand (rule case 34), and a hand
ended before the flop pays nothing when "no flop, no drop" is on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal, get_args

MAX_RATE = Decimal("0.05")

Allocation = Literal["main_first", "proportional"]
TimeUnit = Literal["hour", "half_hour", "minute"]

_ALLOCATIONS: tuple[str, ...] = get_args(Allocation)
_TIME_UNITS: tuple[str, ...] = get_args(TimeUnit)
_SECONDS_PER_UNIT: dict[str, int] = {"hour": 3600, "half_hour": 1800, "minute": 60}


class FeePolicyError(ValueError):
    """A fee setting or an input the regulation or the house rules refuse."""


def _percent(rate: Decimal) -> str:
    # ``:f`` after normalize() keeps "300" from turning into "3E+2".
    return f"{(rate * 100).normalize():f}"


def _check_int(name: str, value: object, *, minimum: int) -> None:
    # bool is an int subclass; True as a cap would be a silent bug.
    if not isinstance(value, int) or isinstance(value, bool):
        raise FeePolicyError(f"{name} must be a whole number of minor units, not {value!r}")
    if value < minimum:
        raise FeePolicyError(f"{name} must be at least {minimum}, not {value}")


def check_rate(rate: object) -> Decimal:
    """Validate a percentage-fee rate (a fraction: ``Decimal("0.05")`` is 5%)."""
    if not isinstance(rate, Decimal):
        # A float such as 0.05 is really 0.05000000000000000277: refuse it
        # rather than guess what was meant.
        raise FeePolicyError(f"a percentage fee rate must be a Decimal, not {type(rate).__name__} {rate!r}")
    if not rate.is_finite():
        raise FeePolicyError(f"a percentage fee rate must be a number, not {rate}")
    if rate <= 0:
        raise FeePolicyError(f"a percentage fee of {_percent(rate)}% is not above 0%: use no fee policy instead")
    if rate > MAX_RATE:
        raise FeePolicyError(
            f"a percentage fee of {_percent(rate)}% is above the {_percent(MAX_RATE)}% the regulation allows"
        )
    return rate


@dataclass(frozen=True)
class PercentageFee:
    """A percentage of each pot, at most 5%, with an optional cap per hand.

    ``caps_by_players`` holds ``(min players dealt in, cap)`` pairs; the pair
    with the largest minimum not above the players dealt in overrides
    ``cap_per_hand``.
    """

    rate: Decimal
    cap_per_hand: int | None = None
    caps_by_players: tuple[tuple[int, int], ...] = ()
    min_pot: int = 0
    no_flop_no_drop: bool = True
    allocation: Allocation = "main_first"

    def __post_init__(self) -> None:
        check_rate(self.rate)
        if self.cap_per_hand is not None:
            _check_int("the fee cap per hand", self.cap_per_hand, minimum=1)
        seen: set[int] = set()
        for pair in self.caps_by_players:
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise FeePolicyError(f"a cap by players must be a (min players, cap) pair, not {pair!r}")
            players, cap = pair
            _check_int("the player count of a fee cap", players, minimum=1)
            _check_int(f"the fee cap for {players}+ players", cap, minimum=1)
            if players in seen:
                raise FeePolicyError(f"two fee caps are set for {players}+ players")
            seen.add(players)
        _check_int("the minimum pot for a fee", self.min_pot, minimum=0)
        if not isinstance(self.no_flop_no_drop, bool):
            raise FeePolicyError(f"no_flop_no_drop must be True or False, not {self.no_flop_no_drop!r}")
        if self.allocation not in _ALLOCATIONS:
            raise FeePolicyError(
                f"the fee allocation must be one of {', '.join(_ALLOCATIONS)}, not {self.allocation!r}"
            )

    def cap_for(self, players_dealt: int) -> int | None:
        """The cap per hand in force for a hand with this many players dealt in."""
        best: tuple[int, int] | None = None
        for players, cap in self.caps_by_players:
            if players <= players_dealt and (best is None or players > best[0]):
                best = (players, cap)
        return best[1] if best is not None else self.cap_per_hand


def pot_fee(rate: Decimal, pot: int, chip_unit: int) -> int:
    """``floor(pot × rate)`` rounded down to a multiple of ``chip_unit``, before any cap."""
    numerator, denominator = rate.as_integer_ratio()
    fee = pot * numerator // denominator
    return fee - fee % chip_unit


def _spread(total: int, weights: list[int], chip_unit: int) -> list[int]:
    """Split ``total`` (a multiple of ``chip_unit``) in proportion to ``weights``.

    Largest remainder in whole chips: every share is a multiple of the chip,
    never above its weight (``total <= sum(weights)``), and the shares add up
    to ``total`` exactly; equal remainders favour the earlier pot (main first).
    """
    units = [w // chip_unit for w in weights]
    total_units = total // chip_unit
    whole = sum(units)
    if whole == 0:
        return [0] * len(weights)
    shares = [total_units * u // whole for u in units]
    left = total_units - sum(shares)
    by_remainder = sorted(range(len(units)), key=lambda i: (-(total_units * units[i] % whole), i))
    for i in by_remainder[:left]:
        shares[i] += 1
    return [s * chip_unit for s in shares]


def hand_fees(
    policy: PercentageFee | None,
    pots: Sequence[int],
    *,
    chip_unit: int,
    players_dealt: int,
    saw_flop: bool,
) -> list[int]:
    """The fee of each pot of one hand, in the order of ``pots`` (main pot first).

    ``saw_flop`` only matters for "no flop, no drop"; a game without a flop
    (Club Poker) passes ``True``. A Club Poker bank carried into a replay is
    charged by the hand that finally awards it: the caller passes the pots of
    that hand only, so a bank is never charged twice.
    """
    _check_int("the smallest chip", chip_unit, minimum=1)
    _check_int("the number of players dealt in", players_dealt, minimum=0)
    for pot in pots:
        _check_int("a pot", pot, minimum=0)
    if policy is None or (policy.no_flop_no_drop and not saw_flop):
        return [0] * len(pots)
    raw = [pot_fee(policy.rate, pot, chip_unit) if pot >= policy.min_pot else 0 for pot in pots]
    cap = policy.cap_for(players_dealt)
    if cap is None or sum(raw) <= cap:
        return raw
    # Every fee is a whole number of chips, so the cap in force is too.
    total = cap - cap % chip_unit
    if policy.allocation == "proportional":
        return _spread(total, raw, chip_unit)
    fees: list[int] = []
    for fee in raw:
        taken = min(fee, total)
        fees.append(taken)
        total -= taken
    return fees


@dataclass(frozen=True)
class HourlyFee:
    """An amount per seated player per hour, charged by started hour, started half hour or minute."""

    amount_per_hour: int
    unit: TimeUnit = "hour"
    charge_away: bool = False

    def __post_init__(self) -> None:
        _check_int("the hourly fee", self.amount_per_hour, minimum=1)
        if self.unit not in _TIME_UNITS:
            raise FeePolicyError(f"the hourly fee unit must be one of {', '.join(_TIME_UNITS)}, not {self.unit!r}")
        if not isinstance(self.charge_away, bool):
            raise FeePolicyError(f"charge_away must be True or False, not {self.charge_away!r}")


def time_charge(policy: HourlyFee, seconds_played: int, *, seconds_away: int = 0) -> int:
    """What one player owes for this much time at the table, in minor units.

    Every *started* unit is charged: 61 minutes by the hour is two hours, by
    the half hour three half hours, by the minute 61 minutes. The price of the
    units is ``units × amount_per_hour / units per hour`` rounded down to the
    minor unit once, over the whole time (so two half hours cost exactly one
    hour even when the hourly amount is odd). Time away (seat kept, not
    played) counts only when the policy says so.
    """
    _check_int("the seconds played", seconds_played, minimum=0)
    _check_int("the seconds away", seconds_away, minimum=0)
    seconds = seconds_played + (seconds_away if policy.charge_away else 0)
    size = _SECONDS_PER_UNIT[policy.unit]
    units = -(-seconds // size)
    return units * policy.amount_per_hour * size // 3600
