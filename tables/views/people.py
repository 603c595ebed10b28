"""Pages: players, expulsions (with the CSV report), waitlists, dealers and the rotation board."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from config.errors import DomainError
from config.exports import CsvWriter
from config.htmx import is_htmx
from config.numbers import whole_number
from config.permissions import acting_user, forbidden, roles_allowed
from config.roles import has_any_role
from rooms.selectors import works_for_the_group
from tables import selectors, services
from tables.models import DocumentType, ExpulsionDuration, ExpulsionScope
from tables.selectors.dealers import dealer_profiles, dealer_shifts, dealers_without_profile
from tables.selectors.players import expulsion_lifts_for, player_get_for_user
from tables.selectors.tables import games_list, seat_sessions, table_opens_for
from tables.services.players import PLAYER_EDITABLE
from tables.views.common import FM, PAGE_ROLES, Refused, action, attempt, page_room, run, safe_next


class PlayerDetailsForm(forms.Form):
    """What a floor manager may correct once a player is registered (the names stay: ``services.player_update``)."""

    alias = forms.CharField(label=gettext_lazy("Alias"), max_length=80, required=False)
    date_of_birth = forms.DateField(
        label=gettext_lazy("Date of birth"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    id_document_type = forms.ChoiceField(
        label=gettext_lazy("ID document"), choices=DocumentType.choices, required=False
    )
    id_document_number = forms.CharField(label=gettext_lazy("ID number"), max_length=40, required=False)
    photo = forms.FileField(label=gettext_lazy("Photo (JPEG or PNG)"), required=False)
    description = forms.CharField(
        label=gettext_lazy("Description"), widget=forms.Textarea(attrs={"rows": 2}), required=False
    )
    notes = forms.CharField(label=gettext_lazy("Notes"), widget=forms.Textarea(attrs={"rows": 2}), required=False)


class PlayerForm(PlayerDetailsForm):
    first_name = forms.CharField(label=gettext_lazy("First name"), max_length=80)
    last_name = forms.CharField(label=gettext_lazy("Last name"), max_length=80)
    allow_duplicate = forms.BooleanField(label=gettext_lazy("Register anyway (not a duplicate)"), required=False)
    field_order = ["first_name", "last_name"]


class ExpulsionForm(forms.Form):
    rule = forms.CharField(label=gettext_lazy("Rule broken"), max_length=200)
    reason = forms.CharField(label=gettext_lazy("Reason"), widget=forms.Textarea(attrs={"rows": 3}))
    duration = forms.ChoiceField(label=gettext_lazy("Duration"), choices=ExpulsionDuration.choices)
    until = forms.DateTimeField(
        label=gettext_lazy("Until (for “until a date”)"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )
    scope = forms.ChoiceField(label=gettext_lazy("Scope"), choices=ExpulsionScope.choices)
    evidence = forms.FileField(label=gettext_lazy("Evidence (optional)"), required=False)

    def __init__(self, *args: Any, group: bool, **kwargs: Any) -> None:
        """``group``: the user may expel from every room of the group (``services.check_group_decision``);
        the scope is offered only to them."""
        super().__init__(*args, **kwargs)
        if not group:
            field: forms.ChoiceField = self.fields["scope"]  # type: ignore[assignment]
            field.choices = [(v, label) for v, label in ExpulsionScope.choices if v != ExpulsionScope.GROUP]


@roles_allowed(*PAGE_ROLES["players"]).page
def players(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "")[:100]
    room = page_room(request)
    context: dict[str, Any] = {
        "query": query,
        "players": selectors.players_search(user=request.user, query=query, room_id=room.pk)[:100],
        "form": PlayerForm(),
        "is_floor_manager": has_any_role(request.user, (FM,)),
    }
    if request.method == "POST":
        if not context["is_floor_manager"]:
            return forbidden(request, PAGE_ROLES["write"])
        form = PlayerForm(request.POST, request.FILES)
        context["form"] = form
        if form.is_valid():
            try:
                player = services.player_create(actor=acting_user(request), room=room, **form.cleaned_data)
            except DomainError as exc:
                field = exc.details.get("field")
                if field in form.fields:  # a refused photo is shown by the field, as the form's own errors are
                    form.add_error(field, exc.message)
                else:
                    context["refusal"] = exc
            else:
                messages.success(request, _("Player %(name)s registered.") % {"name": player.full_name})
                return redirect("tables:player", player_id=player.pk)
    template = "tables/players.html#results" if is_htmx(request) else "tables/players.html"
    return render(request, template, context)


@roles_allowed(*PAGE_ROLES["players"]).page
def player_detail(request: HttpRequest, player_id: int) -> HttpResponse:
    return player_page(request, player_id)


def player_page(
    request: HttpRequest,
    player_id: int,
    *,
    form: ExpulsionForm | None = None,
    edit_form: PlayerDetailsForm | None = None,
    status: int = 200,
) -> HttpResponse:
    """The player; a refused expulsion or correction comes back bound, with its errors and what was typed.
    ``active`` is the expulsion that bars them from the picked room's tables."""
    player = player_get_for_user(user=request.user, player_id=player_id)
    room = page_room(request)
    context = {
        "player": player,
        "active": selectors.expulsion_active_for(player_id=player.pk, room_id=room.pk),
        "expulsions": selectors.expulsions_report(user=request.user).filter(player=player),
        "sessions": seat_sessions(player_id=player.pk)[:20],
        "form": form or ExpulsionForm(group=works_for_the_group(request.user)),
        "edit_form": edit_form or PlayerDetailsForm(initial={name: getattr(player, name) for name in PLAYER_EDITABLE}),
        "edit_open": edit_form is not None,
        "is_floor_manager": has_any_role(request.user, (FM,)),
        "may_see_photo": has_any_role(request.user, PAGE_ROLES["photo"]),
        "may_see_evidence": has_any_role(request.user, PAGE_ROLES["evidence"]),
    }
    return render(request, "tables/player.html", context, status=status)


