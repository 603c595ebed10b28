"""Admin registrations of the games app (admins only: see config.admin).

The hand record is append-only: everything here is read-only; voids and
corrections go through the floor manager's pages and API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import admin
from django.http import HttpRequest

from games.models import Hand, HandEvent, PhhExport, SeatStack

if TYPE_CHECKING:
    _Base = admin.ModelAdmin[Any]
else:
    _Base = admin.ModelAdmin


class ReadOnly(_Base):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Hand)
class HandAdmin(ReadOnly):
    list_display = ["__str__", "status", "pot", "fee", "dealer", "created_at"]
    list_filter = ["status", "gaming_day"]
    list_select_related = ["table", "dealer"]


@admin.register(HandEvent)
class HandEventAdmin(ReadOnly):
    list_display = ["hand", "seq", "kind", "created_by", "created_at"]
    list_select_related = ["hand", "created_by"]


@admin.register(SeatStack)
class SeatStackAdmin(ReadOnly):
    list_display = ["table", "seat_number", "kind", "change", "stack", "created_at"]
    list_select_related = ["table"]


@admin.register(PhhExport)
class PhhExportAdmin(ReadOnly):
    list_display = ["pk", "status", "total", "done", "created_by", "created_at"]
