"""Reads of the history: the filtered log across every tracked model, and what each row changed."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from uuid import UUID

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import models
from django.db.models import CharField, OuterRef, QuerySet, Subquery, Value
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from audit.models import TRACKED
from config.roles import Role

HISTORY_READERS = (Role.FLOOR_MANAGER, Role.ACCOUNTANT)
# Rows that show the record as it then stood, so the next row's change is measured from them
# (a delete shows it as it was; a new password changes no column the history keeps).
SNAPSHOT_LABELS = ("baseline", "insert", "update")
ACTIONS = {
    "baseline": gettext_lazy("existing when the history began"),
    "insert": gettext_lazy("created"),
    "update": gettext_lazy("changed"),
    "delete": gettext_lazy("deleted"),
    "password": gettext_lazy("password changed"),
    "listed": gettext_lazy("shown in the token list"),
}
# The history row's own columns and the record's id (shown as the object) are not changes.
_NOT_SHOWN = ("id",)


@dataclass(frozen=True)
class HistoryFilter:
    kind: str = ""  # a key of audit.models.TRACKED; empty for every model
    object_id: int | None = None
    user_id: int | None = None
    since: datetime | None = None
    until: datetime | None = None  # exclusive


@dataclass(frozen=True)
class FieldChange:
    name: str
    label: str
    before: str
    after: str


@dataclass(frozen=True)
class Change:
    kind: str
    kind_label: str
    event_id: int
    object_id: int | None
    at: datetime
    label: str
    action: str
    user_id: int | None
    username: str
    url: str
    method: str
    task: str
    request_id: UUID | None
    fields: list[FieldChange]

    @property
    def is_edit(self) -> bool:
        """Values went from before to after. A creation (or the baseline) shows the values the record was
        given, a deletion those it held: neither goes from one value to another."""
        return self.label == "update"


def history_events(filters: HistoryFilter) -> QuerySet[Any]:
    """``{"pgh_id", "pgh_created_at", "audit_kind"}`` per history row that matches, newest first, across models.

    ``audit_kind`` is the key in ``TRACKED`` (a name no tracked model has a column of).
    """
    entries = [TRACKED[filters.kind]] if filters.kind else list(TRACKED.values())
    parts: list[QuerySet[Any]] = []
    for entry in entries:
        rows = entry.history._default_manager.all()
        if filters.object_id is not None:
            rows = rows.filter(**{entry.object_field: filters.object_id})
        if filters.user_id is not None:
            rows = rows.filter(pgh_context__user=filters.user_id)
        if filters.since is not None:
            rows = rows.filter(pgh_created_at__gte=filters.since)
        if filters.until is not None:
            rows = rows.filter(pgh_created_at__lt=filters.until)
        kind = Value(entry.key, output_field=CharField())
        parts.append(rows.annotate(audit_kind=kind).values("pgh_id", "pgh_created_at", "audit_kind"))
    first, *rest = parts
    events = first.union(*rest, all=True) if rest else first
    return events.order_by("-pgh_created_at", "-pgh_id")


def history_changes(events: Sequence[Mapping[str, Any]]) -> list[Change]:
    """The rows ``events`` names (a page of ``history_events``) with what each changed, in their order.

    Two queries per model on the page (its rows, with the id of the snapshot before each,
    then those snapshots) and one each for the users and the roles named, however many rows.
    """
    ids: dict[str, list[int]] = defaultdict(list)
    for event in events:
        ids[event["audit_kind"]].append(event["pgh_id"])
    found: dict[tuple[str, int], tuple[models.Model, models.Model | None]] = {}
    for kind, pks in ids.items():
        manager = TRACKED[kind].history._default_manager
        earlier = (
            manager.filter(pgh_obj_id=OuterRef("pgh_obj_id"), pgh_id__lt=OuterRef("pgh_id"))
            .filter(pgh_label__in=SNAPSHOT_LABELS)
            .order_by("-pgh_id")
            .values("pgh_id")[:1]
        )
        rows = list(manager.filter(pgh_id__in=pks).annotate(earlier_id=Subquery(earlier)))
        before = manager.in_bulk({row.earlier_id for row in rows if row.earlier_id is not None})
        for row in rows:
            found[kind, row.pk] = (row, before.get(row.earlier_id))
    names = _names([row for pair in found.values() for row in pair if row is not None])
    return [_change(event["audit_kind"], *found[event["audit_kind"], event["pgh_id"]], names) for event in events]


# Records shown by name rather than by id, and the column that names them.
NAMED: dict[type[models.Model], str] = {get_user_model(): "username", Group: "name"}
# (model, primary key) -> name
type Names = Mapping[tuple[type[models.Model], Any], str]


def _change(kind: str, row: models.Model, before: models.Model | None, names: Names) -> Change:
    entry = TRACKED[kind]
    context: dict[str, Any] = getattr(row, "pgh_context", None) or {}
    label: str = getattr(row, "pgh_label", "")
    user_id = context.get("user")
    return Change(
        kind=kind,
        kind_label=str(entry.label),
        event_id=row.pk,
        object_id=getattr(row, entry.object_field),
        at=getattr(row, "pgh_created_at"),  # noqa: B009  (a column of the generated model)
        label=label,
        action=str(ACTIONS.get(label, label)),
        user_id=user_id,
        username=names.get((get_user_model(), user_id), ""),
        url=context.get("url") or "",
        method=context.get("method") or "",
        task=context.get("task") or "",
        request_id=getattr(row, "pgh_context_id", None),
        fields=_fields(label, row, before, names),
    )


def _fields(label: str, row: models.Model, before: models.Model | None, names: Names) -> list[FieldChange]:
    """Before and after of each column: all of them when created or deleted, the changed ones otherwise."""
    if label == "password":
        return []
    changes = []
    for field in _columns(type(row)):
        now = _shown(field, getattr(row, field.attname), names)
        if label == "delete":
            then, now = now, ""
        elif label == "update" and before is not None:
            then = _shown(field, getattr(before, field.attname), names)
        else:
            then = ""
        if then != now:
            changes.append(FieldChange(name=field.name, label=str(field.verbose_name), before=then, after=now))
    return changes


def _columns(history: type[models.Model]) -> list[models.Field[Any, Any]]:
    return [f for f in history._meta.concrete_fields if not f.name.startswith("pgh_") and f.name not in _NOT_SHOWN]


def _shown(field: models.Field[Any, Any], value: Any, names: Names) -> str:
    """A value as the pages and the CSV show it: users and roles by name, choices by label, times local."""
    if value is None or value == "":
        return ""
    if field.related_model in NAMED:
        return names.get((field.related_model, value), f"#{value}")
    if field.choices:
        return str(dict(field.flatchoices).get(value, value))
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, datetime):
        return timezone.localtime(value).strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, dict | list):
        return json.dumps(value, sort_keys=True, ensure_ascii=False)
    return str(value)


def _names(rows: Iterable[models.Model]) -> dict[tuple[type[models.Model], Any], str]:
    """The names of the users (who acted, and user columns) and roles the rows point at: a query per kind."""
    wanted: dict[type[models.Model], set[Any]] = defaultdict(set)
    for row in rows:
        context = getattr(row, "pgh_context", None) or {}
        if context.get("user") is not None:
            wanted[get_user_model()].add(context["user"])
        for field in _columns(type(row)):
            value = getattr(row, field.attname)
            if field.related_model in NAMED and value is not None:
                wanted[field.related_model].add(value)
    names: dict[tuple[type[models.Model], Any], str] = {}
    for model, pks in wanted.items():
        found = model._default_manager.filter(pk__in=pks).values_list("pk", NAMED[model])
        names |= {(model, pk): str(name) for pk, name in found}
    return names
