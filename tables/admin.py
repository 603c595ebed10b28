"""Admin registrations of the floor (admins only: see config.admin).

Read-only: every floor record is written by a service that stamps who and when,
so the admin only looks (and searches).
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from config.admin import ReadOnlyAdmin
from tables import models as m


@admin.register(m.Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = [
        "room",
        "name",
        "kind",
        "structure",
        "ring",
        "ante",
        "small_blind",
        "big_blind",
        "seat_limit",
        "is_active",
    ]
    list_filter = ["room", "kind", "is_active"]


@admin.register(m.Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ["room", "number", "name", "game", "seats", "status", "status_changed_at"]
    list_filter = ["room", "status"]


@admin.register(m.TableEvent)
class TableEventAdmin(ReadOnlyAdmin):
    list_display = ["table", "action", "from_status", "to_status", "created_at", "created_by"]
    list_filter = ["action"]


@admin.register(m.Player)
class PlayerAdmin(ReadOnlyAdmin):
    list_display = ["last_name", "first_name", "alias", "date_of_birth", "id_document_number", "room"]
    list_filter = ["room"]
    search_fields = ["first_name", "last_name", "alias", "id_document_number"]
    # The admin would link the file's storage path, which no URL serves: the photo is read on the
    # floor's pages, by the roles allowed there (tables.views.files).
    exclude = ["photo"]


@admin.register(m.Expulsion)
class ExpulsionAdmin(ReadOnlyAdmin):
    list_display = ["player", "rule", "room", "scope", "starts_at", "until", "lifted_at", "created_by"]
    list_filter = ["room", "scope"]
    search_fields = ["player__last_name", "rule", "reason"]
    exclude = ["evidence"]  # as the player's photo


@admin.register(m.SeatSession)
class SeatSessionAdmin(ReadOnlyAdmin):
    list_display = ["table", "seat_number", "player", "started_at", "ended_at", "end_reason"]
    list_filter = ["end_reason"]


@admin.register(m.SeatAway)
class SeatAwayAdmin(ReadOnlyAdmin):
    list_display = ["seat_session", "table", "started_at", "ended_at", "return_choice"]
    list_filter = ["return_choice"]


@admin.register(m.WaitlistEntry)
class WaitlistEntryAdmin(ReadOnlyAdmin):
    list_display = ["room", "game", "player", "source", "status", "queued_at", "ended_at", "end_reason"]
    list_filter = ["room", "status", "source"]


@admin.register(m.DealerProfile)
class DealerProfileAdmin(ReadOnlyAdmin):
    list_display = ["user", "is_active"]


@admin.register(m.DealerShift)
class DealerShiftAdmin(ReadOnlyAdmin):
    list_display = ["room", "dealer", "clock_in_at", "clock_out_at"]
    list_filter = ["room"]


@admin.register(m.DealerAssignment)
class DealerAssignmentAdmin(ReadOnlyAdmin):
    list_display = ["table", "dealer", "started_at", "ended_at", "end_reason"]


@admin.register(m.SignVersion)
class SignVersionAdmin(ReadOnlyAdmin):
    list_display = ["table", "game", "valid_from", "valid_to"]


class _SignagePageAdmin(ReadOnlyAdmin):
    """The room language and the board links are set on the floor's signage page, which admins open too."""

    def changelist_view(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        return redirect("tables:signage")


@admin.register(m.RoomLanguage)
class RoomLanguageAdmin(_SignagePageAdmin):
    list_display = ["room", "language", "created_at", "created_by"]


@admin.register(m.KioskToken)
class KioskTokenAdmin(_SignagePageAdmin):
    list_display = ["room", "label", "created_at", "created_by", "revoked_at", "revoked_by"]
    exclude = ["token_hash"]