@action
@roles_allowed(*PAGE_ROLES["write"]).page
def expulsion_create(request: HttpRequest, player_id: int) -> HttpResponse:
    form = ExpulsionForm(request.POST, request.FILES, group=works_for_the_group(request.user))
    if form.is_valid():
        try:
            services.expulsion_create(
                actor=acting_user(request), room=page_room(request), player_id=player_id, **form.cleaned_data
            )
        except DomainError as exc:
            _add_refusal(form, exc)
        else:
            messages.success(request, _("Player expelled: their seat and waitlist entries were ended."))
            return redirect("tables:player", player_id=player_id)
    return player_page(request, player_id, form=form, status=400)


@action
@roles_allowed(*PAGE_ROLES["write"]).page
def player_edit(request: HttpRequest, player_id: int) -> HttpResponse:
    form = PlayerDetailsForm(request.POST, request.FILES)
    if form.is_valid():
        changes = dict(form.cleaned_data)
        photo = changes.pop("photo")
        try:
            services.player_update(actor=acting_user(request), player_id=player_id, photo=photo, **changes)
        except DomainError as exc:
            _add_refusal(form, exc)
        else:
            messages.success(request, _("Player details saved."))
            return redirect("tables:player", player_id=player_id)
    return player_page(request, player_id, edit_form=form, status=400)


def _add_refusal(form: forms.Form, exc: DomainError) -> None:
    """A service's refusal shown by the form: at its field when it names one, else above the form."""
    field = exc.details.get("field")
    form.add_error(field if field in form.fields else None, exc.message)


@action
@roles_allowed(*PAGE_ROLES["write"]).page
def expulsion_lift(request: HttpRequest, expulsion_id: int) -> HttpResponse:
    call = lambda: services.expulsion_lift(  # noqa: E731
        actor=acting_user(request), expulsion_id=expulsion_id, reason=request.POST.get("reason", "")
    )
    return attempt(
        request,
        call,
        done=_("Expulsion lifted."),
        back=safe_next(request, reverse("tables:expulsions")),
        form="lift",
        key=expulsion_id,
        again=lambda refused: expulsions_page(request, refused),
    )


