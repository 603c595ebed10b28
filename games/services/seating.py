"""Seating with the buy-in: the floor seats a player and records the chips they buy in one transaction.

The dealer's screen starts a hand only when every seat has chips recorded
(``starting._stacks``); the floor manager, who takes the buy-in at the seat,
enters it here, so a seat and its chips are written together or not at all.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from config.errors import DomainError
from config.money import check_minor, format_money
from games.models import BuyInSource, SeatStack, StackKind
from games.selectors.access import check_may_record
from games.services.stacks import Seated, buy_in_rows
from tables import services as floor
from tables.models import SeatSession, WaitlistEntry
from tables.services.common import dealer_now, lock_table


@transaction.atomic
def seat_player_with_buy_in(
    *,
    actor: User,
    table_id: int,
    player_id: int,
    buy_in: int,
    seat_number: int | None = None,
    entry: str = "",
    source: str = BuyInSource.PLAYER_CHIPS,
) -> SeatSession:
    """``tables.services.seat_player``, then the buy-in of the new seat (minor units) from ``source``."""
    session = floor.seat_player(
        actor=actor, table_id=table_id, player_id=player_id, seat_number=seat_number, entry=entry
    )
    _buy_in(actor=actor, session=session, amount=buy_in, source=source)
    return session


@transaction.atomic
def waitlist_seat_with_buy_in(
    *,
    actor: User,
    entry_id: int,
    table_id: int,
    buy_in: int,
    seat_number: int | None = None,
    seat_entry: str = "",
    source: str = BuyInSource.PLAYER_CHIPS,
) -> WaitlistEntry:
    """``tables.services.waitlist_seat``, then the buy-in of the new seat (minor units) from ``source``."""
    entry = floor.waitlist_seat(
        actor=actor, entry_id=entry_id, table_id=table_id, seat_number=seat_number, seat_entry=seat_entry
    )
    assert entry.seat_session is not None  # waitlist_seat sets it
    _buy_in(actor=actor, session=entry.seat_session, amount=buy_in, source=source)
    return entry


def _buy_in(*, actor: User, session: SeatSession, amount: int, source: str) -> SeatStack:
    """The first chips of a seat session just opened; the caller's transaction holds the table's lock.

    Unlike ``seat_stack_add`` this is allowed while a hand is open: the new seat is not in that hand
    (its seats were fixed when it started), so its chips change nothing the hand has recorded.
    """
    table = lock_table(session.table_id)
    check_may_record(actor, table_id=table.pk, table_number=table.number, dealer_now=dealer_now(table))
    check_minor(amount, field=_("buy-in"))
    game = table.game
    if game is not None and not game.min_buy_in <= amount <= game.max_buy_in:
        raise DomainError(
            _("A buy-in at %(name)s is %(low)s to %(high)s; %(amount)s refused.")
            % {
                "name": game.name,
                "low": format_money(game.min_buy_in),
                "high": format_money(game.max_buy_in),
                "amount": format_money(amount),
            },
            code="buy_in_out_of_range",
            min_buy_in=game.min_buy_in,
            max_buy_in=game.max_buy_in,
        )
    seated = Seated(session, None)
    return buy_in_rows(actor=actor, table=table, entries=[(seated, amount)], kind=StackKind.BUY_IN, source=source)[0]
