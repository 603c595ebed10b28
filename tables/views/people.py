"""Pages: players, expulsions (with the CSV report), waitlists, dealers and the rotation board."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from config.errors import DomainError
from config.exports import CsvWriter
from config.gaming_day import current_gaming_day
from config.roles import has_any_role
from tables import selectors, services
from tables.models import DocumentType, ExpulsionDuration, ExpulsionScope, Player, WaitlistSource
from tables.selectors.dealers import dealer_profiles, dealer_shifts
from tables.selectors.players import player_get
from tables.selectors.tables import games_list, seat_sessions, tables_list
from tables.services.players import PLAYER_EDITABLE
from tables.services.waitlists import REMOVE_REASONS
from tables.views.common import FM, PAGE_ROLES, action, actor, int_field, is_htmx, page, req_int, run, safe_next


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


@page("players")
def players(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "")[:100]
    context: dict[str, Any] = {
        "query": query,
        "players": selectors.players_search(query=query)[:100],
        "form": PlayerForm(),
        "is_floor_manager": has_any_role(request.user, (FM,)),
    }
    if request.method == "POST" and context["is_floor_manager"]:
        form = PlayerForm(request.POST, request.FILES)
        context["form"] = form
        if form.is_valid():
            try:
                player = services.player_create(actor=actor(request), **form.cleaned_data)
            except DomainError as exc:
                field = exc.details.get("field")
                if field in form.fields:  # a refused photo is shown by the field, as the form's own errors are
                    form.add_error(field, exc.message)
                else:
                    context["refusal"] = exc
            else:
                return redirect("tables:player", player_id=player.pk)
    template = "tables/players.html#results" if is_htmx(request) else "tables/players.html"
    return render(request, template, context)


@page("players")
def player_detail(request: HttpRequest, player_id: int) -> HttpResponse:
    player = player_get(player_id=player_id)
    context = {
        "player": player,
        "active": selectors.expulsion_active_for(player_id=player.pk),
        "expulsions": selectors.expulsions_report().filter(player=player),
        "sessions": seat_sessions(player_id=player.pk)[:20],
        "form": ExpulsionForm(),
        "edit_form": PlayerDetailsForm(initial={name: getattr(player, name) for name in PLAYER_EDITABLE}),
        "is_floor_manager": has_any_role(request.user, (FM,)),
        "may_see_photo": has_any_role(request.user, PAGE_ROLES["photo"]),
        "may_see_evidence": has_any_role(request.user, PAGE_ROLES["evidence"]),
    }
    return render(request, "tables/player.html", context)


@action
def expulsion_create(request: HttpRequest, player_id: int) -> HttpResponse:
    form = ExpulsionForm(request.POST, request.FILES)
    back = reverse("tables:player", args=[player_id])
    if not form.is_valid():
        return run(request, lambda: _refuse(form), done="", back=back)
    return run(
        request,
        lambda: services.expulsion_create(actor=actor(request), player_id=player_id, **form.cleaned_data),
        done=_("Player expelled: their seat and waitlist entries were ended."),
        back=back,
    )


@action
def player_edit(request: HttpRequest, player_id: int) -> HttpResponse:
    form = PlayerDetailsForm(request.POST, request.FILES)
    back = reverse("tables:player", args=[player_id])
    if not form.is_valid():
        return run(request, lambda: _refuse(form), done="", back=back)
    changes = dict(form.cleaned_data)
    photo = changes.pop("photo")
    return run(
        request,
        lambda: services.player_update(actor=actor(request), player_id=player_id, photo=photo, **changes),
        done=_("Player details saved."),
        back=back,
    )


def _refuse(form: forms.Form) -> None:
    raise DomainError(
        "; ".join(f"{field}: {' '.join(str(e) for e in errs)}" for field, errs in form.errors.items()), code="invalid"
    )


@action
def expulsion_lift(request: HttpRequest, expulsion_id: int) -> HttpResponse:
    call = lambda: services.expulsion_lift(  # noqa: E731
        actor=actor(request), expulsion_id=expulsion_id, reason=request.POST.get("reason", "")
    )
    return run(request, call, done=_("Expulsion lifted."), back=safe_next(request, reverse("tables:expulsions")))


@page("expulsions")
def expulsions(request: HttpRequest) -> HttpResponse:
    """The barred-player report: in force, and past (expired or lifted), with who decided."""
    rows = list(selectors.expulsions_report()[:500])
    now = timezone.now()
    context = {
        "current": [e for e in rows if e.is_active(now)],
        "past": [e for e in rows if not e.is_active(now)],
        "is_floor_manager": has_any_role(request.user, (FM,)),
    }
    return render(request, "tables/expulsions.html", context)


def _local(moment: datetime | None) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M") if moment else ""


@page("expulsions")
def expulsions_csv(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="barred-players.csv"'
    writer = CsvWriter(response)
    writer.writerow(
        ["player", "alias", "date_of_birth", "rule", "reason", "scope", "from", "until", "decided_by", "in_force",
         "lifted_at", "lifted_by", "lift_reason"]
    )  # fmt: skip
    now = timezone.now()
    for e in selectors.expulsions_report():
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
            ]
        )
    return response


@page("waitlists")
def waitlists(request: HttpRequest) -> HttpResponse:
    today = current_gaming_day()
    context = {
        "lists": selectors.waitlists_by_game(),
        "games": games_list(active=True),
        "players": Player.objects.order_by("last_name", "first_name")[:300],
        "tables": [t for t in tables_list() if t.status == "open"],
        "today": selectors.waitlist_analytics(start=today),
        "by_day": selectors.waitlist_analytics(start=today - timedelta(days=6), end=today),
        "sources": WaitlistSource.choices,
        "remove_reasons": [(r.value, r.label) for r in REMOVE_REASONS],
        "is_floor_manager": has_any_role(request.user, (FM,)),
    }
    template = "tables/waitlists.html#lists" if is_htmx(request) else "tables/waitlists.html"
    return render(request, template, context)


def _wl_back(request: HttpRequest) -> str:
    return safe_next(request, reverse("tables:waitlists"))


@action
def waitlist_add(request: HttpRequest) -> HttpResponse:
    def call() -> object:
        return services.waitlist_add(
            actor=actor(request),
            game_id=req_int(request.POST, "game_id"),
            player_id=req_int(request.POST, "player_id"),
            source=request.POST.get("source", WaitlistSource.DESK),
            check_in_minutes=int_field(request.POST, "check_in_minutes", required=False),
        )

    return run(request, call, done=_("Added to the list."), back=_wl_back(request))


@action
def waitlist_entry_action(request: HttpRequest, entry_id: int, verb: str) -> HttpResponse:
    user = actor(request)
    calls = {
        "check-in": lambda: services.waitlist_check_in(actor=user, entry_id=entry_id),
        "call": lambda: services.waitlist_call(actor=user, entry_id=entry_id),
        "seat": lambda: services.waitlist_seat(
            actor=user,
            entry_id=entry_id,
            table_id=req_int(request.POST, "table_id"),
            seat_number=int_field(request.POST, "seat_number", required=False),
            seat_entry=request.POST.get("entry", ""),
        ),
        "remove": lambda: services.waitlist_remove(
            actor=user, entry_id=entry_id, reason=request.POST.get("reason", "")
        ),
    }
    done = {
        "check-in": _("Checked in."),
        "call": _("Player called."),
        "seat": _("Player seated from the list."),
        "remove": _("Removed from the list."),
    }
    if verb not in calls:
        return redirect(_wl_back(request))
    return run(request, calls[verb], done=done[verb], back=_wl_back(request))


@page("dealers")
def dealers(request: HttpRequest) -> HttpResponse:
    """The rotation ("downs") board, dealer profiles and shifts."""
    context = {
        "board": selectors.rotation_board(),
        "profiles": dealer_profiles(),
        "on_shift": {s.dealer_id for s in dealer_shifts(open_only=True)},
        "is_floor_manager": has_any_role(request.user, (FM,)),
    }
    template = "tables/dealers.html#downs" if is_htmx(request) else "tables/dealers.html"
    return render(request, template, context)


@action
def dealer_clock(request: HttpRequest, user_id: int, verb: str) -> HttpResponse:
    service = services.dealer_clock_in if verb == "in" else services.dealer_clock_out
    done = _("Clocked in.") if verb == "in" else _("Clocked out.")
    return run(
        request, lambda: service(actor=actor(request), dealer_id=user_id), done=done, back=reverse("tables:dealers")
    )
