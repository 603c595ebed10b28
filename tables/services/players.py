"""Players and expulsions."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.contrib.auth.models import User
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import Conflict, DomainError, Forbidden, NotFound
from config.gaming_day import current_gaming_day, gaming_day_bounds
from config.uploads import IMAGES, MP4, PDF, TEXT, check_upload
from rooms.models import Room
from rooms.selectors import check_works_in, works_for_the_group
from tables.models import (
    DocumentType,
    Expulsion,
    ExpulsionDuration,
    ExpulsionScope,
    Player,
    SeatEndReason,
    SeatSession,
    WaitlistEndReason,
    WaitlistEntry,
    WaitlistStatus,
)
from tables.selectors.players import (
    check_sees_player,
    expulsion_active_for,
    player_room_ids,
    players_likely_duplicates,
)
from tables.services.common import end_session, lock_player, lock_tables

PHOTO_KINDS = IMAGES
EVIDENCE_KINDS = (*IMAGES, PDF, MP4, TEXT)
PLAYER_EDITABLE = ("alias", "date_of_birth", "id_document_type", "id_document_number", "description", "notes")


def check_player_not_expelled(*, player_id: int, room_id: int | None) -> None:
    """Refuse anything for a player under an expulsion in force that bars them from ``room_id``'s tables
    (seating, waitlists), or from any room's (``None``: chip sales, ``expulsion_active_for``)."""
    expulsion = expulsion_active_for(player_id=player_id, room_id=room_id)
    if expulsion is not None:
        raise DomainError(
            expulsion.describe(),
            code="player_expelled",
            expulsion_id=expulsion.pk,
            until=expulsion.until.isoformat() if expulsion.until else None,
            rule=expulsion.rule,
            scope=expulsion.scope,
            room_id=expulsion.room_id,
        )


def _check_identity(fields: dict[str, Any]) -> None:
    if not fields.get("first_name", "x").strip() or not fields.get("last_name", "x").strip():
        raise DomainError(_("A player needs a first and a last name."), code="blank_name")
    doc_type = fields.get("id_document_type", "")
    if doc_type not in DocumentType.values:
        raise DomainError(_("Unknown ID document type %(doc_type)r.") % {"doc_type": doc_type}, code="bad_document")
    if bool(doc_type) != bool(fields.get("id_document_number", "").strip()):
        raise DomainError(_("Give both the ID document type and its number, or neither."), code="bad_document")
    dob = fields.get("date_of_birth")
    if dob is not None and dob >= timezone.localdate():
        raise DomainError(_("The date of birth is not in the past."), code="bad_date_of_birth")


@transaction.atomic
def player_create(
    *,
    actor: User,
    room: Room,
    first_name: str,
    last_name: str,
    alias: str = "",
    date_of_birth: date | None = None,
    id_document_type: str = "",
    id_document_number: str = "",
    photo: UploadedFile[bytes] | None = None,
    description: str = "",
    notes: str = "",
    allow_duplicate: bool = False,
) -> Player:
    """Register a player in ``room``, one ``actor`` works in; a likely duplicate in the register the player
    joins is refused unless the desk confirms (``allow_duplicate``)."""
    check_works_in(actor, room_id=room.pk)
    fields: dict[str, Any] = {
        "first_name": first_name.strip(),
        "last_name": last_name.strip(),
        "alias": alias.strip(),
        "date_of_birth": date_of_birth,
        "id_document_type": id_document_type,
        "id_document_number": id_document_number.strip(),
        "description": description,
        "notes": notes,
    }
    _check_identity(fields)
    if photo is not None:
        photo.name = check_upload(photo, field="photo", kinds=PHOTO_KINDS).stored_name()
    if not allow_duplicate:
        twins = list(
            players_likely_duplicates(
                first_name=fields["first_name"],
                last_name=fields["last_name"],
                date_of_birth=date_of_birth,
                id_document_number=fields["id_document_number"],
                room_ids=player_room_ids(room_id=room.pk),
            )
        )
        if twins:
            raise Conflict(
                _("Likely duplicate of %(players)s: check, or confirm to register anyway.")
                % {"players": "; ".join(f"#{p.pk} {p.full_name} ({p.date_of_birth or '?'})" for p in twins)},
                code="likely_duplicate",
                duplicates=[{"id": p.pk, "name": p.full_name} for p in twins],
            )
    player = Player(**fields, room=room, created_at=timezone.now(), created_by=actor)
    player.search_key = player.folded_words()
    if photo is not None:
        player.photo = photo
    player.save()
    return player


