"""Admin registrations of the cashier app (admins only: see config.admin).

Posted records are read-only here: no add, change or delete. Drawers are
reference data an admin may add. The ledger's records: ``ledger.admin``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest

from cashier import models as m
from config.admin import ReadOnlyAdmin

if TYPE_CHECKING:
    _ModelAdmin = admin.ModelAdmin[Any]
else:
    _ModelAdmin = admin.ModelAdmin


@admin.register(m.ChipTransaction)
class ChipTransactionAdmin(ReadOnlyAdmin):
    list_display = ["id", "kind", "method", "amount", "shift", "receipt_no", "player", "created_at"]
    list_filter = ["kind", "method", "gaming_day"]


@admin.register(m.Slip)
class SlipAdmin(ReadOnlyAdmin):
    list_display = ["id", "kind", "year", "number", "table", "amount", "status", "issued_by", "received_by"]
    list_filter = ["kind", "status", "year"]


@admin.register(m.ReversalRequest)
class ReversalRequestAdmin(ReadOnlyAdmin):
    list_display = ["id", "entry", "status", "created_by", "created_at", "decided_by", "decided_at", "reversal"]
    list_filter = ["status"]


@admin.register(m.TrayCount)
class TrayCountAdmin(ReadOnlyAdmin):
    list_display = ["id", "table", "kind", "total", "expected", "created_by", "signed_by"]


@admin.register(m.DrawerShift)
class DrawerShiftAdmin(ReadOnlyAdmin):
    list_display = ["id", "drawer", "cashier", "status", "gaming_day", "variance", "supervisor"]
    list_filter = ["status", "gaming_day"]


@admin.register(m.Drawer)
class DrawerAdmin(_ModelAdmin):
    list_display = ["name", "room", "active"]
    list_filter = ["room"]

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False
