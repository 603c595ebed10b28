"""One switch decides between the PostgreSQL fast paths and their ORM twins (issue #18): nothing but
``config.db`` reads a connection's ``vendor``. Code that needs to know asks ``config.db.fast_paths()`` (a
hand-written statement instead of its ORM twin) or ``config.db.on_postgresql()`` (what only PostgreSQL has:
triggers, advisory locks, ``SKIP LOCKED``), so a test that turns the fast paths off (``override_settings(
CARDROOM_FAST_PATHS=False)``) runs every twin, and no module keeps a private switch of its own."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
THE_SWITCH = ROOT / "config" / "db.py"
# Not the project's code: the virtualenv, caches, and what tools and browsers leave behind.
SKIPPED = {".venv", ".git", "node_modules", "__pycache__", "staticfiles", "media"}


def vendor_reads(source: str) -> list[int]:
    """The lines of ``source`` that read a ``vendor`` attribute (``x.vendor``, ``getattr(x, "vendor")``)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Attribute) and node.attr == "vendor") or (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in {"getattr", "hasattr"}
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value == "vendor"
        ):
            lines.append(node.lineno)
    return sorted(lines)


def _project_modules() -> list[Path]:
    return sorted(
        path
        for path in ROOT.rglob("*.py")
        if not any(part in SKIPPED or part.startswith(".") for part in path.relative_to(ROOT).parts)
    )


def test_only_the_switch_reads_a_connections_vendor() -> None:
    modules = _project_modules()
    assert THE_SWITCH in modules and ROOT / "games" / "services" / "recording.py" in modules
    found = {
        f"{path.relative_to(ROOT)}:{line}"
        for path in modules
        if path != THE_SWITCH
        for line in vendor_reads(path.read_text(encoding="utf-8"))
    }
    assert not found, f"ask config.db.fast_paths() or config.db.on_postgresql() instead: {sorted(found)}"


def test_the_switch_is_where_the_vendor_is_read() -> None:
    assert vendor_reads(THE_SWITCH.read_text(encoding="utf-8"))


def test_every_way_of_reading_it_is_found() -> None:
    source = """
from django.db import connection
a = connection.vendor == "postgresql"
b = schema_editor.connection.vendor
c = getattr(connection, "vendor")
d = connections["default"].vendor != "sqlite"
vendor = "not a read"
"""
    assert vendor_reads(source) == [3, 4, 5, 6]
