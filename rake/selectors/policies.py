"""Reads of the rake app: the fee policy in force, the sign's fee line, time charges.

The hand recorder (``games``) calls ``fee_policy_in_force`` then
``percentage_fee_for``; whoever records or shows a table's sign passes ``sign_fee_words`` to the floor's
sign service (``tables.services.signs``), which does not read this app.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import F, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import Forbidden, NotFound
from config.roles import Role, has_any_role
from rake.engine.policies import HourlyFee, PercentageFee
from rake.models import FeeKind, FeePolicyVersion, TimeCharge
from rake.selectors.words import fee_text
from rooms.selectors import check_works_in, room_ids_of
from tables.models import DealerAssignment, GameKind, SeatSession, Table

# Who may mark time charges at any table; a dealer only at the table they deal now.
MARK_ANYWHERE_ROLES = (Role.FLOOR_MANAGER,)


def fee_policy_in_force(*, table_id: int, at: datetime | None = None) -> FeePolicyVersion | None:
    """The version a table charges under at ``at`` (default now): its own, else its game's default.

    One query. The game default is that of the table's *current* game: a
    table's game changes only while it is closed, when nothing is charged.
    """
    moment = at or timezone.now()
    return (
        FeePolicyVersion.objects.filter(Q(table_id=table_id) | Q(game__tables__pk=table_id), effective_from__lte=moment)
        .order_by(F("table_id").asc(nulls_last=True), "-effective_from", "-pk")
        .first()
    )


def game_fee_policy_in_force(*, game_id: int, at: datetime | None = None) -> FeePolicyVersion | None:
    """A game's default version at ``at`` (default now)."""
    moment = at or timezone.now()
    return (
        FeePolicyVersion.objects.filter(game_id=game_id, effective_from__lte=moment)
        .order_by("-effective_from", "-pk")
        .first()
    )


def percentage_fee_for(version: FeePolicyVersion | None) -> PercentageFee | None:
    """The pure percentage policy for ``rake.engine.policies.hand_fees``; None for no fee or an hourly fee."""
    if version is None or version.kind != FeeKind.PERCENTAGE or version.rate is None:
        return None
    return PercentageFee(
        rate=version.rate,
        cap_per_hand=version.cap_per_hand,
        caps_by_players=tuple((int(players), int(cap)) for players, cap in version.caps_by_players or []),
        min_pot=version.min_pot or 0,
        no_flop_no_drop=bool(version.no_flop_no_drop),
        allocation="proportional" if version.allocation == "proportional" else "main_first",
    )


def hourly_fee_for(version: FeePolicyVersion | None) -> HourlyFee | None:
    """The pure hourly policy for ``rake.engine.policies.time_charge``; None for no fee or a percentage fee."""
    if version is None or version.kind != FeeKind.HOURLY or version.amount_per_hour is None:
        return None
    unit = version.unit
    return HourlyFee(
        amount_per_hour=version.amount_per_hour,
        unit="half_hour" if unit == "half_hour" else "minute" if unit == "minute" else "hour",
        charge_away=bool(version.charge_away),
    )


def fee_line(version: FeePolicyVersion | None, *, has_flop: bool = True) -> str:
    """The sign's wording of a version, in the reader's language ("5% of each pot, up to 2,000 AMD")."""
    policy: PercentageFee | HourlyFee | None = percentage_fee_for(version) or hourly_fee_for(version)
    return fee_text(policy, has_flop=has_flop)


def table_fee_line(table_id: int, *, at: datetime | None = None) -> str | None:
    """The fee line a table's sign shows ("5% up to 20", "1,000 per player per hour").

    None while no fee policy (own or the game's default) is in force for the
    table now (or at ``at``).
    """
    version = fee_policy_in_force(table_id=table_id, at=at)
    if version is None:
        return None
    kind = Table.objects.filter(pk=table_id).values_list("game__kind", flat=True).first()
    return fee_line(version, has_flop=kind != GameKind.CLUB_POKER)


def sign_fee_words(table: Table) -> str | None:
    """The fee ``table``'s sign names, in the active language; None while no fee is in force (own or the
    game's default), when the sign says the room posts it. ``tables.services.signs.SignFeeWords``: reads
    ``table.game``, which the caller read with the locked table."""
    version = fee_policy_in_force(table_id=table.pk)
    policy = percentage_fee_for(version) or hourly_fee_for(version)
    if policy is None:
        return None
    has_flop = table.game is None or table.game.kind != GameKind.CLUB_POKER
    return fee_text(policy, has_flop=has_flop)