@transaction.atomic
def player_update(*, actor: User, player_id: int, photo: UploadedFile[bytes] | None = None, **changes: Any) -> Player:
    """Correct a player's details (names stay: a new identity is a new player); another room's register is
    refused when each room keeps its own."""
    player = Player.objects.select_for_update().filter(pk=player_id).first()
    if player is None:
        raise NotFound(_("Player %(player_id)s does not exist.") % {"player_id": player_id})
    check_sees_player(actor, player)
    unknown = set(changes) - set(PLAYER_EDITABLE)
    if unknown:
        raise DomainError(
            _("These fields cannot change: %(items)s.") % {"items": ", ".join(sorted(unknown))}, code="bad_field"
        )
    merged = {f: getattr(player, f) for f in PLAYER_EDITABLE} | changes
    _check_identity(merged)
    for name, value in changes.items():
        setattr(player, name, value)
    fields = list(changes)
    if player.folded_words() != player.search_key:
        player.search_key = player.folded_words()
        fields.append("search_key")
    if photo is not None:
        photo.name = check_upload(photo, field="photo", kinds=PHOTO_KINDS).stored_name()
        player.photo = photo
        fields.append("photo")
    if fields:
        player.save(update_fields=fields)
    return player


def _until(duration: str, until: datetime | None, now: datetime, room: Room) -> datetime | None:
    if duration == ExpulsionDuration.PERMANENT:
        if until is not None:
            raise DomainError(_("A permanent expulsion has no end date."), code="bad_duration")
        return None
    if duration == ExpulsionDuration.GAMING_DAY:
        # The expelling room's gaming day, by its own clock.
        return gaming_day_bounds(current_gaming_day(room=room), room=room)[1]
    if duration != ExpulsionDuration.UNTIL:
        raise DomainError(_("Unknown duration %(duration)r.") % {"duration": duration}, code="bad_duration")
    if until is None or until <= now:
        raise DomainError(_("An expulsion until a date needs a moment in the future."), code="bad_duration")
    return until


