"""The history written by the application, for databases without pghistory's triggers (SQLite).

The same rows as the triggers write, from model signals: a save reads the
row before (``pre_save``) and after (``post_save``) it as the database holds
them, and each of the event model's trackers decides as its trigger would
(insert; update when one of its columns changed; delete with the row as it
was). A role given or taken (``m2m_changed``) is an insert or a delete of its
``auth_user_groups`` row. The context is ``audit.services.context``'s.

What bypasses the signals (``QuerySet.update``, ``bulk_create``, raw SQL) is
not recorded here: services save tracked records one by one, and on
PostgreSQL, the production database, the triggers see everything.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pgtrigger
from django.core.exceptions import ImproperlyConfigured
from django.db import models
from django.db.models.signals import m2m_changed, post_delete, post_save, pre_save
from django.utils import timezone

from audit.models import TRACKED
from audit.services import context
from config.db import on_postgresql

# Set by ``_before`` on the instance being saved: its row as stored, or None for a new one.
_BEFORE = "_audit_row_before"


def install() -> None:
    for entry in TRACKED.values():
        for tracker in entry.history.pgh_trackers:  # type: ignore[attr-defined]
            if _operation(tracker) == pgtrigger.Update and not _understood(tracker.condition):
                raise ImproperlyConfigured(
                    f"audit.services.recorder cannot evaluate the condition of {entry.key}'s {tracker.label}"
                )
    for model in {entry.source for entry in TRACKED.values()}:
        if model._meta.auto_created:
            m2m_changed.connect(_roles_changed, sender=model, dispatch_uid=f"audit-{model._meta.label}")
            continue
        pre_save.connect(_before, sender=model, dispatch_uid=f"audit-{model._meta.label}")
        post_save.connect(_saved, sender=model, dispatch_uid=f"audit-{model._meta.label}")
        post_delete.connect(_deleted, sender=model, dispatch_uid=f"audit-{model._meta.label}")


def _operation(tracker: Any) -> Any:
    """The row operation a tracker follows; None for a manual event (``TokenHistory``'s ``listed``)."""
    return getattr(tracker, "operation", None)


def _histories(model: type[models.Model]) -> list[type[models.Model]]:
    concrete = model._meta.concrete_model
    return [entry.history for entry in TRACKED.values() if entry.source is concrete]


def _row(model: type[models.Model], pk: Any, using: str) -> dict[str, Any] | None:
    columns = [f.attname for f in model._meta.concrete_fields]
    return model._base_manager.using(using).filter(pk=pk).values(*columns).first()


def _before(sender: type[models.Model], instance: models.Model, using: str, **kwargs: Any) -> None:
    adding = instance._state.adding or instance.pk is None
    instance.__dict__[_BEFORE] = None if adding else _row(sender, instance.pk, using)


def _saved(sender: type[models.Model], instance: models.Model, created: bool, using: str, **kwargs: Any) -> None:
    after = _row(sender, instance.pk, using)
    before = instance.__dict__.pop(_BEFORE, None)
    if after is None:
        return
    for history in _histories(sender):
        for tracker in history.pgh_trackers:  # type: ignore[attr-defined]
            if created:
                fires = _operation(tracker) == pgtrigger.Insert
            else:
                fires = _operation(tracker) == pgtrigger.Update and _fires(tracker, before, after)
            if fires:
                _write(history, tracker.label, after, using)


def _understood(condition: Any) -> bool:
    """The conditions evaluated here: none, or ``AnyChange`` of named fields (pghistory names them at setup)."""
    if condition is None:
        return True
    return isinstance(condition, pgtrigger.AnyChange) and bool(condition.fields) and not condition.exclude


def _fires(tracker: Any, before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> bool:
    """An update tracker's condition over the row before and after, as its trigger's WHEN clause."""
    condition = tracker.condition
    if condition is None or before is None:  # an update of a row not read before: nothing to compare, keep it
        return True
    return any(before[name] != after[name] for name in _attnames(condition.fields, after))


def _attnames(fields: Iterable[str], row: Mapping[str, Any]) -> list[str]:
    """A condition names fields (``created_by``); the row is keyed by column attribute (``created_by_id``)."""
    return [name if name in row else f"{name}_id" for name in fields]


def _deleted(sender: type[models.Model], instance: models.Model, using: str, **kwargs: Any) -> None:
    row = {f.attname: getattr(instance, f.attname) for f in sender._meta.concrete_fields}
    for history in _histories(sender):
        for tracker in history.pgh_trackers:  # type: ignore[attr-defined]
            if _operation(tracker) == pgtrigger.Delete:
                _write(history, tracker.label, row, using)


def _roles_changed(
    sender: type[models.Model],
    instance: models.Model,
    action: str,
    pk_set: set[Any] | None,
    using: str,
    **kwargs: Any,
) -> None:
    """Rows of a many-to-many table added (after the insert) or removed (before the delete)."""
    if action not in ("post_add", "pre_remove", "pre_clear"):
        return
    source = next(f for f in sender._meta.concrete_fields if f.related_model is instance._meta.concrete_model)
    target = next(f for f in sender._meta.concrete_fields if f.is_relation and f is not source)
    rows = sender._base_manager.using(using).filter(**{source.attname: instance.pk})
    if pk_set is not None:
        rows = rows.filter(**{f"{target.attname}__in": pk_set})
    operation = pgtrigger.Insert if action == "post_add" else pgtrigger.Delete
    columns = [f.attname for f in sender._meta.concrete_fields]
    for row in rows.order_by("pk").values(*columns):
        for history in _histories(sender):
            for tracker in history.pgh_trackers:  # type: ignore[attr-defined]
                if _operation(tracker) == operation:
                    _write(history, tracker.label, row, using)


def tokens_listed(sender: Any, tokens: Iterable[models.Model], **kwargs: Any) -> None:
    """A page showed these API tokens (``config.services.tokens.tokens_listed``): a ``listed`` row each,
    with the request's context, on either database (no trigger sees a read)."""
    history = TRACKED["api_token"].history
    for token in tokens:
        row = {f.attname: getattr(token, f.attname) for f in type(token)._meta.concrete_fields}
        _write(history, "listed", row, "default")


# PostgreSQL's NOW(), the transaction's start, which the triggers stamp (Django's Now() is the statement's).
_TRANSACTION_NOW = models.Func(template="NOW()", output_field=models.DateTimeField())


def _write(history: type[models.Model], label: str, row: Mapping[str, Any], using: str) -> None:
    """One history row, as pghistory's trigger writes it: the values as given (a raw save, so that a copied
    ``auto_now_add`` column keeps the record's time, not the history row's), at the time a trigger would
    stamp: the transaction's on PostgreSQL (``NOW()``; only ``tokens_listed`` writes there), else the clock's."""
    tracked = {f.attname for f in history._meta.concrete_fields if not f.name.startswith("pgh_")}
    opened = context.current()
    event = history(
        pgh_created_at=_TRANSACTION_NOW if on_postgresql() else timezone.now(),
        pgh_label=label,
        pgh_obj_id=row[history.pgh_tracked_model._meta.pk.attname],  # type: ignore[attr-defined]
        pgh_context=None if opened is None else opened[1],
        pgh_context_id=None if opened is None else opened[0],
        **{name: value for name, value in row.items() if name in tracked},
    )
    event.save_base(raw=True, using=using)
