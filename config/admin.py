from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Any

from django.contrib.admin import AdminSite, EmptyFieldListFilter, ModelAdmin
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _
from knox.models import AuthToken

from config.permissions import forbidden
from config.roles import Role, has_any_role
from config.services.tokens import tokens_listed, tokens_revoke
from config.views.passwords import AdminLoginForm, rate_limited

if TYPE_CHECKING:
    _ModelAdmin = ModelAdmin[Any]
else:
    _ModelAdmin = ModelAdmin


class CardroomAdminSite(AdminSite):
    """Admins only: the floor and the cage work in their own pages."""

    site_header = _("Cardroom administration")

    # The login's per-address limit on password checks holds at the admin's door too.
    login_form = AdminLoginForm

    def login(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        response = super().login(request, extra_context)
        if rate_limited((getattr(response, "context_data", None) or {}).get("form")):
            response.status_code = 429
        return response

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


class TokenAdmin(ReadOnlyAdmin):
    """API tokens by user and the key's first characters, never a key (knox keeps none).

    A token is created by ``manage.py token_create``, which prints its key once, and revoked here (delete).
    The digest is the row's id in the page's links: it opens nothing, a key is checked by hashing it.
    Each showing of the list is in the history: who saw which tokens, as their creation and revocation are.
    """

    list_display = ["token_key", "user", "created", "expiry"]
    list_filter = ["expiry"]
    search_fields = ["user__username", "token_key"]
    fields = ["token_key", "user", "created", "expiry"]
    readonly_fields = ["token_key", "user", "created", "expiry"]

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return has_any_role(request.user, [Role.ADMIN])

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[AuthToken]) -> None:
        """The list's delete action revokes through the service: one history row per token, which a bulk
        delete would not leave on SQLite."""
        for user_id, digest in queryset.values_list("user_id", "digest").order_by("user_id", "digest"):
            tokens_revoke(user_id=user_id, digests=[digest])

    def delete_model(self, request: HttpRequest, obj: AuthToken) -> None:
        tokens_revoke(user_id=obj.user_id, digests=[obj.digest])

    def changelist_view(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        response = super().changelist_view(request, extra_context)
        listing = getattr(response, "context_data", None) or {}
        if "cl" in listing:
            tokens_listed.send(sender=type(self), tokens=list(listing["cl"].result_list))
        return response
