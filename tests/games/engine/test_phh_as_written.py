"""PHH as real files write it: forced bets, showdowns, amounts and TOML spellings, each checked against pokerkit."""

from __future__ import annotations

import io
import json
import tomllib
import warnings
from decimal import Decimal
from pathlib import Path
from typing import Any

import pokerkit
import pytest

from games.engine.cli import main
from games.engine.phh import PhhError, export_hand, loads_hand, loads_simple_hand, player_order
from games.engine.phh_import import ReplayResult, replay_text
from games.engine.setup import ExtraPost, HouseOptions


def hand(blinds: str, stacks: str, actions: list[str], *, antes: str | None = None, extra: str = "") -> str:
    n = stacks.count(",") + 1
    return (
        f'variant = "NT"\nantes = {antes or [0] * n}\nblinds_or_straddles = {blinds}\nmin_bet = 10\n'
        f"starting_stacks = {stacks}\nactions = {actions!r}\n{extra}"
    )


def replayed(text: str) -> ReplayResult:
    """The hand replayed with pokerkit's chip rules (odd chips, caps), so only the reading is compared."""
    (result,) = replay_text(text, options=HouseOptions.as_pokerkit())
    assert result.ok, result.error
    return result


def pokerkit_stacks(text: str) -> list[Any]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about cards it deals itself
        history = pokerkit.HandHistory.loads(text)
        states = list(history)
    return list(states[-1].stacks)


DEALT3 = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????"]
DEALT4 = [*DEALT3, "d dh p4 ????"]


def test_a_hand_with_a_big_blind_only_names_its_big_blind_seat() -> None:
    text = hand("[0, 10, 0]", "[100, 100, 100]", [*DEALT3, "p3 cbr 30", "p1 cc", "p2 f", "d db 2c3d4h", "p1 cc",
                                                    "p3 cbr 20", "p1 f"])  # fmt: skip
    result = replayed(text)
    assert result.hand is not None
    assert (result.hand.setup.big_blind_seat, result.hand.setup.small_blind_seat) == (2, None)
    assert result.final_stacks() == pokerkit_stacks(text) == [70, 90, 140]


def test_heads_up_a_big_blind_only_is_posted_by_the_player_left_of_the_button() -> None:
    text = hand("[0, 10]", "[100, 100]", ["d dh p1 ????", "d dh p2 ????", "p2 cbr 30", "p1 f"])
    assert replayed(text).final_stacks() == pokerkit_stacks(text) == [90, 110]


def test_a_negative_blind_is_a_live_post_out_of_position_lost_on_a_fold() -> None:
    text = hand("[5, 10, -5, 0]", "[100, 100, 100, 100]", [*DEALT4, "p3 cc", "p4 cbr 30", "p1 f", "p2 f", "p3 f"])
    result = replayed(text)
    assert result.hand is not None and result.hand.setup.posts == (ExtraPost(3, live=5),)
    assert result.final_stacks() == pokerkit_stacks(text) == [95, 90, 90, 125]


def test_a_big_blind_posted_by_the_button_counts_toward_its_call_and_keeps_its_turn() -> None:
    # The button's 10 is live: it checks when called around, and the big blind still closes the round.
    text = hand("[5, 10, 0, -10]", "[100, 100, 100, 100]", [*DEALT4, "p3 cc", "p4 cc", "p1 cc", "p2 cbr 40", "p3 f",
                                                             "p4 f", "p1 f"])  # fmt: skip
    assert replayed(text).final_stacks() == pokerkit_stacks(text) == [90, 130, 90, 90]


def test_a_straddle_on_the_button_is_refused_with_its_code() -> None:
    (result,) = replay_text(hand("[5, 10, 0, 20]", "[100, 100, 100, 100]", DEALT4))
    assert result.code == "unsupported_forced_bets"


