"""Players' stacks at the tables: each open seat session's latest stack.

A player who moves seats takes their chips along: until the new seat session has a row of its own, its stack is
the last one of the session it moved from (``SeatSession.moved_from``), at this table or another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from django.db.models import OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce

from games.models import BuyInSource, SeatStack
from rooms.models import Room
from tables.models import SeatSession

if TYPE_CHECKING:  # the stubs are a development dependency
    from django_stubs_ext import WithAnnotations


class LatestStack(TypedDict):
    latest_stack: int | None


def with_latest_stack(sessions: QuerySet[SeatSession]) -> QuerySet[WithAnnotations[SeatSession, LatestStack]]:
    """``sessions`` annotated with ``latest_stack`` (None: no buy-in recorded yet), in one query."""
    own = SeatStack.objects.filter(seat_session=OuterRef("pk")).order_by("-pk").values("stack")[:1]
    carried = SeatStack.objects.filter(seat_session=OuterRef("moved_from")).order_by("-pk").values("stack")[:1]
    return sessions.annotate(latest_stack=Coalesce(Subquery(own), Subquery(carried)))


def buy_in_sources(room: Room) -> list[tuple[str, str]]:
    """The sources a seating form or the dealer's screen offers, the player's chips first (preselected): cash at
    the table only where the room takes it."""
    sources = [BuyInSource.PLAYER_CHIPS, *([BuyInSource.CASH_AT_TABLE] if room.cash_buy_ins_at_tables else [])]
    return [(s.value, str(s.label)) for s in sources]
