"""Admin registrations of the rake app (admins only: see config.admin).

Fee versions are added through ``rake.services.fee_policy_set`` and never
changed or deleted; time charges, fee records, drop counts and exports are
read-only here (they are written by the services only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import admin
from django.http import HttpRequest

from config.admin import ReadOnlyAdmin
from rake.models import DropCount, FeeCharge, FeePolicyVersion, ReportExport, TimeCharge
from rake.views.forms import FeePolicyAdminForm

if TYPE_CHECKING:
    _PolicyAdmin = admin.ModelAdmin[FeePolicyVersion]
    _ChargeAdmin = admin.ModelAdmin[TimeCharge]
else:
    _PolicyAdmin = _ChargeAdmin = admin.ModelAdmin


@admin.register(FeePolicyVersion)
class FeePolicyVersionAdmin(_PolicyAdmin):
    form = FeePolicyAdminForm
    list_display = ["__str__", "kind", "rate", "amount_per_hour", "effective_from", "created_by", "reason"]
    list_filter = ["kind"]
    list_select_related = ["table", "game", "created_by"]
    date_hierarchy = "effective_from"

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any) -> Any:
        form = super().get_form(request, obj, change=change, **kwargs)
        return type(form.__name__, (form,), {"actor": request.user})

    def save_model(self, request: HttpRequest, obj: FeePolicyVersion, form: Any, change: bool) -> None:
        # The form saved the version through the service; the admin logs that row.
        for field in obj._meta.concrete_fields:
            setattr(obj, field.attname, getattr(form.version, field.attname))
        obj._state.adding = False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(TimeCharge)
class TimeChargeAdmin(_ChargeAdmin):
    list_display = ["period_start", "table", "player", "amount", "status", "marked_by"]
    list_filter = ["status", "gaming_day"]
    list_select_related = ["table", "player", "marked_by"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(FeeCharge)
class FeeChargeAdmin(ReadOnlyAdmin):
    list_display = ["pk", "gaming_day", "shift", "table", "source", "kind", "hand_id", "fee", "reverses"]
    list_filter = ["source", "kind", "gaming_day"]
    list_select_related = ["table"]


@admin.register(DropCount)
class DropCountAdmin(ReadOnlyAdmin):
    list_display = ["gaming_day", "shift", "table", "status", "expected", "counted", "variance", "explained_by"]
    list_filter = ["status", "gaming_day"]
    list_select_related = ["table", "explained_by"]


@admin.register(ReportExport)
class ReportExportAdmin(ReadOnlyAdmin):
    list_display = ["pk", "format", "content", "status", "attempts", "done", "total", "created_by", "created_at"]
    list_filter = ["status", "format"]
