"""Forced bets: antes, the posts of returning and new players, blinds and straddle (R8-R13).

``Hand.start`` posts them before the deal, as they lie on a physical table;
a player short of a forced bet posts what they have and is all-in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine.betting import NOBODY, pay, pay_dead, start_round
from games.engine.setup import Game

if TYPE_CHECKING:
    from games.engine.state import Hand


def post(h: Hand, i: int, amount: int, *, live: bool, dead: bool = False) -> None:
    """A forced bet: what the player has, up to ``amount`` (a short post leaves them all-in).

    ``dead``: dead money for the main pot (case 57), not layered into side pots.
    """
    chips = min(amount, h.stacks[i])
    if dead:
        pay_dead(h, i, chips)
    else:
        pay(h, i, chips, live=live)


def forced_bets(h: Hand) -> None:
    """Antes, extra posts, blinds and straddle, in that order (Hold'em) or antes only (Club Poker).

    Every ante comes before every blind, a big-blind ante included (case 61).
    """
    setup = h.setup
    if setup.ante and not setup.bb_ante:
        # A uniform ante is layered like a bet while it is trimmed (case 10), else dead.
        untrimmed = not setup.options.ante_trimming
        for i in range(len(h.seats)):
            post(h, i, setup.ante, live=False, dead=untrimmed)
    if setup.game is Game.CLUB_POKER:
        return
    for extra in setup.posts:
        i = h.seat_index(extra.seat)
        post(h, i, extra.live, live=True)
        post(h, i, extra.dead, live=False, dead=True)
    if h.small_blind_index != NOBODY:
        post(h, h.small_blind_index, setup.small_blind, live=True)
    if setup.bb_ante and setup.ante:
        # The table's ante before the blind (the house reading of TDA Rule 3, case 61): a big blind
        # short of both is all in for the ante first, then for what is left of the blind.
        post(h, h.big_blind_index, setup.ante, live=False, dead=True)
    post(h, h.big_blind_index, setup.big_blind, live=True)
    if setup.straddle:
        post(h, h.straddle_index, setup.straddle, live=True)


def start_preflop(h: Hand) -> None:
    setup = h.setup
    nominal = max(setup.big_blind, setup.straddle)
    if setup.options.short_bb_call_as_pokerkit:
        nominal = max(h.bets)  # pokerkit: the bet to call is what was actually posted
    anchor = h.seats[h.straddle_index if setup.straddle else h.big_blind_index]
    full_bets = 0 if setup.options.limit_cap_as_pokerkit else 1  # the big blind is the round's bet (R6)
    start_round(h, anchor=anchor, current_bet=nominal, full_bets=full_bets)
    if setup.straddle and setup.options.straddle_raise == "straddle":
        h.min_raise = setup.straddle
