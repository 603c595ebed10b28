"""The tracked records by the names the pages, filters and exports use."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from audit.models import history as m


@dataclass(frozen=True)
class Tracked:
    key: str
    label: str | Promise
    history: type[models.Model]
    # The column naming the record a row belongs to: a role belongs to its user.
    object_field: str = "pgh_obj_id"

    @property
    def source(self) -> type[models.Model]:
        """The model whose table is watched (the concrete model behind the proxy)."""
        tracked: type[models.Model] = self.history.pgh_tracked_model  # type: ignore[attr-defined]
        concrete = tracked._meta.concrete_model
        assert concrete is not None
        return concrete


TRACKED: dict[str, Tracked] = {
    t.key: t
    for t in (
        Tracked("player", _("player"), m.PlayerHistory),
        Tracked("expulsion", _("expulsion"), m.ExpulsionHistory),
        Tracked("table", _("table"), m.TableHistory),
        Tracked("game", _("game"), m.GameHistory),
        Tracked("fee_policy", _("fee policy"), m.FeePolicyHistory),
        Tracked("user", _("user"), m.UserHistory),
        Tracked("role", _("role of a user"), m.MembershipHistory, object_field="user_id"),
        # A token belongs to its user, and is shown under the user it opens the API to.
        Tracked("api_token", _("API token"), m.TokenHistory, object_field="user_id"),
        Tracked("drawer", _("drawer"), m.DrawerHistory),
        Tracked("drawer_shift", _("drawer shift"), m.DrawerShiftHistory),
        Tracked("slip", _("fill or credit slip"), m.SlipHistory),
        Tracked("drop_count", _("drop count"), m.DropCountHistory),
        Tracked("seat_session", _("seat session"), m.SeatSessionHistory),
        Tracked("dealer_assignment", _("dealer assignment"), m.DealerAssignmentHistory),
        Tracked("kiosk_link", _("board link"), m.KioskTokenHistory),
        # A place belongs to its user, and is shown under the user it lets work in a room.
        Tracked("staff_place", _("staff place"), m.StaffPlaceHistory, object_field="user_id"),
    )
}
