"""Waitlists: add (desk or call-in), check in, call, seat from the list, remove, expire calls."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import Conflict, DomainError, NotFound
from rooms.models import Room
from tables.models import (
    OPEN_STATUSES,
    WaitlistEndReason,
    WaitlistEntry,
    WaitlistSource,
    WaitlistStatus,
)
from tables.selectors.players import check_player_in_register
from tables.selectors.tables import game_of_room
from tables.services.common import conflict_on_integrity, lock_player, lock_tables, system_actor
from tables.services.players import check_player_not_expelled
from tables.services.seating import seat_in

# What happens to a called player who does not answer in time: "requeue" (to
# the end of the list) or "remove" (off the list). The lead's settings may set it.
CALL_EXPIRY_REQUEUE = "requeue"
CALL_EXPIRY_REMOVE = "remove"
REMOVE_REASONS = (WaitlistEndReason.NO_SHOW, WaitlistEndReason.LEFT)


# Where a missed call puts a requeued player (CARDROOM_WAITLIST_MISSED_CALL_PLACE): "back" (the end of the
# list) or "keep_once" (their original time on the list the first time, the end after that).
MISSED_CALL_KEEP_ONCE = "keep_once"


def call_expiry_action() -> str:
    action = settings.CARDROOM_WAITLIST_CALL_EXPIRY
    return action if action in (CALL_EXPIRY_REQUEUE, CALL_EXPIRY_REMOVE) else CALL_EXPIRY_REQUEUE


def missed_call_keeps_place(*, missed_calls: int) -> bool:
    """A player requeued after their ``missed_calls``-th missed call keeps their original time on the list."""
    return settings.CARDROOM_WAITLIST_MISSED_CALL_PLACE == MISSED_CALL_KEEP_ONCE and missed_calls == 1


def _lock_entry(entry_id: int) -> WaitlistEntry:
    entry = (
        WaitlistEntry.objects.select_for_update(of=("self",))
        .select_related("player", "game", "room")
        .filter(pk=entry_id)
        .first()
    )
    if entry is None:
        raise NotFound(_("Waitlist entry %(entry_id)s does not exist.") % {"entry_id": entry_id})
    if entry.status not in OPEN_STATUSES:
        raise Conflict(
            _("%(full_name)s is no longer on the %(name)s list (%(status)s).")
            % {"full_name": entry.player.full_name, "name": entry.game.name, "status": entry.get_status_display()},
            code="entry_closed",
        )
    return entry


def _end(entry: WaitlistEntry, *, actor: User, status: str, reason: str, at: datetime) -> None:
    entry.status, entry.ended_at, entry.ended_by, entry.end_reason = status, at, actor, reason
    entry.save(update_fields=["status", "ended_at", "ended_by", "end_reason"])


def _ahead(entry: WaitlistEntry) -> WaitlistEntry | None:
    """The first present player waiting ahead of ``entry`` (fair order: queued_at, then pk)."""
    ahead = (
        WaitlistEntry.objects.filter(
            room_id=entry.room_id, game_id=entry.game_id, status=WaitlistStatus.WAITING, queued_at__lte=entry.queued_at
        )
        .exclude(pk=entry.pk)
        .exclude(source=WaitlistSource.CALL_IN, checked_in_at__isnull=True)
        .select_related("player")
        .order_by("queued_at", "pk")
    )
    for other in ahead:
        if (other.queued_at, other.pk) < (entry.queued_at, entry.pk):
            return other
    return None


def _check_fair_order(entry: WaitlistEntry) -> None:
    if entry.status == WaitlistStatus.CALLED:
        return
    if not entry.is_present:
        raise DomainError(
            _("%(full_name)s called in and has not checked in yet.") % {"full_name": entry.player.full_name},
            code="not_checked_in",
        )
    first = _ahead(entry)
    if first is not None:
        raise Conflict(
            _("Fair order: %(first)s is ahead of %(player)s on the %(game)s list; call or seat them first.")
            % {
                "first": first.player.masked_name,
                "player": entry.player.masked_name,
                "game": entry.game.name,
            },
            code="out_of_order",
            ahead_entry_id=first.pk,
        )


@transaction.atomic
def waitlist_add(
    *,
    actor: User,
    room: Room,
    game_id: int,
    player_id: int,
    source: str = WaitlistSource.DESK,
    check_in_minutes: int | None = None,
) -> WaitlistEntry:
    """Put a player at the end of ``room``'s list of a game (its interest list while no table of the room
    deals it). The caller has checked that ``actor`` works in ``room``."""
    if source not in WaitlistSource.values:
        raise DomainError(_("Unknown source %(source)r.") % {"source": source}, code="bad_source")
    player = lock_player(player_id)
    check_player_in_register(player, room_id=room.pk)
    check_player_not_expelled(player_id=player.pk, room_id=room.pk)
    game = game_of_room(game_id, room_id=room.pk)
    now = timezone.now()
    check_in_by = None
    if source == WaitlistSource.CALL_IN:
        minutes = check_in_minutes or settings.CARDROOM_CALL_IN_MINUTES
        if minutes < 1 or minutes > 24 * 60:
            raise DomainError(_("A call-in's check-in deadline is 1 minute to 24 hours away."), code="bad_deadline")
        check_in_by = now + timedelta(minutes=minutes)
    with conflict_on_integrity(
        _("%(full_name)s is already on the %(name)s list.") % {"full_name": player.full_name, "name": game.name},
        code="already_listed",
    ):
        return WaitlistEntry.objects.create(
            room=room,
            game=game,
            player=player,
            source=source,
            queued_at=now,
            first_joined_at=now,
            check_in_by=check_in_by,
            created_at=now,
            created_by=actor,
        )


@transaction.atomic
def waitlist_check_in(*, actor: User, entry_id: int) -> WaitlistEntry:
    entry = _lock_entry(entry_id)
    if entry.source != WaitlistSource.CALL_IN or entry.checked_in_at is not None:
        raise Conflict(
            _("%(full_name)s is already here.") % {"full_name": entry.player.full_name}, code="already_checked_in"
        )
    entry.checked_in_at = timezone.now()
    entry.save(update_fields=["checked_in_at"])
    return entry


@transaction.atomic
def waitlist_call(*, actor: User, entry_id: int, minutes: int | None = None) -> WaitlistEntry:
    """Call the player to a seat; they have ``minutes`` (setting) to answer before the call expires."""
    entry = _lock_entry(entry_id)
    if entry.status == WaitlistStatus.CALLED:
        raise Conflict(
            _("%(full_name)s has been called already.") % {"full_name": entry.player.full_name}, code="already_called"
        )
    _check_fair_order(entry)
    now = timezone.now()
    entry.status = WaitlistStatus.CALLED
    entry.called_at = now
    entry.call_expires_at = now + timedelta(minutes=minutes or settings.CARDROOM_WAITLIST_CALL_MINUTES)
    entry.save(update_fields=["status", "called_at", "call_expires_at"])
    return entry


@transaction.atomic
def waitlist_seat(
    *, actor: User, entry_id: int, table_id: int, seat_number: int | None = None, seat_entry: str = ""
) -> WaitlistEntry:
    """Seat a listed player at a table of the list's room dealing their game; the entry leaves the list as
    seated.

    ``seat_entry``: post or wait, for a Hold'em game already running (``seat_in``'s ``entry``).
    """
    peek = WaitlistEntry.objects.filter(pk=entry_id).only("player_id").first()
    if peek is None:
        raise NotFound(_("Waitlist entry %(entry_id)s does not exist.") % {"entry_id": entry_id})
    table = lock_tables(table_id)[table_id]
    player = lock_player(peek.player_id)
    entry = _lock_entry(entry_id)
    if table.room_id != entry.room_id:
        raise DomainError(
            _("Table %(number)s is another room's: %(full_name)s waits in %(room)s.")
            % {"number": table.number, "full_name": entry.player.full_name, "room": entry.room.name},
            code="other_room",
        )
    if table.game_id != entry.game_id:
        raise DomainError(
            _("Table %(number)s deals %(dealt)s, not %(wanted)s.")
            % {
                "number": table.number,
                "dealt": table.game.name if table.game else _("no game"),
                "wanted": entry.game.name,
            },
            code="wrong_game",
        )
    _check_fair_order(entry)
    now = timezone.now()
    session = seat_in(actor=actor, table=table, player=player, seat_number=seat_number, at=now, entry=seat_entry)
    entry.seat_session = session
    entry.save(update_fields=["seat_session"])
    _end(entry, actor=actor, status=WaitlistStatus.SEATED, reason=WaitlistEndReason.SEATED, at=now)
    return entry


@transaction.atomic
def waitlist_remove(*, actor: User, entry_id: int, reason: str) -> WaitlistEntry:
    if reason not in REMOVE_REASONS:
        raise DomainError(
            _("Give a reason for removal: %(items)s.") % {"items": ", ".join(str(r) for r in REMOVE_REASONS)},
            code="bad_reason",
        )
    entry = _lock_entry(entry_id)
    _end(entry, actor=actor, status=WaitlistStatus.REMOVED, reason=reason, at=timezone.now())
    return entry


def _expire_call(entry_id: int, now: datetime, actor: User) -> bool:
    with transaction.atomic():
        entry = (
            WaitlistEntry.objects.select_for_update()
            .filter(pk=entry_id, status=WaitlistStatus.CALLED, call_expires_at__lte=now)
            .first()
        )
        if entry is None:
            return False
        if call_expiry_action() == CALL_EXPIRY_REMOVE:
            _end(entry, actor=actor, status=WaitlistStatus.REMOVED, reason=WaitlistEndReason.CALL_EXPIRED, at=now)
            return True
        _end(entry, actor=actor, status=WaitlistStatus.REMOVED, reason=WaitlistEndReason.REQUEUED, at=now)
        missed = entry.missed_calls + 1
        WaitlistEntry.objects.create(
            room_id=entry.room_id,
            game_id=entry.game_id,
            player_id=entry.player_id,
            source=entry.source,
            queued_at=entry.queued_at if missed_call_keeps_place(missed_calls=missed) else now,
            first_joined_at=entry.first_joined_at,
            check_in_by=entry.check_in_by,
            checked_in_at=entry.checked_in_at,
            requeued_from=entry,
            missed_calls=missed,
            missed_call_at=now,
            created_at=now,
            created_by=actor,
        )
        return True


def _expire_check_in(entry_id: int, now: datetime, actor: User) -> bool:
    with transaction.atomic():
        entry = (
            WaitlistEntry.objects.select_for_update()
            .filter(
                pk=entry_id,
                status=WaitlistStatus.WAITING,
                source=WaitlistSource.CALL_IN,
                checked_in_at__isnull=True,
                check_in_by__lte=now,
            )
            .first()
        )
        if entry is None:
            return False
        _end(entry, actor=actor, status=WaitlistStatus.REMOVED, reason=WaitlistEndReason.CHECK_IN_MISSED, at=now)
        return True


def waitlist_expire_calls(*, now: datetime | None = None) -> dict[str, int]:
    """Expire unanswered calls (requeued with a missed-call note, to the end or once at their place, or off the
    list, per the settings) and call-ins past their deadline.

    Each entry in its own short transaction; idempotent, so the beat task may overlap.
    """
    moment = now or timezone.now()
    actor = system_actor()
    calls = WaitlistEntry.objects.filter(status=WaitlistStatus.CALLED, call_expires_at__lte=moment)
    call_ins = WaitlistEntry.objects.filter(
        status=WaitlistStatus.WAITING,
        source=WaitlistSource.CALL_IN,
        checked_in_at__isnull=True,
        check_in_by__lte=moment,
    )
    expired = sum(_expire_call(pk, moment, actor) for pk in calls.order_by("pk").values_list("pk", flat=True))
    missed = sum(_expire_check_in(pk, moment, actor) for pk in call_ins.order_by("pk").values_list("pk", flat=True))
    return {"calls_expired": expired, "check_ins_missed": missed}