SHORT_ANTE_WINS = ["d dh p1 QsQd", "d dh p2 KsKd", "d dh p3 AsAd", "p1 cc", "p2 cc", "d db 2c3d4h", "p1 cc",
                   "p2 cc", "d db 7s", "p1 cc", "p2 cc", "d db 9h", "p1 cc", "p2 cc", "p1 sm QsQd", "p2 sm KsKd",
                   "p3 sm AsAd"]  # fmt: skip


@pytest.mark.parametrize(("status", "expected"), [("true", [85, 109, 9]), ("false", [85, 105, 13]), (None, None)])
def test_ante_trimming_status_is_followed(status: str | None, expected: list[int] | None) -> None:
    # Seat 3 is all in for 3 of a 5 ante and wins: trimmed, 3 from each; untrimmed, every ante (dead money).
    extra = "" if status is None else f"ante_trimming_status = {status}\n"
    text = hand("[5, 10, 0]", "[100, 100, 3]", SHORT_ANTE_WINS, antes="[5, 5, 5]", extra=extra)
    result = replayed(text)
    assert result.hand is not None and result.hand.setup.options.ante_trimming is (status == "true")
    assert result.final_stacks() == pokerkit_stacks(text) == (expected or [85, 105, 13])  # absent: false


def test_an_all_in_run_out_written_street_by_street_with_hands_face_down() -> None:
    # As the site logged it: every hand kept face down (????) on each street, then shown in the site's order.
    actions = [*DEALT3, "p3 cbr 300", "p1 cc", "p2 cc", "p1 sm ????", "p2 sm ????", "p3 sm ????", "d db 2c3d4h",
               "p1 sm ????", "p2 sm ????", "p3 sm ????", "d db 7s", "d db 9h", "p3 sm ????", "p2 sm KsKd",
               "p1 sm AsAd"]  # fmt: skip
    text = hand("[5, 10, 0]", "[100, 200, 300]", actions)
    assert replayed(text).final_stacks() == pokerkit_stacks(text) == [300, 200, 100]


@pytest.mark.parametrize("muck", ["p1 sm ????", "p1 sm"])
def test_a_hand_kept_face_down_or_mucked_at_the_showdown_loses(muck: str) -> None:
    actions = ["d dh p1 ????", "d dh p2 ????", "p2 cc", "p1 cc", "d db 2c3d4h", "p1 cc", "p2 cc", "d db 7s",
               "p1 cc", "p2 cc", "d db 9h", "p1 cbr 20", "p2 cc", muck, "p2 sm KsKd"]  # fmt: skip
    text = hand("[5, 10]", "[100, 100]", actions)
    assert replayed(text).final_stacks() == pokerkit_stacks(text) == [70, 130]


def test_a_show_by_the_winner_of_a_hand_won_by_folds_is_recorded() -> None:
    text = hand("[5, 10]", "[100, 100]", ["d dh p1 ????", "d dh p2 ????", "p2 cbr 30", "p1 f", "p2 sm AsKs"])
    result = replayed(text)
    assert result.final_stacks() == pokerkit_stacks(text) == [90, 110]
    assert result.hand is not None and "seat 2 showed AsKs after winning uncontested" in result.hand.notes


def test_a_fold_the_file_leaves_out_is_taken_as_pokerkit_takes_it_with_a_warning() -> None:
    # p4's fold before p1 calls is not written (commentators' files skip folds nobody watched).
    text = hand("[5, 10, 0, 0]", "[100, 100, 100, 100]", [*DEALT4, "p3 cbr 30", "p1 cc", "p2 f", "d db 2c3d4h",
                                                           "p1 cc", "p3 cbr 20", "p1 f"])  # fmt: skip
    result = replayed(text)
    assert result.final_stacks() == pokerkit_stacks(text) == [70, 90, 140, 100]
    assert result.warnings == ("p4 has no action before p1's: a fold, as pokerkit reads it",)


