"""Where the button and the blinds go from one hand to the next (R8, R11, R12).

Moving button (the default): the button advances to the next player dealt in
and the blinds follow it. Dead button (``HouseOptions.dead_button``): the big
blind advances to the next player due, the small blind is where the big blind
was (no small blind when that seat is empty now) and the button where the
small blind was, which may be an empty seat. Heads-up, the button posts the
small blind, and a table going heads-up never gives the last big blind the
big blind again (case 4). A misdeal leaves the positions as they were.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from games.engine.errors import SetupError
from games.engine.pots import clockwise_from
from games.engine.setup import ExtraPost, TableSetup


@dataclass(frozen=True, slots=True)
class Positions:
    """The button and the blinds of one hand.

    ``small_blind`` is where the small blind is due; under a dead button that
    seat may be empty, and then nobody posts it (see ``small_blind_poster``).
    """

    button: int
    small_blind: int
    big_blind: int

    def small_blind_poster(self, players: Iterable[int]) -> int | None:
        return self.small_blind if self.small_blind in set(players) else None


def _after(players: Sequence[int], seat: int) -> int:
    return clockwise_from(players, seat)[0]


def _check(players: Sequence[int]) -> list[int]:
    ordered = sorted(set(players))
    if len(ordered) < 2:
        raise SetupError(f"the blinds need at least 2 players dealt in, not {len(ordered)}", code="too_few_players")
    return ordered


def positions_for(players: Sequence[int], button: int) -> Positions:
    """Blinds that follow the button: the next two players, or heads-up the button and the other player."""
    ordered = _check(players)
    if len(ordered) == 2 and button in ordered:
        other = _after(ordered, button)
        return Positions(button, button, other)
    small = _after(ordered, button)
    return Positions(button, small, _after(ordered, small))


def next_positions(previous: Positions, players: Sequence[int], *, dead_button: bool = False) -> Positions:
    """The positions of the next hand, for the players dealt in to it."""
    ordered = _check(players)
    if dead_button:
        return _next_dead(previous, ordered)
    if len(ordered) == 2 and previous.big_blind in ordered:
        # Going (or staying) heads-up: last hand's big blind takes the button and
        # posts the small blind, so nobody has the big blind twice in a row.
        return positions_for(ordered, previous.big_blind)
    return positions_for(ordered, _after(ordered, previous.button))


def _next_dead(previous: Positions, ordered: list[int]) -> Positions:
    big = _after(ordered, previous.big_blind)
    if len(ordered) == 2:
        other = _after(ordered, big)
        return Positions(other, other, big)
    return Positions(previous.small_blind, previous.big_blind, big)


def with_positions(setup: TableSetup, positions: Positions) -> TableSetup:
    """The setup with this button and these blinds (an empty small-blind seat: no small blind)."""
    return replace(
        setup,
        button=positions.button,
        big_blind_seat=positions.big_blind,
        small_blind_seat=positions.small_blind_poster(setup.players),
    )


@dataclass(frozen=True, slots=True)
class MissedBlinds:
    """Blinds a seated player let pass while away (R12)."""

    small: bool = False
    big: bool = False

    def post(self, seat: int, *, small_blind: int, big_blind: int) -> ExtraPost:
        """Posting to come back at once: the big blind live, the small blind dead (case 6).

        A player who missed only the small blind posts it dead; a new player
        buying the button posts as one who missed both (case 7).
        """
        return ExtraPost(seat, live=big_blind if self.big else 0, dead=small_blind if self.small else 0)


def _passed(start: int, end: int, seat: int) -> bool:
    """Whether moving clockwise from ``start`` (excluded) to ``end`` (included) passes ``seat``."""
    if start == end:
        return False
    if start < end:
        return start < seat <= end
    return seat > start or seat <= end


def update_missed(
    missed: Mapping[int, MissedBlinds],
    previous: Positions,
    current: Positions,
    away: Iterable[int],
) -> dict[int, MissedBlinds]:
    """Add the blinds that passed the seats of away players between two hands."""
    result = dict(missed)
    for seat in away:
        was = result.get(seat, MissedBlinds())
        small = was.small or _passed(previous.small_blind, current.small_blind, seat)
        big = was.big or _passed(previous.big_blind, current.big_blind, seat)
        result[seat] = MissedBlinds(small, big)
    return result


Return = Literal["post", "wait"]


@dataclass(frozen=True, slots=True)
class ReturningPosts:
    """What a table's missed blinds make of the next hand (R12, cases 6 and 7): see ``returning_posts``.

    posts: the extra posts of the players coming back now.
    sitting_out: the players who wait for the big blind, not dealt in.
    missed: the table's missed blinds after this hand's posts (cleared for
        the players dealt in, kept for those still waiting).
    """

    posts: tuple[ExtraPost, ...]
    sitting_out: frozenset[int]
    missed: dict[int, MissedBlinds]

    def apply(self, setup: TableSetup, positions: Positions) -> TableSetup:
        """``setup`` with these posts and sitters-out, and ``positions`` (whose small blind may now sit out)."""
        # The blinds follow the button until ``with_positions`` places them: the
        # last hand's blind seats may be sitting out now.
        sitting_out = setup.sitting_out | self.sitting_out
        seated = replace(setup, sitting_out=sitting_out, posts=(), big_blind_seat=None, small_blind_seat=None)
        return with_positions(replace(seated, posts=self.posts), positions)


def returning_posts(
    missed: Mapping[int, MissedBlinds],
    positions: Positions,
    choices: Mapping[int, Return] | None = None,
    *,
    small_blind: int,
    big_blind: int,
) -> ReturningPosts:
    """The posts of the next hand for the seated players who owe blinds, each choosing to post or wait (R12).

    ``positions`` are the next hand's, computed over every seated player,
    those waiting included, so that the big blind can reach a player who
    waits for it. For each seat of ``missed`` that owes a blind:

    - it is the big blind of this hand: dealt in, posting only the blind,
      and it owes nothing more (it waited for the big blind);
    - it chose "post": dealt in, posting the missed big blind live and the
      missed small blind dead (case 6; a new player buying the button posts
      as one who missed both, case 7). In the small blind's seat the small
      blind it posts anyway counts toward that live big blind;
    - it chose "wait" (the default): not dealt in, still owing.
    """
    choices = choices or {}
    posts: list[ExtraPost] = []
    waiting: set[int] = set()
    still: dict[int, MissedBlinds] = {}
    for seat in sorted(missed):
        owed = missed[seat]
        if not (owed.small or owed.big) or seat == positions.big_blind:
            continue
        if choices.get(seat, "wait") == "wait":
            waiting.add(seat)
            still[seat] = owed
            continue
        post = owed.post(seat, small_blind=small_blind, big_blind=big_blind)
        if seat == positions.small_blind and post.live:
            post = ExtraPost(seat, live=post.live - small_blind, dead=post.dead)
        if post.live or post.dead:
            posts.append(post)
    return ReturningPosts(tuple(posts), frozenset(waiting), still)
