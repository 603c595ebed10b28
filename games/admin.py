"""Admin registrations of the games app (admins only: see config.admin).

The hand record is append-only: everything here is read-only; voids and
corrections go through the floor manager's pages and API.
"""

from __future__ import annotations

from django.contrib import admin

from config.admin import ReadOnlyAdmin
from games.models import Hand, HandEvent, PhhExport, SeatStack


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "status", "pot", "fee", "dealer", "created_at"]
    list_filter = ["status", "gaming_day"]
    list_select_related = ["table", "dealer"]


@admin.register(HandEvent)
class HandEventAdmin(ReadOnlyAdmin):
    list_display = ["hand", "seq", "kind", "created_by", "created_at"]
    list_select_related = ["hand", "created_by"]


@admin.register(SeatStack)
class SeatStackAdmin(ReadOnlyAdmin):
    list_display = ["table", "seat_number", "kind", "change", "stack", "created_at"]
    list_select_related = ["table"]


@admin.register(PhhExport)
class PhhExportAdmin(ReadOnlyAdmin):
    list_display = ["pk", "status", "total", "done", "created_by", "created_at"]
