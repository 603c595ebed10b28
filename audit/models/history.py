"""The history of the room's records: one append-only table of snapshots per tracked model.

Each row is django-pghistory's event: the record's columns as they were after an
insert or update (before a delete), ``pgh_label`` (``insert``, ``update``,
``delete``; ``password`` for a user's new password, whose hash is never kept;
``listed`` for an API token shown in a list),
``pgh_obj_id`` (the record), ``pgh_created_at``, ``pgh_context`` (the request's
``user``, ``url`` and ``method``, or the Celery ``task``) and ``pgh_context_id``
(the request id, shared by every row one request wrote). What changed is the
difference between a snapshot and the one before it (``audit.selectors``).

On PostgreSQL pghistory's triggers write the rows, so raw SQL and bulk updates
are recorded too; elsewhere ``audit.services.recorder`` writes the same rows from model
signals. The triggers are declared on the proxy models below so that their
migrations belong to this app, not to the apps whose tables they watch. On
PostgreSQL the history tables refuse UPDATE, DELETE and TRUNCATE.

The ledger, the slips' lines, counts and hand records are append-only
already and are not copied here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pghistory
from django.contrib.auth.models import User
from django.db import models
from knox.models import AuthToken

from cashier.models import Drawer, DrawerShift, Slip
from config.triggers import append_only
from rake.models import DropCount, FeePolicyVersion
from rooms.models import StaffPlace
from tables.models import DealerAssignment, Expulsion, Game, KioskToken, Player, SeatSession, Table


def _row_events() -> tuple[Any, ...]:
    """Insert, update (only when a tracked column changed) and delete; new objects per model,
    since pghistory fills each tracker's condition with its own model's columns."""
    return pghistory.InsertEvent(), pghistory.UpdateEvent(), pghistory.DeleteEvent()


class TrackedPlayer(Player):
    class Meta:
        proxy = True


class TrackedExpulsion(Expulsion):
    class Meta:
        proxy = True


class TrackedTable(Table):
    class Meta:
        proxy = True


class TrackedGame(Game):
    class Meta:
        proxy = True


class TrackedFeePolicy(FeePolicyVersion):
    class Meta:
        proxy = True


class TrackedUser(User):
    class Meta:
        proxy = True


class TrackedMembership(User.groups.through):  # type: ignore[misc,name-defined]  # Django's own through model
    """A user's role: one row of ``auth_user_groups``."""

    class Meta:
        proxy = True


class TrackedToken(AuthToken):  # type: ignore[misc]  # knox is untyped
    class Meta:
        proxy = True


class TrackedDrawer(Drawer):
    class Meta:
        proxy = True


class TrackedDrawerShift(DrawerShift):
    class Meta:
        proxy = True


class TrackedSlip(Slip):
    class Meta:
        proxy = True


class TrackedDropCount(DropCount):
    class Meta:
        proxy = True


class TrackedSeatSession(SeatSession):
    """A stay in a seat: its start and end drive the hourly charges."""

    class Meta:
        proxy = True


class TrackedDealerAssignment(DealerAssignment):
    """Who dealt where and when: every hand is stamped with it, and the dealers' tips and hours follow it."""

    class Meta:
        proxy = True


class TrackedStaffPlace(StaffPlace):
    """Where a user works: who placed them in a room (or the whole group), who ended the place."""

    class Meta:
        proxy = True


class TrackedKioskToken(KioskToken):
    """A board link for a wall TV: who made it, who revoked it."""

    class Meta:
        proxy = True


def _history(
    tracked: type[models.Model],
    name: str,
    *trackers: Any,
    exclude: Sequence[str] = (),
    attrs: dict[str, Any] | None = None,
) -> type[models.Model]:
    """The event model ``name`` of ``tracked``: snapshots, the request's context inline, append-only;
    ``attrs`` overrides a column's definition in the snapshots."""
    prefix = name.lower()
    model: type[models.Model] = pghistory.create_event_model(
        tracked,
        *(trackers or _row_events()),
        exclude=list(exclude),
        # The object's id is kept after the object is gone, so no database constraint.
        obj_field=pghistory.ObjForeignKey(related_name="+"),
        # The context inline in each row (not in pghistory's shared, updatable context table),
        # so a history row alone says who and which request, and nothing can change it later.
        context_field=pghistory.ContextJSONField(),
        model_name=name,
        attrs=attrs,
        abstract=False,
        meta={
            "triggers": append_only(prefix),
            "indexes": [models.Index(fields=["pgh_created_at"], name=f"{prefix}_at_idx")],
        },
    )
    return model


# Snapshots taken before a record belonged to a room name none (history rows are never updated).
_ROOM_SINCE_ROOMS = {
    "room": models.ForeignKey(
        "rooms.Room", null=True, db_constraint=False, on_delete=models.DO_NOTHING, related_name="+"
    )
}
# The search key only restates the names, alias and ID number, folded for the search.
PlayerHistory = _history(TrackedPlayer, "PlayerHistory", exclude=["search_key"], attrs=_ROOM_SINCE_ROOMS)
ExpulsionHistory = _history(TrackedExpulsion, "ExpulsionHistory", attrs=_ROOM_SINCE_ROOMS)
TableHistory = _history(TrackedTable, "TableHistory", attrs=_ROOM_SINCE_ROOMS)
GameHistory = _history(TrackedGame, "GameHistory")
FeePolicyHistory = _history(TrackedFeePolicy, "FeePolicyHistory")
# The password's hash is a secret: a change is recorded, the hash is not. Logins are not changes.
UserHistory = _history(
    TrackedUser,
    "UserHistory",
    *_row_events(),
    pghistory.UpdateEvent("password", condition=pghistory.AnyChange("password")),
    exclude=["password", "last_login"],
)
MembershipHistory = _history(TrackedMembership, "MembershipHistory", pghistory.InsertEvent(), pghistory.DeleteEvent())
# An API token created and revoked (by its digest: knox keeps no key), and ``listed`` when a page showed it
# (``audit.services.recorder.tokens_listed``). Its first characters name it on the history pages.
TokenHistory = _history(
    TrackedToken,
    "TokenHistory",
    pghistory.InsertEvent(),
    pghistory.DeleteEvent(),
    pghistory.ManualEvent("listed"),  # type: ignore[no-untyped-call]
    # The object's id (pgh_obj_id) is the digest already; the pages show the key's first characters.
    exclude=["digest"],
)
DrawerHistory = _history(TrackedDrawer, "DrawerHistory", attrs=_ROOM_SINCE_ROOMS)
# The receipt counter moves with every sale; the shift's states and sign-off are what is kept.
DrawerShiftHistory = _history(TrackedDrawerShift, "DrawerShiftHistory", exclude=["receipt_seq"])
SlipHistory = _history(TrackedSlip, "SlipHistory", attrs=_ROOM_SINCE_ROOMS)
DropCountHistory = _history(TrackedDropCount, "DropCountHistory")
SeatSessionHistory = _history(TrackedSeatSession, "SeatSessionHistory")
DealerAssignmentHistory = _history(TrackedDealerAssignment, "DealerAssignmentHistory")
# The link's secret is never kept; its hash is not history either.
KioskTokenHistory = _history(TrackedKioskToken, "KioskTokenHistory", exclude=["token_hash"], attrs=_ROOM_SINCE_ROOMS)
StaffPlaceHistory = _history(TrackedStaffPlace, "StaffPlaceHistory")
