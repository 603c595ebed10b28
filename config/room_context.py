"""The room whose money and time a block of work is in: its currency (``config.money``) and its time zone
(``django.utils.timezone``).

A request is in the room picked in the top bar (``rooms.views.current.CurrentRoom`` opens the block); a page
or an API call about one record of a room (a table, a hand) is in the record's room instead, whichever room
the user picked: a Vilnius hand opened by a group accountant whose picked room is Yerevan shows euros and
Vilnius time (``use_records_room``). Both are restored when the block ends, also on an exception, so the
next request served by the same thread starts from the installation's.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from contextvars import ContextVar
from typing import Protocol

from django.utils import timezone

from config import money


class RoomSettings(money.RoomMoney, Protocol):
    """What a room's money and time are read from (``rooms.models.Room`` has them)."""

    @property
    def time_zone(self) -> str: ...


# The innermost open block: ``use_records_room`` switches the room until it ends.
_BLOCK: ContextVar[ExitStack | None] = ContextVar("cardroom_room_block", default=None)
# The room of the record the block's work is about (``use_records_room``), which the page's top bar names.
_RECORDS_ROOM: ContextVar[RoomSettings | None] = ContextVar("cardroom_records_room", default=None)


@contextmanager
def room_activated(room: RoomSettings | None) -> Iterator[None]:
    """``room``'s currency and time zone for the block (None: the installation's settings)."""
    with ExitStack() as stack:
        stack.enter_context(money.using(money.Currency.of(room) if room is not None else None))
        stack.enter_context(timezone.override(room.time_zone if room is not None else None))
        stack.callback(_BLOCK.reset, _BLOCK.set(stack))
        stack.callback(_RECORDS_ROOM.reset, _RECORDS_ROOM.set(None))
        yield


def records_room() -> RoomSettings | None:
    """The room of the record the page is about, when it said so (``use_records_room``); else None."""
    return _RECORDS_ROOM.get()


def use_records_room(room: RoomSettings | None) -> None:
    """From here to the end of the enclosing ``room_activated`` block (a request's), ``room``'s currency
    and time zone: the room of the record the page or the API call is about. None (no such record, which
    the operation then refuses) changes nothing."""
    if room is None:
        return
    stack = _BLOCK.get()
    if stack is None:
        # Outside a block nothing would restore the room after the work: the next task or request of
        # the thread would read another room's money.
        raise RuntimeError("use_records_room needs an enclosing room_activated block")
    stack.enter_context(money.using(money.Currency.of(room)))
    stack.enter_context(timezone.override(room.time_zone))
    stack.callback(_RECORDS_ROOM.reset, _RECORDS_ROOM.set(room))
