"""Starting a hand: the engine's setup filled from the table, the floor and the last hand."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from math import gcd

from django.conf import settings
from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from config.db import insert_all
from config.errors import Conflict, DomainError
from games.engine import (
    EngineError,
    Game,
    Hand,
    Positions,
    TableSetup,
    next_positions,
    positions_for,
    returning_posts,
    with_positions,
)
from games.engine.pots import clockwise_from
from games.models import BuyInSource, HandSeat, HandStatus, StackKind
from games.models import Hand as HandRow
from games.models.setup import STRUCTURES, engine_game, setup_to_dict
from games.services.common import refusal
from games.services.sitting_out import SittingOut, sitting_out
from games.services.stacks import Seated, buy_in_rows
from games.services.table_state import LastHand, TableState
from ledger.selectors.days import gaming_day_closed
from rake.engine.policies import FeePolicyError, PercentageFee
from rake.selectors import percentage_fee_for
from tables.models import Table, TableStatus
from tables.services.common import dealer_now


@dataclass(frozen=True)
class Started:
    hand: HandRow
    state: Hand
    names: dict[int, str]
    seats: list[HandSeat]


def _check_table(table: Table, open_hand: tuple[int, int] | None) -> None:
    if table.status != TableStatus.OPEN or table.game is None:
        raise Conflict(
            _("Table %(number)s is %(status)s: hands are dealt only at an open table.")
            % {"number": table.number, "status": table.get_status_display()},
            code="table_not_open",
            table_status=table.status,
        )
    if open_hand is not None:
        hand_id, number = open_hand
        raise Conflict(
            _("Hand #%(number)s is still open at table %(table)s: finish it first.")
            % {"number": number, "table": table.number},
            code="hand_open",
            hand_id=hand_id,
        )


def _stacks(
    actor: User, table: Table, seated: list[Seated], buy_ins: Mapping[int, int] | None, away: frozenset[int]
) -> tuple[list[Seated], dict[int, int]]:
    """Each seated player's stack; a seat without chips recorded takes its buy-in from ``buy_ins``.

    A player away from the table with no chips recorded is left out like an empty seat.
    """
    given = dict(buy_ins or {})
    new_rows: list[tuple[Seated, int]] = []
    stacks: dict[int, int] = {}
    for s in seated:
        seat = s.session.seat_number
        if s.stack is None and seat in away and seat not in given:
            continue
        if s.stack is None:
            if seat not in given:
                raise DomainError(
                    _("Seat %(seat)s (%(masked_name)s) has no chips recorded: enter the buy-in.")
                    % {"seat": seat, "masked_name": s.session.player.masked_name},
                    code="stack_unknown",
                    seat=seat,
                )
            amount = given.pop(seat)
            if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
                raise DomainError(
                    _("The buy-in of seat %(seat)s must be a positive whole amount.") % {"seat": seat}, code="bad_money"
                )
            new_rows.append((s, amount))
            stacks[seat] = amount
        else:
            stacks[seat] = s.stack
    if given:
        seats = ", ".join(str(n) for n in sorted(given))
        raise DomainError(
            _("Buy-ins are entered only for seated players with no chips recorded, not seat(s) %(seats)s.")
            % {"seats": seats},
            code="bad_buy_in",
        )
    if new_rows:
        buy_in_rows(
            actor=actor,
            table=table,
            entries=new_rows,
            kind=StackKind.BUY_IN,
            source=BuyInSource.PLAYER_CHIPS,
            note="entered at a hand",
        )
    return seated, stacks


def _positions(last: LastHand | None, game: Game, players: list[int], seat_count: int) -> Positions:
    """The button moved from the last hand by the engine's rule, moving or dead as the room sets it
    (``CARDROOM_BUTTON``, R11); after a misdeal it stays (R18)."""
    if last is None:
        return positions_for(players, players[-1]) if game is Game.HOLDEM else Positions(players[-1], 0, 0)
    if game is Game.CLUB_POKER:
        button = last.button if last.status == HandStatus.MISDEAL and last.button in players else None
        return Positions(button or clockwise_from(players, last.button)[0], 0, 0)
    dead_button = settings.CARDROOM_BUTTON == "dead"
    small = last.small_blind or 0
    if dead_button and not small and last.big_blind:
        # Nobody posted the last small blind: its seat was empty, and so was every seat up to the big
        # blind (the big blind is the next player due after it). The seat just before the big blind
        # stands for it: the button that goes there next deals every player in the same order (case 5).
        small = (last.big_blind - 2) % seat_count + 1
    previous = Positions(last.button, small, last.big_blind or 0)
    if last.status == HandStatus.MISDEAL and {last.small_blind or 0, previous.big_blind} <= set(players) | {0}:
        return previous
    if previous.big_blind == 0:
        return positions_for(players, clockwise_from(players, last.button)[0])
    return next_positions(previous, players, dead_button=dead_button)


def _check_players(table: Table, players: list[int], away: frozenset[int]) -> None:
    if len(players) >= 2:
        return
    if away:
        raise DomainError(
            _(
                "A hand needs at least 2 seated players with chips who are not away; table %(number)s has "
                "%(count)s (seat(s) %(away)s away)."
            )
            % {"number": table.number, "count": len(players), "away": ", ".join(str(n) for n in sorted(away))},
            code="too_few_players",
            players=len(players),
        )
    raise DomainError(
        _("A hand needs at least 2 seated players with chips; table %(number)s has %(count)s.")
        % {"number": table.number, "count": len(players)},
        code="too_few_players",
        players=len(players),
    )


def build_setup(
    state: TableState, stacks: dict[int, int], fee: PercentageFee | None, out: SittingOut | None = None
) -> TableSetup:
    """The engine's setup of the next hand at the table of ``state`` (the caller checked it is open).

    ``out``: players away now sit out, seat kept; at Hold'em the blinds skip
    them, and a player back who owes missed blinds posts them or waits for
    the big blind as they chose (``games.engine.returning_posts``, R12).
    """
    out = out or SittingOut()
    table = state.table
    game = table.game
    assert game is not None
    kind = engine_game(game)
    players = sorted(seat for seat, chips in stacks.items() if chips > 0 and seat not in out.away)
    _check_players(table, players, out.away)
    try:
        setup = TableSetup(
            game=kind,
            structure=STRUCTURES[game.structure],
            seat_count=table.seats,
            stacks=stacks,
            button=players[-1],
            small_blind=game.small_blind if kind is Game.HOLDEM else 0,
            big_blind=game.big_blind if kind is Game.HOLDEM else 0,
            ante=game.ante,
            chip_unit=chip_unit(state.smallest_chip, game.small_blind, game.big_blind, game.ante),
            fee=fee,
            sitting_out=out.away & stacks.keys(),
        )
        positions = _positions(state.last_hand, kind, players, table.seats)
        owing = {seat: owed for seat, owed in out.missed.items() if seat in players}
        if kind is Game.HOLDEM and owing:
            plan = returning_posts(
                owing, positions, out.choices, small_blind=setup.small_blind, big_blind=setup.big_blind
            )
            return plan.apply(setup, positions)
        if kind is Game.HOLDEM:
            return with_positions(setup, positions)
        return replace(setup, button=positions.button)
    except (EngineError, FeePolicyError) as error:
        raise refusal(error) from None


def chip_unit(smallest: int | None, *stakes: int) -> int:
    """The smallest chip in play: fees round down to it and wagers are multiples of it (R23).

    The smallest active denomination (``smallest``), narrowed to divide the
    stakes so a blind or ante that is not a multiple of it (a house quirk) can
    still be posted; the minor unit while the cage has defined no chips.
    """
    return 1 if smallest is None else gcd(smallest, *stakes)


def start_hand(
    *, actor: User, state: TableState, buy_ins: Mapping[int, int] | None = None, client_hand_id: str = ""
) -> Started:
    """Insert a new open hand at the table of ``state`` (``table_state``: locked and read); the caller
    checked the recorder."""
    started = plan_hand(actor=actor, state=state, buy_ins=buy_ins, client_hand_id=client_hand_id)
    insert_all([(HandRow, [started.hand]), (HandSeat, started.seats)])
    return started


def plan_hand(
    *, actor: User, state: TableState, buy_ins: Mapping[int, int] | None = None, client_hand_id: str = ""
) -> Started:
    """The next hand at the table of ``state`` and its seats, not inserted yet (``start_hand`` does;
    a whole hand goes in with its events and result). A buy-in entered here is recorded at once."""
    table = state.table
    _check_table(table, state.open_hand)
    game = table.game
    assert game is not None, "an open table has a game (tables' CHECK constraint)"
    out = sitting_out(
        table.pk,
        state.seated,
        state.aways,
        state.dealt,
        blinds=engine_game(game) is Game.HOLDEM,
        big_blind=state.last_hand.big_blind if state.last_hand is not None else None,
    )
    seated, stacks = _stacks(actor, table, state.seated, buy_ins, out.away)
    setup = build_setup(state, stacks, percentage_fee_for(state.fee_policy), out)
    started = Hand.start(setup)
    if state.day_closed:
        raise gaming_day_closed(state.day)
    small = started.seats[started.small_blind_index] if started.small_blind_index >= 0 else None
    big = started.seats[started.big_blind_index] if started.big_blind_index >= 0 else None
    hand = HandRow(
        pk=state.hand_id,
        table=table,
        game=game,
        gaming_day=state.day,
        number=state.next_number,
        dealer_id=dealer_now(table),  # read with the table's lock (table_state)
        sign_version_id=state.sign_id,
        fee_policy=state.fee_policy,
        setup=setup_to_dict(setup),
        button=setup.button,
        small_blind_seat=small,
        big_blind_seat=big,
        client_hand_id=client_hand_id,
        pot=sum(started.totals),
        created_at=state.now,
        created_by=actor,
    )
    dealt = set(started.seats)
    seats = [
        HandSeat(
            hand=hand,
            seat_number=s.session.seat_number,
            player_id=s.session.player_id,
            seat_session=s.session,
            start_stack=stacks[s.session.seat_number],
        )
        for s in seated
        if s.session.seat_number in dealt
    ]
    names = {s.session.seat_number: s.session.player.masked_name for s in seated}
    return Started(hand, started, names, seats)
