"""Admin registrations of the cashier app (admins only: see config.admin).

Posted records are read-only here: no add, change or delete. Denominations and
drawers are reference data an admin may add; a denomination's value is fixed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest

from cashier import models as m

if TYPE_CHECKING:
    _ModelAdmin = admin.ModelAdmin[Any]
    _Inline = admin.TabularInline[m.Leg, m.JournalEntry]
else:
    _ModelAdmin = admin.ModelAdmin
    _Inline = admin.TabularInline


class ReadOnlyAdmin(_ModelAdmin):
    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


class LegInline(_Inline):
    model = m.Leg
    extra = 0
    can_delete = False
    readonly_fields = ["account", "denomination", "currency", "amount"]

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


@admin.register(m.JournalEntry)
class JournalEntryAdmin(ReadOnlyAdmin):
    list_display = ["id", "reason", "gaming_day", "memo", "ref", "created_by", "created_at"]
    list_filter = ["reason", "gaming_day"]
    inlines = [LegInline]


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


@admin.register(m.Account)
class AccountAdmin(ReadOnlyAdmin):
    list_display = ["id", "kind", "name", "table", "tracked"]


@admin.register(m.Balance)
class BalanceAdmin(ReadOnlyAdmin):
    list_display = ["id", "account", "denomination", "amount"]


@admin.register(m.Denomination)
class DenominationAdmin(_ModelAdmin):
    list_display = ["value", "label", "colour", "active"]

    def get_readonly_fields(self, request: HttpRequest, obj: Model | None = None) -> list[str]:
        return ["value"] if obj is not None else []

    def has_add_permission(self, request: HttpRequest) -> bool:
        # New chips need their balance rows: cashier.services.chips.denomination_create (seed_demo).
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


@admin.register(m.Drawer)
class DrawerAdmin(_ModelAdmin):
    list_display = ["name", "active"]

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False