@transaction.atomic
def expulsion_create(
    *,
    actor: User,
    room: Room,
    player_id: int,
    rule: str,
    reason: str,
    duration: str,
    until: datetime | None = None,
    scope: str = ExpulsionScope.ROOM,
    evidence: UploadedFile[bytes] | None = None,
) -> Expulsion:
    """Expel a player, decided in ``room`` (one ``actor`` works in): from that room's tables (``scope`` room
    or premises), or from every room's (group, for a user of the whole group only). In one transaction the
    player's open seat and waitlist entries where the expulsion bars them end."""
    if not rule.strip() or not reason.strip():
        raise DomainError(_("An expulsion names the rule broken and a written reason."), code="expulsion_needs_reason")
    if scope not in ExpulsionScope.values:
        raise DomainError(_("Unknown scope %(scope)r.") % {"scope": scope}, code="bad_scope")
    check_works_in(actor, room_id=room.pk)
    check_group_decision(actor, scope=scope)
    if evidence is not None:
        evidence.name = check_upload(evidence, field="evidence", kinds=EVIDENCE_KINDS).stored_name()
    now = timezone.now()
    end = _until(duration, until, now, room)
    # The seats and list entries it ends: where it bars the player.
    seats = SeatSession.objects.filter(player_id=player_id, ended_at__isnull=True)
    entries = WaitlistEntry.objects.filter(
        player_id=player_id, status__in=(WaitlistStatus.WAITING, WaitlistStatus.CALLED)
    )
    if scope != ExpulsionScope.GROUP:
        seats, entries = seats.filter(table__room=room), entries.filter(room=room)
    lock_tables(*seats.values_list("table_id", flat=True))
    player = lock_player(player_id)
    check_sees_player(actor, player)
    expulsion = Expulsion(
        player=player,
        room=room,
        rule=rule.strip(),
        reason=reason.strip(),
        scope=scope,
        duration=duration,
        starts_at=now,
        until=end,
        created_at=now,
        created_by=actor,
    )
    if evidence is not None:
        expulsion.evidence = evidence
    expulsion.save()
    for session in seats.select_for_update(of=("self",)).order_by("pk"):
        end_session(actor=actor, session=session, reason=SeatEndReason.EXPELLED, at=now)
    for entry in entries.select_for_update(of=("self",)).order_by("pk"):
        entry.status, entry.ended_at, entry.ended_by = WaitlistStatus.REMOVED, now, actor
        entry.end_reason = WaitlistEndReason.EXPELLED
        entry.save(update_fields=["status", "ended_at", "ended_by", "end_reason"])
    return expulsion


def check_group_decision(actor: User, *, scope: str) -> None:
    """Refuse (403 ``group_decision``) an expulsion from every room of the group, made or lifted, by a user
    who works only in some rooms: it binds rooms whose floor they do not run."""
    if scope == ExpulsionScope.GROUP and not works_for_the_group(actor):
        raise Forbidden(
            _("Only a floor manager of the whole group expels from every room of the group, or lifts it."),
            code="group_decision",
        )


@transaction.atomic
def expulsion_lift(*, actor: User, expulsion_id: int, reason: str) -> Expulsion:
    """Lift an expulsion early, by a recorded decision: in the room that expelled, or, for an expulsion from
    every room, by a user of the whole group."""
    expulsion = (
        Expulsion.objects.select_for_update(of=("self",)).select_related("player").filter(pk=expulsion_id).first()
    )
    if expulsion is None:
        raise NotFound(_("Expulsion %(expulsion_id)s does not exist.") % {"expulsion_id": expulsion_id})
    check_works_in(actor, room_id=expulsion.room_id)
    check_group_decision(actor, scope=expulsion.scope)
    if not reason.strip():
        raise DomainError(_("Lifting an expulsion early needs a reason."), code="lift_needs_reason")
    now = timezone.now()
    if expulsion.lifted_at is not None:
        raise Conflict(
            _("This expulsion was already lifted on %(lifted_at)s.")
            % {"lifted_at": format(expulsion.lifted_at, "%Y-%m-%d %H:%M")},
            code="already_lifted",
        )
    if expulsion.until is not None and expulsion.until <= now:
        raise Conflict(_("This expulsion has already expired."), code="already_expired")
    expulsion.lifted_at, expulsion.lifted_by, expulsion.lift_reason = now, actor, reason.strip()
    expulsion.save(update_fields=["lifted_at", "lifted_by", "lift_reason"])
    return expulsion


def expulsions_expire(*, now: datetime | None = None) -> int:
    """Record the expiry of expulsions past ``until`` (they stopped applying at ``until`` already)."""
    moment = now or timezone.now()
    # One save per expulsion, not one UPDATE for all: where the history is written from
    # model signals (SQLite, audit.services.recorder) a bulk update would leave no trace.
    with transaction.atomic():
        due = list(
            Expulsion.objects.select_for_update()
            .filter(lifted_at__isnull=True, until__lte=moment, expired_recorded_at__isnull=True)
            .order_by("pk")
        )
        for expulsion in due:
            expulsion.expired_recorded_at = moment
            expulsion.save(update_fields=["expired_recorded_at"])
    return len(due)
