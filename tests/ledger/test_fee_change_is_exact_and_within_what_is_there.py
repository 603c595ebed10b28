"""The chips of a fee, as a dealer makes them up (``ledger.services.change.fee_chips``): the players' own
chips when they make the amount up exactly, else change from the table's tray; always exact, never more
than is there, the tray's value unchanged. Plain arithmetic: no database."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ledger.services.change import fee_chips

VALUES = {1: 1, 5: 5, 25: 25, 100: 100, 500: 500, 1000: 1000, 5000: 5000}  # denomination id = its value


def _available(pieces: dict[int, int]) -> dict[int, tuple[int, int]]:
    return {v: (v, v * n) for v, n in pieces.items() if n}


def test_the_players_own_chips_take_no_change() -> None:
    made = fee_chips(725, _available({500: 1, 100: 3, 25: 1}), _available({25: 40}))
    assert made is not None
    assert (made.fee, made.paid, made.change) == ({500: 500, 100: 200, 25: 25}, {}, {})


def test_a_dealer_makes_change_from_the_tray() -> None:
    made = fee_chips(725, _available({1000: 3}), _available({500: 2, 100: 5, 25: 20}))
    assert made is not None
    assert made.paid == {1000: 1000}
    assert sum(made.fee.values()) == 725 and made.fee == {500: 500, 100: 200, 25: 25}
    assert sum(made.change.values()) == 275 and made.change == {100: 200, 25: 75}


def test_a_tray_that_cannot_change_makes_nothing() -> None:
    assert fee_chips(725, _available({1000: 3})) is None  # no tray asked for
    assert fee_chips(725, _available({1000: 3}), _available({1000: 9})) is None
    assert fee_chips(725, _available({1000: 3}), _available({500: 1, 100: 2})) is None  # no 25 for the fee
    assert fee_chips(725, _available({25: 1}), _available({500: 9, 100: 9, 25: 9})) is None  # players short


pieces = st.dictionaries(st.sampled_from(sorted(VALUES)), st.integers(0, 6), max_size=len(VALUES))


@given(amount=st.integers(1, 20_000), players=pieces, tray=pieces)
def test_whatever_it_makes_is_exact_and_within_what_is_there(
    amount: int, players: dict[int, int], tray: dict[int, int]
) -> None:
    have, box = _available(players), _available(tray)
    made = fee_chips(amount, have, box)
    if made is None:
        return
    assert sum(made.fee.values()) == amount
    if not made.paid:  # straight from the players
        assert made.change == {}
        for d, moved in made.fee.items():
            assert 0 < moved <= have[d][1] and moved % d == 0
        return
    assert fee_chips(amount, have) is None  # change only when the players' chips cannot do it alone
    assert sum(made.paid.values()) - sum(made.change.values()) == amount  # the tray's value is unchanged
    for d, moved in made.paid.items():
        assert 0 < moved <= have[d][1] and moved % d == 0
    for d in set(made.fee) | set(made.change):
        out = made.fee.get(d, 0) + made.change.get(d, 0)
        assert out % d == 0 and out <= box.get(d, (d, 0))[1] + made.paid.get(d, 0)
