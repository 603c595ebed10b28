"""Forms of the fee pages and the admin: percent and money parsed strictly, the service validates."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from config.errors import DomainError
from config.money import parse_typed_amount
from config.numbers import whole_number
from rake.apis.serializers import percent_to_rate
from rake.models import Allocation, FeeKind, FeePolicyVersion, TimeUnit
from rake.services import check_policy_fields, fee_policy_set

_BLANK: list[tuple[str, Any]] = [("", "—")]

if TYPE_CHECKING:
    _ModelForm = forms.ModelForm[FeePolicyVersion]
else:
    _ModelForm = forms.ModelForm


def parse_caps(text: str) -> list[tuple[int, int]]:
    """ "6=2000; 9=3000" -> [(6, 2000), (9, 3000)]: a cap per hand from that many players dealt in."""
    caps: list[tuple[int, int]] = []
    for part in filter(None, (p.strip() for p in text.replace(",", ";").split(";"))):
        players, sep, cap = part.partition("=")
        if not sep or not players.strip().isdigit():
            raise DomainError(
                _("Write caps by players as “players=cap; …”, e.g. “6=2000; 9=3000”, not “%(part)s”.") % {"part": part}
            )
        caps.append((int(players), parse_typed_amount(cap, field=str(_("cap")))))
    return caps


class FeePolicyFieldsForm(forms.Form):
    """The settings of one fee version; ``policy_fields()`` gives the service's keyword arguments."""

    kind = forms.ChoiceField(label=_("Kind of fee"), choices=FeeKind.choices)
    percent = forms.CharField(label=_("Percent of each pot (at most 5.00)"), required=False, max_length=12)
    cap_per_hand = forms.CharField(label=_("Cap per hand"), required=False, max_length=24)
    caps_by_players = forms.CharField(
        label=_("Caps by players dealt in"), required=False, max_length=200, help_text=_("e.g. 6=2000; 9=3000")
    )
    min_pot = forms.CharField(label=_("No fee on pots under"), required=False, max_length=24)
    no_flop_no_drop = forms.BooleanField(label=_("No flop, no drop"), required=False, initial=True)
    allocation = forms.ChoiceField(label=_("Over side pots"), choices=_BLANK + Allocation.choices, required=False)
    amount_per_hour = forms.CharField(label=_("Amount per player per hour"), required=False, max_length=24)
    unit = forms.ChoiceField(label=_("Charged"), choices=_BLANK + TimeUnit.choices, required=False)
    collect_every_minutes = forms.IntegerField(
        label=_("Collected in advance every (minutes)"), required=False, min_value=1, max_value=1440
    )
    charge_away = forms.BooleanField(label=_("Time away charged"), required=False)

    def policy_fields(self) -> dict[str, Any]:
        """Parse and validate; raises DomainError naming the rule."""
        data = self.cleaned_data
        kind = data["kind"]
        values: dict[str, Any] = {"kind": kind}
        if kind == FeeKind.PERCENTAGE:
            values["rate"] = percent_to_rate(data.get("percent") or "")
            if data.get("cap_per_hand"):
                values["cap_per_hand"] = parse_typed_amount(data["cap_per_hand"], field=str(_("cap per hand")))
            values["caps_by_players"] = parse_caps(data.get("caps_by_players") or "")
            if data.get("min_pot"):
                values["min_pot"] = parse_typed_amount(data["min_pot"], field=str(_("minimum pot")), allow_zero=True)
            values["no_flop_no_drop"] = bool(data.get("no_flop_no_drop"))
            values["allocation"] = data.get("allocation") or Allocation.MAIN_FIRST
        else:
            values["amount_per_hour"] = parse_typed_amount(
                data.get("amount_per_hour") or "", field=str(_("amount per player per hour"))
            )
            values["unit"] = data.get("unit") or TimeUnit.HOUR
            values["collect_every_minutes"] = data.get("collect_every_minutes")
            values["charge_away"] = bool(data.get("charge_away"))
        check_policy_fields(**values)
        return values

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not self.errors:
            try:
                self.policy = self.policy_fields()
            except DomainError as exc:
                raise forms.ValidationError(exc.message) from None
        return cleaned


class FeePolicyForm(FeePolicyFieldsForm):
    """The page's form: a table's or a game's next version."""

    effective_from = forms.DateTimeField(
        label=_("In force from (empty: now)"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )
    reason = forms.CharField(label=_("Reason"), max_length=200)


class WholeUnitsField(forms.IntegerField):
    """A whole number typed in the admin (minor units, minutes): the digits 0-9 only.

    Django's own field reads it with ``int``, which takes ``1_000``, full-width
    digits and thousands of digits; the room's grammar (``config.numbers``) does not.
    """

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        number = whole_number(str(value).strip())
        if number is None:
            raise forms.ValidationError(_("Enter a whole number with the digits 0-9 only."), code="invalid")
        return number


class FeePolicyAdminForm(_ModelForm):
    """Admin add form: percent instead of the stored fraction, validated and saved by the service."""

    actor: User  # set by rake.admin for the request
    version: FeePolicyVersion

    percent = forms.CharField(label=_("Percent of each pot (at most 5.00)"), required=False, max_length=12)
    caps_text = forms.CharField(label=_("Caps by players dealt in"), required=False, help_text=_("e.g. 6=2000; 9=3000"))

    class Meta:
        model = FeePolicyVersion
        fields = [
            "table",
            "game",
            "kind",
            "effective_from",
            "reason",
            "cap_per_hand",
            "min_pot",
            "no_flop_no_drop",
            "allocation",
            "amount_per_hour",
            "unit",
            "collect_every_minutes",
            "charge_away",
        ]
        field_classes = dict.fromkeys(
            ("cap_per_hand", "min_pot", "amount_per_hour", "collect_every_minutes"), WholeUnitsField
        )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A recorded version's page shows its fields read only, not in the form (versions are never changed).
        if "effective_from" in self.fields:
            self.fields["effective_from"].required = False
            self.fields["effective_from"].help_text = _("Empty: now. Never in the past.")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        kind = cleaned.get("kind")
        values: dict[str, Any] = {"kind": kind}
        try:
            if kind == FeeKind.PERCENTAGE:
                values["rate"] = percent_to_rate(cleaned.get("percent") or "")
                values["caps_by_players"] = parse_caps(cleaned.get("caps_text") or "")
                for name in ("cap_per_hand", "min_pot", "no_flop_no_drop", "allocation"):
                    values[name] = cleaned.get(name)
            else:
                for name in ("amount_per_hour", "unit", "collect_every_minutes", "charge_away"):
                    values[name] = cleaned.get(name)
            check_policy_fields(**values)
            # Saved here, through the service, so that its refusals (a kind
            # switch on a busy table, an out-of-order version) show on the form;
            # the admin's add view runs in one transaction.
            table, game = cleaned.get("table"), cleaned.get("game")
            self.version = fee_policy_set(
                actor=self.actor,
                table_id=table.pk if table else None,
                game_id=game.pk if game else None,
                effective_from=cleaned.get("effective_from"),
                reason=cleaned.get("reason") or "",
                **values,
            )
        except DomainError as exc:
            raise forms.ValidationError(exc.message) from None
        return cleaned

    def _post_clean(self) -> None:
        # The service builds and validates the row (rake.admin saves through it).
        pass