def test_a_big_blind_ante_stays_in_the_pot_whatever_the_trimming_status() -> None:
    # A tournament file (WSOP, as commentators write them) marks its big-blind ante for trimming. The ante is
    # dead money all the same (case 57), as the file's finishing stacks say; pokerkit would hand it back.
    extra = "ante_trimming_status = true\nfinishing_stacks = [95, 80, 125]\n"
    result = replayed(hand("[5, 10, 0]", "[100, 100, 100]", [*DEALT3, "p3 cbr 30", "p1 f", "p2 f"], antes="[0, 10, 0]",
                           extra=extra))  # fmt: skip
    assert result.final_stacks() == [95, 80, 125] and result.warnings == ()  # the file's finishing stacks
    assert result.hand is not None and result.hand.result is not None
    assert result.hand.result.pots[0].amount == 35  # blinds, ante, and the 10 of the raise the big blind covered


def test_the_exponent_is_the_files_most_decimal_places() -> None:
    first = hand("[5, 10]", "[623.75, 100]", ["d dh p1 ????", "d dh p2 ????", "p2 cbr 30.5", "p1 f"])
    second = hand("[5, 10]", "[100, 100]", ["d dh p1 ????", "d dh p2 ????", "p2 f"])
    results = replay_text(f"[1]\n{first}\n[2]\n{second}")
    assert [r.exponent for r in results] == [2, 2]  # one unit for the whole file: amounts add up across hands
    assert [r.final_stacks() for r in results] == [[61375, 11000], [10500, 9500]]
    (whole,) = replay_text(first, exponent=0)
    assert whole.code == "bad_phh" and "not a whole number of minor units" in (whole.error or "")


def test_unknown_stacks_and_other_variants_are_refused_with_codes() -> None:
    (unknown,) = replay_text(hand("[5, 10]", "[inf, inf]", ["d dh p1 ????", "d dh p2 ????", "p2 f"]))
    assert unknown.code == "unknown_stacks" and "[inf, inf]" in (unknown.error or "")
    (omaha,) = replay_text(hand("[5, 10]", "[100, 100]", []).replace('"NT"', '"PO"'))
    assert omaha.code == "unsupported_variant"
    (illegal,) = replay_text(hand("[5, 10]", "[100, 100]", ["d dh p1 ????", "d dh p2 ????", "p2 cbr 15"]))
    assert illegal.code == "below_min_raise"  # an engine refusal keeps the engine's code
    assert illegal.error == "action 3 'p2 cbr 15': raise to 15 is below the minimum raise to 20"


def test_an_export_writes_the_ante_trimming_its_hand_was_played_with() -> None:
    text = hand(
        "[5, 10, 0]", "[100, 100, 3]", SHORT_ANTE_WINS, antes="[5, 5, 5]", extra="ante_trimming_status = false\n"
    )
    (result,) = replay_text(text)
    assert result.hand is not None
    exported = export_hand(result.hand)
    assert tomllib.loads(exported)["ante_trimming_status"] is False
    (again,) = replay_text(exported)
    assert again.hand is not None and again.hand.setup.options.ante_trimming is False
    assert again.final_stacks() == pokerkit_stacks(exported) == [85, 105, 13]


SPELLINGS = [
    "a = []", "a = [ ]", "a = [1, 2,]", "a = ['a', 1]", "a = ['']", "a = [ 'a' , 'b' ]", "a = [-0, +5, 10]",
    "a = 1e5", "a = 1_000", "a = [inf, -inf]", "t = 11:57:05", "t = 11:57:05.5", "d = 2009-07-06", 'a = "x\\ny"',
    "a = 'x' # c", "a = 1\r\nb = 2\r\n", "t = {x = 1}", "# alone\n\n", "a = 1.50", "a = +1.50", "a = [1,\n2]",
    "a = [1, 'x', 2.5, 11:00:00]", "a=1", "  a = 'x'", "a = true", "a = [true, false]", "key-2 = 3", "2a = 'b'",
]  # fmt: skip
BROKEN = ["a = 07", "t = 24:00:00", "a = 1\rb = 2", "a = 1\na = 2", "a = truex", "a = 1.", "a = 'it''s'", "a = \x01"]


