"""The room's own system checks (``manage.py check``), registered when the project core starts (``config.apps``)."""

from __future__ import annotations

from typing import Any

from django.core.checks import CheckMessage, Tags, register
from django.core.checks import Warning as CheckWarning

from config.db import on_postgresql
from config.selectors.database import tables_alterable


@register(Tags.security, deploy=True)
def check_runtime_role_cannot_alter_tables(app_configs: Any, **kwargs: Any) -> list[CheckMessage]:
    """``check --deploy`` warns when the process's PostgreSQL role could alter the room's tables: it could
    then ``DISABLE TRIGGER`` and edit a posted record (issue #25). SQLite has no roles: nothing to check."""
    if not on_postgresql():
        return []
    found = tables_alterable()
    if not found.tables:
        return []
    return [
        CheckWarning(
            f"The database role {found.user!r} can alter {len(found.tables)} of the room's tables (such as"
            f" {found.tables[0]}): it owns them, is a member of their owner or is a superuser, so the"
            " application could disable the triggers that keep its records append-only.",
            hint="Run migrate as the owner and the web processes, workers and beat as a role of their own,"
            " given its privileges by `manage.py grant_runtime_role ROLE` (docs/production.md, Two database roles).",
            id="config.W001",
        )
    ]
