"""What the room shows the players: the rules pages and the wall board, and the signage page that sets them up
(the table sign and the room language's write, which redoes the signs, are ``floor.views.signs``).

The rules pages are public (a player scans the sign's QR code, without a
login); the wall board is public only through a kiosk link whose secret a
floor manager or an admin made and can revoke. Neither shows a staff record:
the board names players as the dealers' waitlist does (first name, initial).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import DomainError
from config.htmx import is_htmx
from config.permissions import acting_user, roles_allowed
from config.roles import has_any_role
from tables.selectors.board import room_board
from tables.selectors.signage import kiosk_token_active, kiosk_tokens, room_language, room_language_history
from tables.services.signage import kiosk_token_create, kiosk_token_revoke
from tables.views.common import FM, PAGE_ROLES, page_room
from tables.views.rules_text import RULES, rules_page

# Who sets the room language and hands out board links: the floor runs the room, the admin its settings.
SIGNAGE_ROLES = PAGE_ROLES["signage"]
# The secret of a new board link waits here, in the server-side session, for the one page that shows it.
_NEW_SECRET = "tables.kiosk_secret"


def _language_name(code: str) -> str:
    return str(translation.get_language_info(code)["name_translated"])


@roles_allowed(*PAGE_ROLES["board"]).page
def board(request: HttpRequest) -> HttpResponse:
    """The picked room's board for the staff: running tables and the waitlists, first names and initials only."""
    context = {
        "board": room_board(room=page_room(request)),
        "poll_url": reverse("tables:board"),
        "may_manage_links": has_any_role(request.user, SIGNAGE_ROLES),
    }
    template = "tables/board.html#board-live" if is_htmx(request) else "tables/board.html"
    return render(request, template, context)


def kiosk_board(request: HttpRequest, token: str) -> HttpResponse:
    """The board of the link's room for a wall TV, no login: a live kiosk link, in the room's language; else a
    refusal (in the site's language: a dead link names no room)."""
    kiosk = kiosk_token_active(token)
    if kiosk is None:
        response = render(request, "tables/kiosk_refused.html", status=403)
        # The TV polls with htmx, which swaps nothing on a 403: reload the page, which shows the refusal.
        if is_htmx(request):
            response["HX-Refresh"] = "true"
        return response
    with translation.override(room_language(room_id=kiosk.room_id)):
        context = {"board": room_board(room=kiosk.room), "poll_url": request.path, "kiosk": True}
        template = "tables/board.html#board-live" if is_htmx(request) else "tables/board.html"
        response = render(request, template, context)
    # The link is the credential: no cache, and no address of it handed to another site.
    response["Cache-Control"] = "no-store"
    response["Referrer-Policy"] = "no-referrer"
    return response


def _is_staff(request: HttpRequest) -> bool:
    return has_any_role(request.user, PAGE_ROLES["rules"])


def rules_index(request: HttpRequest) -> HttpResponse:
    """Every game's rules, for anyone; the staff also see their reference texts."""
    staff = _is_staff(request)
    return render(request, "tables/rules_index.html", {"rules": [r for r in RULES.values() if r.public or staff]})


def rules(request: HttpRequest, slug: str) -> HttpResponse:
    """A game's rules for players, public, with a table of contents; a staff reference needs a staff login."""
    if slug not in RULES:
        raise Http404(_("No rules page for this game."))
    if not RULES[slug].public and not _is_staff(request):
        return _staff_rules(request, slug)
    return _rules(request, slug)


def _rules(request: HttpRequest, slug: str) -> HttpResponse:
    return render(request, "tables/rules.html", {"rules": RULES[slug], "parts": rules_page(slug)})


# A staff reference, for a reader who is not staff: the login, or the 403 that names the staff's roles.
_staff_rules = roles_allowed(*PAGE_ROLES["rules"]).page(_rules)


@roles_allowed(*SIGNAGE_ROLES).page
def signage(request: HttpRequest) -> HttpResponse:
    """The picked room's language for signs and board, and its wall board's kiosk links."""
    room = page_room(request)
    secret = request.session.pop(_NEW_SECRET, None)
    new_link = request.build_absolute_uri(reverse("tables:kiosk_board", args=[secret])) if secret else None
    context = {
        "room": room,
        "room_language": room_language(room_id=room.pk),
        "room_languages": [(code, _language_name(code)) for code, _name in settings.LANGUAGES],
        "language_history": room_language_history(room=room)[:10],
        "tokens": kiosk_tokens(room=room),
        "new_link": new_link,
        "perms_floor": has_any_role(request.user, (FM,)),
    }
    return render(request, "tables/signage.html", context)


def _back_to_signage(request: HttpRequest, call: Callable[[], str]) -> HttpResponse:
    """A POST of the signage page: what ``call`` did, or why it was refused, as a message; back to the page."""
    try:
        done = call()
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done)
    return redirect("tables:signage")


@require_POST
@roles_allowed(*SIGNAGE_ROLES).page
def kiosk_link_create(request: HttpRequest) -> HttpResponse:
    def call() -> str:
        label = request.POST.get("label", "")
        new = kiosk_token_create(actor=acting_user(request), room=page_room(request), label=label)
        request.session[_NEW_SECRET] = new.secret
        return _("Board link “%(label)s” made. Copy it now: it is shown only once.") % {"label": new.token.label}

    return _back_to_signage(request, call)


@require_POST
@roles_allowed(*SIGNAGE_ROLES).page
def kiosk_link_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    def call() -> str:
        token = kiosk_token_revoke(actor=acting_user(request), room=page_room(request), token_id=token_id)
        return _("Board link “%(label)s” revoked: the screen using it shows the board no more.") % {
            "label": token.label
        }

    return _back_to_signage(request, call)


__all__ = [
    "board",
    "kiosk_board",
    "kiosk_link_create",
    "kiosk_link_revoke",
    "rules",
    "rules_index",
    "signage",
]
