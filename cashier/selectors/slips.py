"""Who may take which step of a fill or credit slip now: the one check behind the services' refusals
(``cashier.services.slips``) and the buttons the fills-and-credits page offers.

The check reads what it needs besides the slip from a ``SlipDesk``: the services build it under their
locks, the page once for all the slips it lists, so a button is shown exactly when its step would pass
(the ledger's own rules, such as a drawer holding the chips a fill takes, are checked when it posts).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from types import EllipsisType

from django.contrib.auth.models import User
from django.db.models import OuterRef, Subquery
from django.utils.translation import gettext as _

from cashier.models import DrawerShift, ShiftStatus, Slip, SlipKind, SlipStatus, TrayCount, TrayCountKind
from cashier.selectors.drawers import no_open_drawer, open_shift_of
from config.errors import Conflict, DomainError, Forbidden
from config.roles import Role, has_any_role
from tables.models import DealerAssignment, Table
from tables.selectors import check_deals_table

FLOOR_ROLES = (Role.FLOOR_MANAGER, Role.DEALER)
CAGE_ROLES = (Role.CASHIER,)
VOID_CONFIRM_ROLES = (Role.FLOOR_MANAGER,)

ISSUE, RECEIVE, VOID, CONFIRM = "issue", "receive", "void", "confirm"
SLIP_STEPS = (ISSUE, RECEIVE, VOID, CONFIRM)


@dataclass(frozen=True, slots=True)
class SlipDesk:
    """What decides a user's steps besides the slip itself.

    ``open_shift``: the user's open drawer shift, or None. ``closed_trays``: of the tables concerned, those
    whose tray's last count is a closer. ``dealt_tables``: the tables the user deals now, or None to read
    it from the database (``check_deals_table``), as the services do.
    """

    actor: User
    open_shift: DrawerShift | None
    closed_trays: frozenset[int]
    dealt_tables: frozenset[int] | None = None
    # The at-table check's answer per table (None: allowed), filled as the checks ask.
    at_table: dict[int, DomainError | None] = field(default_factory=dict)


def through_drawer(step: str, kind: str) -> bool:
    """The cage's side of a slip: a fill issued from, or a credit received into, the cashier's own drawer."""
    return (step == ISSUE) == (kind == SlipKind.FILL)


def trays_closed(table_ids: Iterable[int]) -> frozenset[int]:
    """The tables among ``table_ids`` whose tray is closed: its last count is a closer, and until the next
    opener no fill or credit moves chips to or from it."""
    last = TrayCount.objects.filter(table_id=OuterRef("pk")).order_by("-pk").values("kind")[:1]
    closed = (
        Table.objects.filter(pk__in=list(table_ids)).annotate(last=Subquery(last)).filter(last=TrayCountKind.CLOSER)
    )
    return frozenset(closed.values_list("pk", flat=True))


def slip_desk_for(user: User, slips: Iterable[Slip]) -> SlipDesk:
    """A page's desk for ``slips``: three reads, whatever their number."""
    tables = {s.table_id for s in slips}
    dealt = DealerAssignment.objects.filter(dealer_id=user.pk, ended_at__isnull=True).values_list("table_id", flat=True)
    return SlipDesk(
        actor=user,
        open_shift=open_shift_of(user),
        closed_trays=trays_closed(tables),
        dealt_tables=frozenset(dealt) if has_any_role(user, (Role.DEALER,)) else frozenset(),
    )


def check_slip_step(step: str, *, slip: Slip, desk: SlipDesk) -> None:
    """Refuse ``step`` of ``slip`` for ``desk.actor``, naming the rule; a confirmed void reads ``slip.shift``.

    The order of the checks is the order of the refusals: who, the slip's state, the drawer or the
    table, the two signers, a pending void, the tray. The state comes before the table, so that a page
    listing a dealer the slips of other tables reads where they deal only for slips still open.
    """
    actor = desk.actor
    check_step_role(step, actor=actor, kind=slip.kind)
    if step == VOID:
        _check_status(slip, SlipStatus.REQUESTED, SlipStatus.ISSUED)
        if slip.void_requested_by_id is not None:
            raise Conflict(_("A void of this slip is already pending."), code="void_pending")
        return
    if step == CONFIRM:
        _check_confirm(slip, desk)
        return
    cage_side = through_drawer(step, slip.kind)
    _check_status(slip, SlipStatus.REQUESTED if step == ISSUE else SlipStatus.ISSUED)
    if cage_side and desk.open_shift is None:
        raise no_open_drawer()
    if not cage_side:
        _check_at_table_once(slip.table_id, desk)
    if step == RECEIVE:
        if slip.issued_by_id == actor.pk:
            raise Forbidden(_("The issuer of a slip cannot also receive it."), code="same_user")
        if slip.void_requested_by_id is not None:
            raise Conflict(_("A void of this slip is pending."), code="void_pending")
    if slip.table_id in desk.closed_trays:
        raise Conflict(
            _("The table's tray is closed (a closer was counted); count an opener before any fill or credit."),
            code="table_closed",
        )


