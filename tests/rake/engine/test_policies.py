"""The fee arithmetic of ``rake.engine.policies``: the 5% rule, rounding, caps, hourly units."""

from __future__ import annotations

import ast
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rake.engine.policies import (
    MAX_RATE,
    FeePolicyError,
    HourlyFee,
    PercentageFee,
    hand_fees,
    time_charge,
)

FIVE = Decimal("0.05")


def fees(policy: PercentageFee | None, *pots: int, chip: int = 1, players: int = 6, flop: bool = True) -> list[int]:
    return hand_fees(policy, pots, chip_unit=chip, players_dealt=players, saw_flop=flop)


# -- the 5% boundary ---------------------------------------------------------


def test_accepts_exactly_five_percent() -> None:
    assert PercentageFee(Decimal("5.00") / 100).rate == MAX_RATE
    assert PercentageFee(Decimal("0.0500")).rate == MAX_RATE


def test_refuses_five_point_zero_one_percent_naming_the_rule() -> None:
    with pytest.raises(FeePolicyError) as caught:
        PercentageFee(Decimal("0.0501"))
    assert str(caught.value) == "a percentage fee of 5.01% is above the 5% the regulation allows"


@pytest.mark.parametrize("rate", [Decimal("0.050000001"), Decimal("0.06"), Decimal("1"), Decimal("3")])
def test_refuses_anything_above_five_percent(rate: Decimal) -> None:
    with pytest.raises(FeePolicyError, match="above the 5% the regulation allows"):
        PercentageFee(rate)


@pytest.mark.parametrize("rate", [Decimal(0), Decimal("-0.01"), Decimal("-0")])
def test_refuses_zero_and_negative_rates(rate: Decimal) -> None:
    with pytest.raises(FeePolicyError, match="is not above 0%"):
        PercentageFee(rate)


@pytest.mark.parametrize("rate", [Decimal("NaN"), Decimal("sNaN"), Decimal("Infinity"), Decimal("-Infinity")])
def test_refuses_non_numbers(rate: Decimal) -> None:
    with pytest.raises(FeePolicyError, match="must be a number"):
        PercentageFee(rate)


