"""Pages: a table's sign, and the room language its words are written in.

A sign names the fee in force, which is rake's to word (``rake.selectors.sign_fee_words``): the sign
shown in another language than its recorded version, and every running table's sign redone in a new room
language, are worded here and recorded through ``tables.services``.
"""

from __future__ import annotations

from typing import Any

import segno
from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import DomainError
from config.permissions import acting_user, roles_allowed
from config.roles import has_any_role
from config.room_context import use_records_room
from rake.selectors import sign_fee_words
from tables import selectors
from tables.models import Table
from tables.selectors.signage import room_language
from tables.selectors.tables import table_get_for_user
from tables.services.signage import room_language_set
from tables.services.signs import sign_fields
from tables.views.common import PAGE_ROLES, page_room

# Who sets the room language (tables.views.public's signage page, where its form is): the floor runs the
# room, the admin its settings.
SIGNAGE_ROLES = PAGE_ROLES["signage"]


def _language_name(code: str) -> str:
    return str(translation.get_language_info(code)["name_translated"])


def _sign_context(request: HttpRequest, table: Table) -> dict[str, Any]:
    """The sign in the room's language, or (``?preview=1``) in the language the page is read in."""
    current = selectors.sign_current(table_id=table.pk)
    room = room_language(room_id=table.room_id)
    ui = translation.get_language() or settings.LANGUAGE_CODE
    preview = request.GET.get("preview") == "1" and ui != room
    fields: dict[str, Any] | None = None
    if current is not None:
        language = ui if preview else room
        # The version records what the sign says in the room's language; anything else is derived now.
        if current.data.get("language") == language:
            fields = current.data
        else:
            fields = sign_fields(table, fee_words=sign_fee_words, language=language)
    qr = ""
    if fields is not None:
        url = request.build_absolute_uri(reverse("tables:rules", args=[fields.get("rules_slug", "")]))
        qr = segno.make(url, error="m").svg_inline(scale=5, dark="#000", light="#fff", omitsize=True)
    return {
        "table": table,
        "sign": current,
        "fields": fields,
        "qr": qr,
        "room_language": room,
        "room_language_name": _language_name(room),
        "ui_language_name": _language_name(ui),
        "sign_language": fields["language"] if fields else room,
        "preview": preview,
        "may_preview": ui != room,
        "may_set_language": has_any_role(request.user, SIGNAGE_ROLES),
    }


@roles_allowed(*PAGE_ROLES["sign"]).page
def sign(request: HttpRequest, table_id: int) -> HttpResponse:
    """The table-top sign: one A5 page, readable from three metres, with a QR code to the public rules."""
    table = table_get_for_user(user=request.user, table_id=table_id)
    use_records_room(table.room)
    return render(request, "floor/sign.html", _sign_context(request, table))


@require_POST
@roles_allowed(*SIGNAGE_ROLES).page
def room_language_change(request: HttpRequest) -> HttpResponse:
    """The signage page's language form: the room's new language, every running table's sign redone in it."""
    try:
        room = page_room(request)
        row = room_language_set(
            actor=acting_user(request), room=room, language=request.POST.get("language", ""), fee_words=sign_fee_words
        )
    except DomainError as exc:
        messages.error(request, exc.message)
        return redirect("tables:signage")
    name = _language_name(row.language if row else room_language(room_id=room.pk))
    if row is None:
        messages.success(request, _("The signs and the board are already in %(language)s.") % {"language": name})
    else:
        done = _("Signs and board now in %(language)s; the signs of the running tables were redone.")
        messages.success(request, done % {"language": name})
    return redirect("tables:signage")
