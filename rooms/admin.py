"""The rooms and the staff's places in the admin (admins only: see config.admin).

Rooms are read-only here (``manage.py room_create`` opens one). An admin places a user in a room, or in
the whole group, and ends a place; both go through ``rooms.services``, and a place is never edited or
deleted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from config.admin import ReadOnlyAdmin
from config.errors import DomainError
from rooms.models import Room, StaffPlace
from rooms.selectors import open_place_exists
from rooms.services import staff_place, staff_place_end


@admin.register(Room)
class RoomAdmin(ReadOnlyAdmin):
    list_display = ["code", "name", "time_zone", "currency", "gaming_day_start", "button"]


if TYPE_CHECKING:
    _ModelForm = forms.ModelForm[StaffPlace]
else:
    _ModelForm = forms.ModelForm


class StaffPlaceForm(_ModelForm):
    class Meta:
        model = StaffPlace
        fields = ["user", "room"]

    def clean(self) -> dict[str, Any]:
        """A place already open is refused on the form, as the service would refuse it."""
        data = super().clean() or {}
        user, room = data.get("user"), data.get("room")
        if user is not None and open_place_exists(user_id=user.pk, room_id=room.pk if room else None):
            where = room.name if room is not None else _("the whole group")
            raise forms.ValidationError(
                _("%(user)s works in %(room)s already.") % {"user": user.get_username(), "room": where}
            )
        return data


@admin.register(StaffPlace)
class StaffPlaceAdmin(ReadOnlyAdmin):
    form = StaffPlaceForm
    list_display = ["user", "room", "granted_at", "granted_by", "ended_at", "ended_by"]
    list_filter = ["room", ("ended_at", admin.EmptyFieldListFilter)]
    list_select_related = ["user", "room", "granted_by", "ended_by"]
    fields = ["user", "room"]
    actions = ["end_places"]

    def save_model(self, request: HttpRequest, obj: StaffPlace, form: Any, change: bool) -> None:
        place = staff_place(actor=request.user, user=obj.user, room=obj.room)  # type: ignore[arg-type]
        obj.pk, obj.granted_at, obj.granted_by = place.pk, place.granted_at, place.granted_by
        obj._state.adding = False

    @admin.action(description=_("End the chosen places"))
    def end_places(self, request: HttpRequest, queryset: QuerySet[StaffPlace]) -> None:
        for place in queryset.filter(ended_at__isnull=True):
            try:
                staff_place_end(actor=request.user, place_id=place.pk)  # type: ignore[arg-type]
            except DomainError as exc:
                self.message_user(request, exc.message, messages.ERROR)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return True