@pytest.mark.parametrize("rate", [0.05, 0.01, 1, "0.05", None])
def test_refuses_a_rate_that_is_not_a_decimal(rate: object) -> None:
    with pytest.raises(FeePolicyError, match="must be a Decimal"):
        PercentageFee(rate)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"cap_per_hand": 0}, "cap per hand must be at least 1"),
        ({"cap_per_hand": True}, "whole number"),
        ({"cap_per_hand": 2.5}, "whole number"),
        ({"caps_by_players": ((7, 0),)}, "cap for 7\\+ players must be at least 1"),
        ({"caps_by_players": ((7, 30), (7, 40))}, "two fee caps are set for 7\\+ players"),
        ({"caps_by_players": ((7,),)}, "pair"),
        ({"min_pot": -1}, "minimum pot for a fee must be at least 0"),
        ({"allocation": "random"}, "allocation must be one of main_first, proportional"),
        ({"no_flop_no_drop": 1}, "True or False"),
    ],
)
def test_refuses_bad_settings(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(FeePolicyError, match=message):
        PercentageFee(FIVE, **kwargs)  # type: ignore[arg-type]


# -- one pot ------------------------------------------------------------------


def test_no_policy_takes_nothing() -> None:
    assert fees(None, 1000, 500) == [0, 0]


def test_fee_is_rounded_down_to_the_smallest_chip() -> None:
    assert fees(PercentageFee(FIVE), 199) == [9]  # 9.95 -> 9
    assert fees(PercentageFee(FIVE), 199, chip=5) == [5]  # 9 -> one 5 chip
    assert fees(PercentageFee(FIVE), 99, chip=5) == [0]  # 4.95 -> no whole chip
    assert fees(PercentageFee(Decimal("0.025")), 1000, chip=25) == [25]


def test_min_pot_exempts_smaller_pots_only() -> None:
    policy = PercentageFee(FIVE, min_pot=100)
    assert fees(policy, 99) == [0]
    assert fees(policy, 100) == [5]
    assert fees(policy, 300, 80) == [15, 0]


def test_no_flop_no_drop() -> None:
    assert fees(PercentageFee(FIVE), 1000, flop=False) == [0]
    assert fees(PercentageFee(FIVE, no_flop_no_drop=False), 1000, flop=False) == [50]


# -- caps and side pots -------------------------------------------------------


def test_rule_case_34_cap_is_per_hand_main_pot_first() -> None:
    # 5% of 90 + 80 = 4 + 4 before the cap; pokerkit would take 3 + 3.
    assert fees(PercentageFee(FIVE, cap_per_hand=3), 90, 80) == [3, 0]


def test_rule_case_34_cap_is_per_hand_in_proportion() -> None:
    assert fees(PercentageFee(FIVE, cap_per_hand=3, allocation="proportional"), 90, 80) == [2, 1]


def test_proportional_spread_follows_the_pot_sizes() -> None:
    policy = PercentageFee(FIVE, cap_per_hand=30, allocation="proportional")
    assert fees(policy, 1000, 500, 100) == [19, 9, 2]  # 50 + 25 + 5 -> 30 = 18.75 + 9.375 + 1.875


def test_cap_is_rounded_down_to_the_smallest_chip() -> None:
    assert fees(PercentageFee(FIVE, cap_per_hand=12), 1000, chip=5) == [10]
    assert fees(PercentageFee(FIVE, cap_per_hand=12, allocation="proportional"), 400, 400, chip=5) == [5, 5]


def test_side_pots_each_pay_their_own_fee_without_a_cap() -> None:
    assert fees(PercentageFee(FIVE), 200, 150, 200) == [10, 7, 10]


def test_cap_by_players_dealt_in() -> None:
    policy = PercentageFee(FIVE, cap_per_hand=20, caps_by_players=((7, 30), (9, 40)))
    assert policy.cap_for(2) == 20
    assert policy.cap_for(7) == 30
    assert policy.cap_for(8) == 30
    assert policy.cap_for(10) == 40
    assert fees(policy, 2000, players=6) == [20]
    assert fees(policy, 2000, players=7) == [30]
    assert fees(policy, 2000, players=9) == [40]


def test_cap_by_players_without_a_general_cap() -> None:
    policy = PercentageFee(FIVE, caps_by_players=((7, 30),))
    assert fees(policy, 2000, players=6) == [100]
    assert fees(policy, 2000, players=7) == [30]


def test_refuses_bad_inputs() -> None:
    with pytest.raises(FeePolicyError, match="smallest chip must be at least 1"):
        fees(PercentageFee(FIVE), 100, chip=0)
    with pytest.raises(FeePolicyError, match="a pot must be at least 0"):
        fees(PercentageFee(FIVE), -5)


# -- properties ---------------------------------------------------------------

policies = st.builds(
    PercentageFee,
    rate=st.decimals(min_value=Decimal("0.0001"), max_value=MAX_RATE, places=4),
    cap_per_hand=st.none() | st.integers(1, 500),
    caps_by_players=st.lists(
        st.tuples(st.integers(2, 10), st.integers(1, 500)), max_size=3, unique_by=lambda p: p[0]
    ).map(tuple),
    min_pot=st.integers(0, 300),
    no_flop_no_drop=st.booleans(),
    allocation=st.sampled_from(["main_first", "proportional"]),
)


@given(
    policy=st.none() | policies,
    pots=st.lists(st.integers(0, 100_000), max_size=9),
    chip=st.sampled_from([1, 5, 25, 100]),
    players=st.integers(2, 10),
    flop=st.booleans(),
)
def test_fees_never_break_the_rules(
    policy: PercentageFee | None, pots: list[int], chip: int, players: int, flop: bool
) -> None:
    taken = fees(policy, *pots, chip=chip, players=players, flop=flop)
    assert len(taken) == len(pots)
    for pot, fee in zip(pots, taken, strict=True):
        assert 0 <= fee * 20 <= pot  # never above 5% of that pot
        assert fee % chip == 0
        assert pot - fee >= 0  # what the winners get plus the fee is the pot: nothing created or lost
    if policy is not None:
        cap = policy.cap_for(players)
        if cap is not None:
            assert sum(taken) <= cap
        uncapped = fees(PercentageFee(policy.rate, min_pot=policy.min_pot), *pots, chip=chip, players=players)
        if policy.no_flop_no_drop and not flop:
            assert sum(taken) == 0
        elif cap is None or sum(uncapped) <= cap:
            assert taken == uncapped
        else:  # the cap binds: the hand pays the whole cap (in whole chips), no less
            assert sum(taken) == cap - cap % chip


# -- hourly fee ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("unit", "seconds", "owed"),
    [
        ("hour", 0, 0),
        ("hour", 1, 1000),
        ("hour", 3600, 1000),
        ("hour", 3601, 2000),
        ("half_hour", 1, 500),
        ("half_hour", 1800, 500),
        ("half_hour", 1801, 1000),
        ("half_hour", 3660, 1500),
        ("minute", 59, 16),  # 1000 / 60 = 16.66 -> 16
        ("minute", 60, 16),
        ("minute", 61, 33),  # two started minutes = 33.33 -> 33
        ("minute", 3600, 1000),
    ],
)
def test_hourly_units(unit: str, seconds: int, owed: int) -> None:
    assert time_charge(HourlyFee(1000, unit), seconds) == owed  # type: ignore[arg-type]


def test_two_half_hours_of_an_odd_amount_cost_one_hour() -> None:
    assert time_charge(HourlyFee(1001, "half_hour"), 1800) == 500
    assert time_charge(HourlyFee(1001, "half_hour"), 3600) == 1001


def test_time_away_is_charged_only_when_the_policy_says_so() -> None:
    assert time_charge(HourlyFee(1000), 1800, seconds_away=3600) == 1000
    assert time_charge(HourlyFee(1000, charge_away=True), 1800, seconds_away=3600) == 2000


def test_refuses_bad_hourly_settings() -> None:
    with pytest.raises(FeePolicyError, match="hourly fee must be at least 1"):
        HourlyFee(0)
    with pytest.raises(FeePolicyError, match="unit must be one of hour, half_hour, minute"):
        HourlyFee(1000, "day")  # type: ignore[arg-type]
    with pytest.raises(FeePolicyError, match="seconds played must be at least 0"):
        time_charge(HourlyFee(1000), -1)


@given(amount=st.integers(1, 10**7), seconds=st.integers(0, 10**6))
def test_finer_units_never_charge_more(amount: int, seconds: int) -> None:
    hour, half, minute = (time_charge(HourlyFee(amount, u), seconds) for u in ("hour", "half_hour", "minute"))
    assert minute <= half <= hour


def test_policies_module_imports_nothing_from_django_or_the_apps() -> None:
    import rake.engine.policies

    tree = ast.parse(Path(rake.engine.policies.__file__).read_text())
    imported = {
        name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for name in ([a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""])
    }
    assert imported <= {"__future__", "collections", "dataclasses", "decimal", "typing"}
