"""Who and which request: the context every history row carries.

On PostgreSQL ``pghistory.context`` puts the context on the connection: each
statement the ORM sends inside it is preceded, in the same round trip, by
``SELECT set_config('pghistory.context_id', ..., true), set_config('pghistory.context_metadata', ..., true)``,
and the history triggers read both settings. The settings are local to the
transaction (``true``), so a connection handed back to Django's pool, or kept
for the next request, carries nothing over; in autocommit the pair and the
statement run as one implicit transaction. Statements bound on the server
(``config.db.prepared_cursor``) cannot carry a second statement and go without
it (see there). Elsewhere (SQLite) ``audit.services.recorder`` reads the same context
from here: pghistory's own per-thread holder, without the SQL.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pghistory
from celery import signals
from pghistory import runtime

from config.db import on_postgresql

# Contexts opened for Celery tasks, closed when the task ends (by task id).
_TASKS: dict[str, Any] = {}


@contextmanager
def history_context(**metadata: Any) -> Iterator[uuid.UUID]:
    """Every history row written inside carries ``metadata`` and the id this yields.

    Nested, it adds ``metadata`` to the open context and yields that context's id.
    """
    if on_postgresql():
        with pghistory.context(**metadata) as opened:
            yield opened.id
        return
    held = getattr(runtime._tracker, "value", None)
    if held is not None:
        held.metadata.update(metadata)
        yield held.id
        return
    runtime._tracker.value = runtime.Context(id=uuid.uuid4(), metadata=dict(metadata))
    try:
        yield runtime._tracker.value.id
    finally:
        del runtime._tracker.value


def current() -> tuple[uuid.UUID, dict[str, Any]] | None:
    """The open context's id and metadata (for ``audit.services.recorder``), or None."""
    held = getattr(runtime._tracker, "value", None)
    return None if held is None else (held.id, dict(held.metadata))


def install_task_context() -> None:
    """A Celery task's changes carry the task's name; one run inside a request (eager) keeps the request's."""
    signals.task_prerun.connect(_task_started, dispatch_uid="audit-task-context", weak=False)
    signals.task_postrun.connect(_task_ended, dispatch_uid="audit-task-context", weak=False)


def _task_started(task_id: str, task: Any, **kwargs: Any) -> None:
    if current() is not None:
        return
    opened = history_context(task=task.name)
    opened.__enter__()
    _TASKS[task_id] = opened


def _task_ended(task_id: str, **kwargs: Any) -> None:
    opened = _TASKS.pop(task_id, None)
    if opened is not None:
        opened.__exit__(None, None, None)
