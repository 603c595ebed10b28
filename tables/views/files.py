"""The floor's private files, each sent only to the roles that read it (``PAGE_ROLES``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from config.files import send_upload
from config.permissions import roles_allowed
from tables.selectors.players import expulsion_get_for_user, player_get_for_user
from tables.views.common import PAGE_ROLES


@roles_allowed(*PAGE_ROLES["photo"]).page
def player_photo(request: HttpRequest, player_id: int) -> HttpResponse:
    return send_upload(player_get_for_user(user=request.user, player_id=player_id).photo, stem=f"player-{player_id}")


@roles_allowed(*PAGE_ROLES["evidence"]).page
def expulsion_evidence(request: HttpRequest, expulsion_id: int) -> HttpResponse:
    return send_upload(
        expulsion_get_for_user(user=request.user, expulsion_id=expulsion_id).evidence,
        stem=f"expulsion-{expulsion_id}-evidence",
    )