@roles_allowed(*PAGE_ROLES["expulsions"]).page
def expulsions(request: HttpRequest) -> HttpResponse:
    """The barred-player report: in force, and past (expired or lifted), with who decided."""
    return expulsions_page(request)


def expulsions_page(request: HttpRequest, refused: Refused | None = None) -> HttpResponse:
    rows = list(selectors.expulsions_report(user=request.user)[:500])
    now = timezone.now()
    context = {
        "current": [e for e in rows if e.is_active(now)],
        "past": [e for e in rows if not e.is_active(now)],
        "is_floor_manager": has_any_role(request.user, (FM,)),
        "liftable": {e.pk for e in rows if expulsion_lifts_for(request.user, e)},
        "refused": refused,
    }
    return render(request, "tables/expulsions.html", context)


def _local(moment: datetime | None) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M") if moment else ""


@roles_allowed(*PAGE_ROLES["expulsions"]).page
def expulsions_csv(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="barred-players.csv"'
    writer = CsvWriter(response)
    writer.writerow(
        ["player", "alias", "date_of_birth", "rule", "reason", "scope", "from", "until", "decided_by", "in_force",
         "lifted_at", "lifted_by", "lift_reason", "room"]
    )  # fmt: skip
    now = timezone.now()
    for e in selectors.expulsions_report(user=request.user):
        writer.writerow(
            [
                e.player.full_name,
                e.player.alias,
                e.player.date_of_birth or "",
                e.rule,
                e.reason,
                e.scope,
                _local(e.starts_at),
                _local(e.until) or "permanent",
                e.created_by.get_username(),
                "yes" if e.is_active(now) else "no",
                _local(e.lifted_at),
                e.lifted_by.get_username() if e.lifted_by else "",
                e.lift_reason,
                # Last, so that a sheet reading the columns of the report before rooms reads the same ones.
                e.room.name,
            ]
        )
    return response


@roles_allowed(*PAGE_ROLES["dealers"]).page
def dealers(request: HttpRequest) -> HttpResponse:
    """The room's rotation ("downs") board, the profiles of the dealers who work in it and its shifts."""
    room = page_room(request)
    board = selectors.rotation_board(room=room)
    context = {
        "board": board,
        # A dealer opens only the table they deal: the others' numbers are shown without a link.
        "table_links": {row.table.pk for row in board.rows if table_opens_for(request.user, row.table)},
        "room": room,
        "profiles": dealer_profiles(room=room),
        "new_dealers": dealers_without_profile(room=room),
        "games": games_list(room_ids=[room.pk], active=True).order_by("name"),
        "on_shift": {s.dealer_id for s in dealer_shifts(room=room, open_only=True)},
        "is_floor_manager": has_any_role(request.user, (FM,)),
    }
    template = "tables/dealers.html#downs" if is_htmx(request) else "tables/dealers.html"
    return render(request, template, context)


@action
@roles_allowed(*PAGE_ROLES["write"]).page
def dealer_games(request: HttpRequest) -> HttpResponse:
    """The games a dealer may deal (a new dealer gets their first ones here); the service checks the role."""
    user_id = whole_number(request.POST.get("user_id", ""))
    game_ids = [whole_number(v) for v in request.POST.getlist("game_ids")]
    back = reverse("tables:dealers")
    if user_id is None or None in game_ids:
        messages.error(request, _("Pick a dealer and the games they may deal."))
        return redirect(back)
    games = [g for g in game_ids if g is not None]
    call = lambda: services.dealer_profile_set(actor=acting_user(request), user_id=user_id, game_ids=games)  # noqa: E731
    return run(request, call, done=_("The games this dealer may deal are saved."), back=back)


@action
@roles_allowed(*PAGE_ROLES["write"]).page
def dealer_clock(request: HttpRequest, user_id: int, verb: str) -> HttpResponse:
    service = services.dealer_clock_in if verb == "in" else services.dealer_clock_out
    done = _("Clocked in.") if verb == "in" else _("Clocked out.")
    return run(
        request,
        lambda: service(actor=acting_user(request), room=page_room(request), dealer_id=user_id),
        done=done,
        back=reverse("tables:dealers"),
    )
