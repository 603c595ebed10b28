from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Any

from django.contrib.admin import AdminSite, EmptyFieldListFilter, ModelAdmin
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from config.permissions import forbidden
from config.roles import Role, has_any_role

if TYPE_CHECKING:
    _ModelAdmin = ModelAdmin[Any]
else:
    _ModelAdmin = ModelAdmin


class CardroomAdminSite(AdminSite):
    """Admins only: the floor and the cage work in their own pages."""

    site_header = _("Cardroom administration")

    def has_permission(self, request: HttpRequest) -> bool:
        return has_any_role(request.user, [Role.ADMIN])

    def admin_view(self, view: Callable[..., Any], cacheable: bool = False) -> Any:
        inner = super().admin_view(view, cacheable)

        # A logged-in user without the role gets the 403 naming it, not a second login form.
        @wraps(view)
        def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.user.is_authenticated and not self.has_permission(request):
                return forbidden(request, [Role.ADMIN])
            response: HttpResponse = inner(request, *args, **kwargs)
            return response

        return guarded


class ReadOnlyAdmin(_ModelAdmin):
    """An admin that only looks: the records shown are written by services that stamp who and when, and
    corrected by new records, never edited or deleted here."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class OutboxMessageAdmin(ReadOnlyAdmin):
    """Tasks the services queued, and whether they have left (docs/production.md, "When Redis or the
    database is down"): read-only, the relay alone marks them sent."""

    list_display = ["pk", "task", "args", "created_at", "sent_at", "attempts", "last_error"]
    list_filter = [("sent_at", EmptyFieldListFilter), "task"]
    readonly_fields = ["task", "args", "kwargs", "created_at", "sent_at", "attempts", "last_error"]