def check_step_role(step: str, *, actor: User, kind: str = "") -> None:
    """Refuse ``step`` to a user without the role it needs (an issue's or a receipt's depends on the slip's
    ``kind``): the first of ``check_slip_step``'s checks, which the services ask before they lock anything."""
    if step == VOID:
        _require(actor, CAGE_ROLES, _("A void is asked for by the cage."))
    elif step == CONFIRM:
        _require(actor, VOID_CONFIRM_ROLES, _("A void is confirmed by a floor manager."))
    elif through_drawer(step, kind):
        _require(actor, CAGE_ROLES, _cage_rule(step))
    else:
        _require(actor, FLOOR_ROLES, _floor_rule(step))


def slip_steps(*, slip: Slip, desk: SlipDesk) -> list[str]:
    """The steps ``check_slip_step`` lets ``desk.actor`` take on ``slip`` now, for the page's buttons."""
    steps = []
    for step in SLIP_STEPS:
        try:
            check_slip_step(step, slip=slip, desk=desk)
        except DomainError:
            continue
        steps.append(step)
    return steps


def check_at_table(
    actor: User, *, table_id: int, table_number: int | None = None, dealt_tables: frozenset[int] | None = None
) -> None:
    """The floor's side of a slip: a floor manager anywhere, a dealer only at the table they deal now."""
    dealer_now: int | EllipsisType | None = ...
    if dealt_tables is not None:
        dealer_now = actor.pk if table_id in dealt_tables else None
    check_deals_table(
        actor,
        rule=_("Fills and credits are signed at a table by a floor manager or by the dealer assigned to it now"),
        table_id=table_id,
        table_number=table_number,
        dealer_now=dealer_now,
    )


def _check_at_table_once(table_id: int, desk: SlipDesk) -> None:
    """``check_at_table`` asked once per table and desk: a page's refusals cost a read per table, not per slip."""
    if table_id not in desk.at_table:
        try:
            check_at_table(desk.actor, table_id=table_id, dealt_tables=desk.dealt_tables)
        except DomainError as refused:
            desk.at_table[table_id] = refused
        else:
            desk.at_table[table_id] = None
    answer = desk.at_table[table_id]
    if answer is not None:
        raise answer


def _check_confirm(slip: Slip, desk: SlipDesk) -> None:
    _check_status(slip, SlipStatus.REQUESTED, SlipStatus.ISSUED)
    if slip.void_requested_by_id is None:
        raise Conflict(_("Nobody in the cage has asked to void this slip."), code="void_not_requested")
    if slip.void_requested_by_id == desk.actor.pk:
        raise Forbidden(_("A void needs a second, independent person."), code="same_user")
    # Issued chips go back where they came from: a fill's to the drawer that issued it, which must be open.
    if slip.issue_entry_id is not None and slip.shift is not None and slip.shift.status != ShiftStatus.OPEN:
        raise Conflict(_("The drawer that issued this fill is closed."), code="drawer_closed")


def _cage_rule(step: str) -> str:
    if step == ISSUE:
        return _("A fill is issued by a cashier from their own drawer.")
    return _("A credit is received by a cashier into their own drawer.")


def _floor_rule(step: str) -> str:
    if step == ISSUE:
        return _("A credit is issued at the table by a floor manager or dealer.")
    return _("A fill is received at the table by a floor manager or dealer.")


def _check_status(slip: Slip, *statuses: SlipStatus) -> None:
    if slip.status not in statuses:
        raise Conflict(
            _("Slip %(slip)s is %(status)s.") % {"slip": slip.label, "status": slip.get_status_display()},
            code="slip_state",
        )


def _require(actor: User, roles: tuple[str, ...], message: str) -> None:
    if not has_any_role(actor, roles):
        raise Forbidden(message)
