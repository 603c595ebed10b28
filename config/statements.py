"""One statement composed of parts that different apps write, each naming only its own tables.

A fast path that writes the tables of several apps in one round trip (a hand's fee: the ledger's
entry, legs and balances, rake's fee record and daily summary; ``games.services.hand_fee_sql``) is
a ``WITH`` statement in three steps, which ``compose`` puts together from each app's ``Part``:

1. every part's ``checks``: CTEs that lock and read what its rules need;
2. ``verdict``, written here: one row whose ``outcome`` is the outcome of the first refusal whose
   condition holds (the parts' refusals in the order the parts are given, each part's in its own
   order), or ``'ok'``;
3. every part's ``writes``: CTEs that write only ``FROM verdict WHERE verdict.outcome = 'ok'``, so a
   refusal writes nothing at all. A part's writes may read what an earlier part's writes returned
   (``reads``, e.g. the id of the journal entry the ledger inserted): they come after them.

The statement returns ``outcome``. A part's SQL is fixed when its module is imported (built with
``config.db.sql_text``), so the composed text is the same on every call and the server keeps its
plan (``config.db.prepared_cursor``). Only the parameters change: each app binds its own part's
(``Part.bind``) under names no other part uses, so no app sets, or needs to know, another's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

VERDICT = "verdict"
OK = "ok"

_PARAMETER = re.compile(r"%\((\w+)\)s")
_CTE = re.compile(r"(?:^|,)\s*(\w+)\s+AS\s+(?:NOT\s+)?(?:MATERIALIZED\s+)?\(", re.IGNORECASE)
_OUTCOME = re.compile(r"[a-z_]+")


@dataclass(frozen=True, slots=True)
class Refusal:
    """A rule of a part: when ``condition`` (SQL over the checks' CTEs and the part's parameters) holds,
    nothing is written and the statement returns ``outcome``, the rule's code (``gaming_day_closed``)."""

    outcome: str
    condition: str

    def __post_init__(self) -> None:
        if not _OUTCOME.fullmatch(self.outcome) or self.outcome == OK:
            raise ValueError(f"a refusal's outcome is a code, not {self.outcome!r}")


@dataclass(frozen=True, slots=True)
class Part:
    """One app's share of a composed statement: its SQL, fixed, and the names it defines and reads.

    ``checks`` and ``writes`` are CTEs (``name AS (...)``, separated by commas) named in ``defines``;
    ``returns`` is the one of them whose rows a later part may read (the ledger's ``entry``: the id
    of the entry it posted, no row when it posted none); ``reads`` the CTEs of other parts this one
    reads. ``owner`` names the app, for the messages of a composition that does not fit.
    """

    owner: str
    defines: tuple[str, ...]
    checks: str = ""
    refusals: tuple[Refusal, ...] = ()
    writes: str = ""
    returns: str = ""
    reads: tuple[str, ...] = ()
    parameters: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        found = tuple(_CTE.findall(self.checks)) + tuple(_CTE.findall(self.writes))
        if found != self.defines:
            raise ValueError(f"{self.owner}'s part defines {found}, not {self.defines}")
        if self.returns and self.returns not in self.defines:
            raise ValueError(f"{self.owner}'s part returns {self.returns!r}, which it does not define")
        text = " ".join([self.checks, self.writes, *(refusal.condition for refusal in self.refusals)])
        object.__setattr__(self, "parameters", frozenset(_PARAMETER.findall(text)))

    def bind(self, params: Mapping[str, Any]) -> Bound:
        """This part with the values of one call: every parameter its SQL names, and only those."""
        if params.keys() != self.parameters:
            missing, extra = sorted(self.parameters - params.keys()), sorted(params.keys() - self.parameters)
            raise ValueError(f"{self.owner}'s part: parameters missing {missing}, unknown {extra}")
        return Bound(self, params)


@dataclass(frozen=True, slots=True)
class Bound:
    """A part and the values of its parameters for one call."""

    part: Part
    params: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Statement:
    """The text of a composed statement and the parts it was composed of, in the order given."""

    parts: tuple[Part, ...]
    sql: str

    def params(self, *bound: Bound) -> dict[str, Any]:
        """The parameters of one call: each part bound by its owner, in the order of ``parts``."""
        if tuple(b.part for b in bound) != self.parts:
            raise ValueError("bind every part of the statement, in the order it was composed")
        merged: dict[str, Any] = {}
        for b in bound:
            merged.update(b.params)
        return merged


def compose(*parts: Part) -> Statement:
    """The statement of ``parts``: their checks, the verdict over their refusals in this order, then their
    writes, each part's after those of the parts it reads. Refused (ValueError) when two parts define one
    name or use one parameter, or a part reads what no other defines."""
    names: dict[str, str] = {VERDICT: "the composed statement"}
    used: dict[str, str] = {}
    for part in parts:
        for name in part.defines:
            if name in names:
                raise ValueError(f"{part.owner} and {names[name]} both define {name!r}")
            names[name] = part.owner
        for param in part.parameters:
            if param in used:
                raise ValueError(f"{part.owner} and {used[param]} both use the parameter {param!r}")
            used[param] = part.owner
    cases = "\n".join(
        f"        WHEN {refusal.condition} THEN '{refusal.outcome}'" for part in parts for refusal in part.refusals
    )
    verdict = f"{VERDICT} AS (\n    SELECT CASE\n{cases}\n        ELSE '{OK}' END AS outcome\n)"
    ctes = [part.checks for part in parts if part.checks]
    ctes += [verdict, *(part.writes for part in _in_reading_order(parts) if part.writes)]
    return Statement(parts, "WITH " + ",\n".join(ctes) + f"\nSELECT outcome FROM {VERDICT}\n")


def _in_reading_order(parts: tuple[Part, ...]) -> list[Part]:
    """``parts`` in the order given, except that a part comes after every part whose CTEs it reads (a
    ``WITH`` part sees only the parts before it)."""
    ordered: list[Part] = []
    defined: set[str] = set()
    waiting = list(parts)
    while waiting:
        ready = next((p for p in waiting if set(p.reads) <= defined), None)
        if ready is None:
            raise ValueError(f"{waiting[0].owner}'s part reads {waiting[0].reads}, which no other part defines")
        waiting.remove(ready)
        ordered.append(ready)
        defined.update(ready.defines)
    return ordered