@pytest.mark.parametrize("text", SPELLINGS)
def test_the_reader_gives_tomllibs_fields_whatever_the_spelling(text: str) -> None:
    expected = tomllib.loads(text, parse_float=Decimal)
    assert repr(loads_hand(text)) == repr(expected)
    simple = loads_simple_hand(text)
    assert simple is None or repr(simple) == repr(expected)  # outside its subset it leaves the hand to tomllib


@pytest.mark.parametrize("text", BROKEN)
def test_the_reader_refuses_what_tomllib_refuses(text: str) -> None:
    assert loads_simple_hand(text) is None
    with pytest.raises(PhhError) as refused:
        loads_hand(text)
    assert refused.value.code == "bad_toml"


ONE_CARD = ["d dh p1 ????", "d dh p2 ????", "p2 cc", "p1 cc", "d db 2c3d4h", "p1 cc", "p2 cc", "d db 7s",
            "p1 cc", "p2 cc", "d db 9h", "p1 cbr 20", "p2 cc"]  # fmt: skip


@pytest.mark.parametrize("order", ["first", "last"])
def test_a_player_tabling_one_card_has_mucked_with_a_warning(order: str, tmp_path) -> None:
    # PokerStars' "shows [Qc]" (R17: both cards must be tabled to win): p2 holds the better hand.
    words = ["p2 sm Qc", "p1 sm AsAd"] if order == "first" else ["p1 sm AsAd", "p2 sm Qc"]
    text = hand("[5, 10]", "[100, 100]", [*ONE_CARD, *words])
    result = replayed(text)
    assert result.final_stacks() == [130, 70]
    assert result.warnings == ("p2 shows Qc only: a hand is tabled whole (R17), read as a muck",)
    path = tmp_path / "one-card.phh"
    path.write_text(text)
    out = io.StringIO()
    assert main(["replay", str(path), "--json"], out=out) == 0
    [line] = [json.loads(row) for row in out.getvalue().splitlines()]
    assert line["error"] is None and line["final_stacks"] == [130, 70]
    assert line["warnings"] == ["p2 shows Qc only: a hand is tabled whole (R17), read as a muck"]


def test_one_card_after_a_whole_hand_shown_keeps_the_hand_shown() -> None:
    text = hand("[5, 10]", "[100, 100]", [*ONE_CARD, "p2 sm KsKd", "p2 sm Ks", "p1 sm 8c8d"])
    result = replayed(text)
    assert result.final_stacks() == [70, 130]  # seat 2's kings, tabled whole first, win


def test_a_winner_by_folds_showing_one_card_moves_no_chip() -> None:
    text = hand("[5, 10]", "[100, 100]", ["d dh p1 ????", "d dh p2 ????", "p2 cbr 30", "p1 f", "p2 sm As"])
    result = replayed(text)
    assert result.final_stacks() == [90, 110] and len(result.warnings) == 1


FULL_TILT_NO_SMALL_BLIND = Path(__file__).parent / "data" / "full_tilt_no_small_blind.phhs"


def test_full_tilt_hands_with_a_big_blind_and_no_small_blind_are_replayed_as_pokerkit() -> None:
    """Dead button (R11, case 5): the small blind's seat is empty, so Full Tilt logs one blind,
    ``blinds_or_straddles = [1000, 0, 0, 0, 0]``, posted by the first player after the button."""
    text = FULL_TILT_NO_SMALL_BLIND.read_text()
    results = replay_text(text)
    assert [r.error for r in results] == [None, None]
    for result, body in zip(results, text.split("\n\n"), strict=True):
        body = "\n".join(line for line in body.splitlines() if not line.startswith("["))
        assert result.hand is not None and not result.warnings  # the file's finishing stacks agree
        setup = result.hand.setup
        assert (setup.big_blind_seat, setup.small_blind_seat, setup.big_blind) == (player_order(setup)[0], None, 1000)
        assert result.hand.log and result.final_stacks() == pokerkit_stacks(body)
    out = io.StringIO()
    assert main(["replay", str(FULL_TILT_NO_SMALL_BLIND), "--json"], out=out) == 0
    assert [json.loads(row)["error"] for row in out.getvalue().splitlines()] == [None, None]
