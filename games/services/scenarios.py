"""A room in a known state, built through the services: for the tests' fixtures, the benchmarks and the
demo data, so that each builds an open table, a seated player or an issued chip the one way.

The floor's part (a dealer ready, a table with its dealer) is ``tables.services.scenarios``. Each builder
acts as ``actor`` (a floor manager or an admin, as the service asks) and returns what it
made. Single rows written straight to the database, without a service, are the tests' factories'
business (``tests/factories.py``), not this module's.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.contrib.auth.models import User
from django.db import transaction

from games.engine.autoplay import AutoPlayer
from games.models import Hand
from games.services import hand_event_record, hand_start, seat_stack_add
from ledger.models import AccountKind, Reason
from ledger.services.accounts import singleton_accounts
from ledger.services.chips import denomination_create
from ledger.services.posting import chip_legs, post_entry
from rake.selectors import sign_fee_words
from rake.services import fee_policy_set
from rooms.models import Room
from tables import services as floor
from tables.models import Game, SeatSession, Table
from tables.services.scenarios import table_with_dealer

# The room's chips, smallest to largest.
CHIP_VALUES = (1, 5, 25, 100, 500, 1_000, 5_000, 25_000)


def open_table_with_dealer(
    *,
    actor: User,
    room: Room,
    game: Game,
    dealer: User,
    number: int,
    seats: int | None = None,
    fee: Decimal | None = None,
    cap: int | None = None,
    no_flop_no_drop: bool = True,
) -> Table:
    """Table ``number`` of ``game`` (``seats``, the game's seat limit by default) dealt by ``dealer`` and
    open; with a percentage fee policy of its own at ``fee`` (capped at ``cap`` a hand) when given."""
    table = table_with_dealer(actor=actor, room=room, game=game, dealer=dealer, number=number, seats=seats)
    if fee is not None:
        fee_policy_set(
            actor=actor,
            kind="percentage",
            reason="house fee",
            table_id=table.pk,
            rate=fee,
            cap_per_hand=cap,
            caps_by_players=[],
            min_pot=0,
            no_flop_no_drop=no_flop_no_drop,
            allocation="main_first",
        )
    return floor.table_open(actor=actor, table_id=table.pk, fee_words=sign_fee_words)


def seat_player(
    *, actor: User, table: Table, first_name: str, last_name: str, seat: int | None = None, stack: int | None = None
) -> SeatSession:
    """A new player seated at ``table`` (in ``seat``, or the first free one), with ``stack`` in chips
    recorded for the hand recorder when given."""
    player = floor.player_create(
        actor=actor, room=table.room, first_name=first_name, last_name=last_name, allow_duplicate=True
    )
    session = floor.seat_player(actor=actor, table_id=table.pk, player_id=player.pk, seat_number=seat)
    if stack is not None:
        seat_stack_add(actor=actor, table_id=table.pk, seat_number=session.seat_number, amount=stack)
    return session


def seat_players(
    *, actor: User, table: Table, stacks: Sequence[int | None], first_name: str = "P", last_name: str = "Player"
) -> list[SeatSession]:
    """One new player in each of seats 1, 2, ... holding ``stacks[i]``: "P1 Player1-<table>", ..."""
    return [
        seat_player(
            actor=actor,
            table=table,
            first_name=f"{first_name}{seat}",
            last_name=f"{last_name}{table.number}-{seat}",
            seat=seat,
            stack=stack,
        )
        for seat, stack in enumerate(stacks, start=1)
    ]


def issue_chips(*, actor: User, room: Room, pieces: int, values: Sequence[int] = CHIP_VALUES) -> dict[int, int]:
    """Chips of ``values`` issued to ``room``'s vault (``2 * pieces`` of each) and ``pieces`` of each sold
    to the players, as in a room that is open: a hand's fee then moves real chips (chips outstanding -> the
    table's drop box) through the ledger. Returns ``{value: denomination id}``."""
    from cashier.services.vault import vault_stock

    ids = {v: denomination_create(room_id=room.pk, value=v, colour=f"c{v}", label=str(v)).pk for v in values}
    vault_stock(actor=actor, room=room, cash=0, chips=dict.fromkeys(ids.values(), pieces * 2))
    accounts = singleton_accounts(AccountKind.VAULT, AccountKind.OUTSTANDING, room_id=room.pk)
    with transaction.atomic():
        post_entry(
            actor=actor,
            room=room,
            reason=Reason.ADJUSTMENT,
            legs=chip_legs(
                source=accounts[AccountKind.VAULT],
                target=accounts[AccountKind.OUTSTANDING],
                amounts={pk: v * pieces for v, pk in ids.items()},
            ),
            memo="chips sold to the players",
        )
    return ids


def play_hand(*, actor: User, table_id: int, player: AutoPlayer, event_prefix: str) -> Hand:
    """The next hand at the table from start to end, each decision ``player``'s, recorded event by event
    through the hand recorder (client event ids ``<event_prefix>-<seq>``). The caller chooses the
    transaction: one per event, as at a live table, or one for the hand."""
    started = hand_start(actor=actor, table_id=table_id)
    state, hand = started.state, started.hand
    while not state.is_over:
        state = hand_event_record(
            actor=actor,
            hand_id=hand.pk,
            seq=state.seq,
            client_event_id=f"{event_prefix}-{state.seq}",
            event=player.next_event(state),
        ).state
    hand.refresh_from_db()
    return hand
