"""A floor in a known state, built through the floor's services: for the tests' fixtures, the benchmarks
and the demo data, so that each readies a dealer or sets up a dealt table the one way.

``games.services.scenarios`` builds on these (stacks, a fee policy, chips, hands). Each builder acts as
``actor`` (a floor manager or an admin, as the service asks) and returns what it made.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User

from rooms.models import Room
from tables.models import DealerProfile, Game, Table
from tables.services.dealers import dealer_assign, dealer_clock_in, dealer_profile_set
from tables.services.tables import table_create


def dealer_ready(*, actor: User, room: Room, dealer: User, games: Sequence[Game]) -> None:
    """``dealer`` may deal each of ``games`` (added to their profile where missing) and is clocked in (in
    ``room`` when they were not on shift)."""
    profile = DealerProfile.objects.filter(user=dealer).first()
    dealt = list(profile.games.values_list("pk", flat=True)) if profile is not None else []
    missing = [game.pk for game in games if game.pk not in dealt]
    if missing:
        dealer_profile_set(actor=actor, user_id=dealer.pk, game_ids=[*dealt, *missing])
    if not dealer.dealer_shifts.filter(clock_out_at__isnull=True).exists():
        dealer_clock_in(actor=actor, room=room, dealer_id=dealer.pk)


def table_with_dealer(
    *, actor: User, room: Room, game: Game, dealer: User, number: int, seats: int | None = None
) -> Table:
    """Table ``number`` of ``room`` for ``game`` (``seats``, the game's seat limit by default) with ``dealer`` ready and
    assigned; still closed, so that what must be in force when it opens (a fee policy) can be set first."""
    table = table_create(actor=actor, room=room, number=number, seats=seats or game.seat_limit, game_id=game.pk)
    dealer_ready(actor=actor, room=room, dealer=dealer, games=[game])
    dealer_assign(actor=actor, table_id=table.pk, dealer_id=dealer.pk)
    return table