def fee_policy_history(
    *, table_id: int | None = None, game_id: int | None = None, user: AbstractBaseUser | AnonymousUser | None = None
) -> QuerySet[FeePolicyVersion]:
    """Every version of a table's (or a game's) fee, newest first; for ``user``, only the tables of the rooms
    they work in (a game's defaults, which reach every room's tables, are the group's)."""
    rows = FeePolicyVersion.objects.select_related("table", "game", "created_by")
    if user is not None:
        rows = rows.filter(Q(table__isnull=True) | Q(table__room_id__in=room_ids_of(user)))
    if table_id is not None:
        rows = rows.filter(table_id=table_id)
    if game_id is not None:
        rows = rows.filter(game_id=game_id)
    return rows.order_by("-effective_from", "-pk")


def fee_policy_get(*, version_id: int, user: AbstractBaseUser | AnonymousUser) -> FeePolicyVersion:
    """A fee policy version ``user`` reads: a table's of a room they work in (403 ``not_your_room``
    otherwise), or a game's default, the group's."""
    version = FeePolicyVersion.objects.select_related("table", "game", "created_by").filter(pk=version_id).first()
    if version is None:
        raise NotFound(
            _("Fee policy version %(version_id)s does not exist.") % {"version_id": version_id}, version_id=version_id
        )
    if version.table is not None:
        check_works_in(user, room_id=version.table.room_id)
    return version


def table_is_idle(*, table_id: int) -> bool:
    """No player seated at the table, so no hand can be open (a hand needs seated players).

    The caller holds the table's row lock when it acts on the answer: seating
    locks the table first, so nobody sits down in between.
    """
    return not SeatSession.objects.filter(table_id=table_id, ended_at__isnull=True).exists()


def _dealing_now(user_id: int | None) -> QuerySet[DealerAssignment]:
    # Read from the model, not tables.selectors: the floor's sign code imports
    # this module, and tables.selectors imports the sign code.
    return DealerAssignment.objects.filter(dealer_id=user_id, ended_at__isnull=True)


def visible_table_ids(user: AbstractBaseUser | AnonymousUser) -> list[int] | None:
    """Tables whose time charges a user sees: those of the rooms they work in (floor, accountants), else a
    dealer's own."""
    if has_any_role(user, (Role.FLOOR_MANAGER, Role.ACCOUNTANT)):
        return list(Table.objects.filter(room_id__in=room_ids_of(user)).values_list("pk", flat=True))
    if has_any_role(user, (Role.DEALER,)):
        return list(_dealing_now(user.pk).values_list("table_id", flat=True))
    return []


def time_charges_list(
    *,
    table_ids: Iterable[int] | None = None,
    status: str | None = None,
    gaming_day: date | None = None,
    player_id: int | None = None,
) -> QuerySet[TimeCharge]:
    rows = TimeCharge.objects.select_related("table", "player", "policy", "marked_by")
    if table_ids is not None:
        rows = rows.filter(table_id__in=list(table_ids))
    if status:
        rows = rows.filter(status=status)
    if gaming_day is not None:
        rows = rows.filter(gaming_day=gaming_day)
    if player_id is not None:
        rows = rows.filter(player_id=player_id)
    return rows.order_by("-period_start", "-pk")


def check_may_mark_time_charges(user: AbstractBaseUser | AnonymousUser, *, table_id: int) -> None:
    """Floor managers mark charges at any table of the rooms they work in; a dealer only at the table they
    deal now."""
    if has_any_role(user, MARK_ANYWHERE_ROLES):
        room_id = Table.objects.filter(pk=table_id).values_list("room_id", flat=True).first()
        if room_id is not None:
            check_works_in(user, room_id=room_id)
        return
    if has_any_role(user, (Role.DEALER,)) and _dealing_now(user.pk).filter(table_id=table_id).exists():
        return
    raise Forbidden(
        _("Time charges are marked by a floor manager or by the dealer assigned to the table now."),
        code="not_assigned_dealer",
        table_id=table_id,
    )


def time_charge_get_for_user(*, charge_id: int, user: AbstractBaseUser | AnonymousUser) -> TimeCharge:
    """A time charge the user may see: a dealer sees only those of the table they deal."""
    charge = TimeCharge.objects.select_related("table", "player", "policy", "marked_by").filter(pk=charge_id).first()
    visible = visible_table_ids(user)
    if charge is None or (visible is not None and charge.table_id not in visible):
        raise NotFound(_("Time charge %(charge_id)s does not exist.") % {"charge_id": charge_id}, charge_id=charge_id)
    return charge
