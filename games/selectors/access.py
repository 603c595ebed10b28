"""Who may record, void and read hands (controls E21, E23).

Checked on every request, from the database: a dealer moved to another table
is refused on the very next request, with no cache in between.
"""

from __future__ import annotations

from types import EllipsisType

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.utils.translation import gettext as _

from config.errors import Forbidden
from config.roles import Role, has_any_role
from rooms.selectors import check_works_in
from tables.models import Table
from tables.selectors import check_deals_table
from tables.selectors.dealers import ANYWHERE_ROLES

# The one-statement event path (games.services.recording) checks the table itself for everyone else.
RECORD_ANYWHERE = ANYWHERE_ROLES
READ_EVERYWHERE = (Role.FLOOR_MANAGER, Role.ACCOUNTANT)


def check_may_record(
    user: AbstractBaseUser | AnonymousUser,
    *,
    table_id: int,
    table_number: int | None = None,
    dealer_now: int | EllipsisType | None = ...,
) -> None:
    """Floor managers record anywhere; a dealer only at the table they are assigned to at this moment.

    ``dealer_now``: the dealer assigned to the table, when the caller read it in this request
    (``lock_table`` does, with the lock); else it is read here (``tables.selectors.check_deals_table``).
    """
    check_deals_table(
        user,
        rule=_("Hands are recorded by a floor manager or by the dealer assigned to the table now"),
        table_id=table_id,
        table_number=table_number,
        dealer_now=dealer_now,
    )


def check_may_read_table(user: AbstractBaseUser | AnonymousUser, *, table_id: int) -> None:
    """The floor and the accounts read every table's hand now in the rooms they work in; a dealer only that of
    the table they deal now, checked as the dealer's screen checks it (``check_deals_table``): a dealer of
    table 1 reads no other."""
    if has_any_role(user, READ_EVERYWHERE):
        room_id = Table.objects.filter(pk=table_id).values_list("room_id", flat=True).first()
        if room_id is not None:
            check_works_in(user, room_id=room_id)
        return
    check_deals_table(
        user,
        rule=_("The hand at a table is read by the floor, the accounts or the dealer assigned to the table now"),
        table_id=table_id,
    )


def check_may_amend(user: AbstractBaseUser | AnonymousUser) -> None:
    """Voids and corrections are a floor manager's (controls: adjustments need a supervisor)."""
    if not has_any_role(user, RECORD_ANYWHERE):
        raise Forbidden(_("Only a floor manager voids or corrects a hand."), code="floor_manager_only")


def readable_table_ids(user: AbstractBaseUser | AnonymousUser) -> list[int] | None:
    """Tables whose hands a user reads: None for every table (floor, accounts) of the rooms they work in,
    which the caller filters by (``room_ids_of``), else a dealer's table now."""
    if has_any_role(user, READ_EVERYWHERE):
        return None
    if has_any_role(user, (Role.DEALER,)):
        from tables.selectors.dealers import dealer_table_ids

        return dealer_table_ids(user_id=user.pk) if user.pk is not None else []
    return []
