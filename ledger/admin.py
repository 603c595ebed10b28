"""Admin registrations of the ledger (admins only: see config.admin).

Posted records are read-only here: no add, change or delete. Denominations are
reference data; a denomination's value is fixed, and a new one is created with
its balance rows by ``ledger.services.chips.denomination_create`` (seed_demo).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest

from config.admin import ReadOnlyAdmin
from ledger import models as m

if TYPE_CHECKING:
    _ModelAdmin = admin.ModelAdmin[Any]
    _Inline = admin.TabularInline[m.Leg, m.JournalEntry]
else:
    _ModelAdmin = admin.ModelAdmin
    _Inline = admin.TabularInline


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
        # New chips need their balance rows: ledger.services.chips.denomination_create (seed_demo).
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


@admin.register(m.GamingDayClose)
class GamingDayCloseAdmin(ReadOnlyAdmin):
    list_display = ["gaming_day", "created_by", "created_at", "hands", "fees", "variance"]
