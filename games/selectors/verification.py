"""Recorded hands replayed through the current engine and compared with what was stored.

What a room runs after an engine upgrade and an auditor runs at will
(``manage.py verify_hands``). Each finished hand record is rebuilt from its
stored setup and event log the way ``games.services.state`` rebuilds a hand,
and the rows the services would store for that state today (built by
``result_rows``, the function that stored them) are compared field by field
with the rows stored then: total pot, fee, tie, misdeal, chips carried to a
replay, each pot's amount, eligible seats, winners, shares, fee and carry,
and each seat's final stack. Hand descriptions are words, not chips, and are
not compared.

Every record is checked against what it stored, whatever its status. A
difference in a record the correction flow can still correct (complete or
misdeal) needs the floor; one in a record already voided or superseded is
listed but settled, since the floor has taken that record out of force. A
hand voided before it ended stored no result, so there is nothing to compare.
Nothing here writes: records are append-only, and a difference is corrected
through ``games.services.corrections``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum

from django.db.models import Prefetch, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import NotFound
from games.engine import EngineError, event_from_dict, replay
from games.models import Hand as HandRow
from games.models import HandEvent, HandResult, HandStatus, PotAward
from games.models.results import result_rows
from games.models.setup import setup_from_dict
from rake.engine.policies import FeePolicyError
from tables.models import Table

# Statuses whose record the floor already took out of force: a difference there needs nothing more.
SETTLED_STATUSES = (HandStatus.VOIDED, HandStatus.SUPERSEDED)


class Outcome(StrEnum):
    AGREES = "agrees"
    DIFFERS = "differs"  # complete or misdeal: correct it (games.services.corrections)
    DIFFERS_SETTLED = "differs_settled"  # voided or superseded already
    NOTHING_STORED = "nothing_stored"  # voided before it ended: no result to compare


@dataclass(frozen=True, slots=True)
class FieldDifference:
    field: str
    stored: str
    replayed: str


@dataclass(frozen=True, slots=True)
class HandCheck:
    hand_id: int
    table_number: int
    gaming_day: date
    number: int
    revision: int
    status: str
    outcome: Outcome
    differences: tuple[FieldDifference, ...] = ()


@dataclass
class Tally:
    """Running totals of a verification, for its summary and exit status."""

    checked: int = 0
    agreeing: int = 0
    nothing_stored: int = 0
    differing: list[int] = field(default_factory=list)
    settled: list[int] = field(default_factory=list)

    def add(self, check: HandCheck) -> None:
        self.checked += 1
        if check.outcome is Outcome.AGREES:
            self.agreeing += 1
        elif check.outcome is Outcome.NOTHING_STORED:
            self.nothing_stored += 1
        elif check.outcome is Outcome.DIFFERS:
            self.differing.append(check.hand_id)
        else:
            self.settled.append(check.hand_id)


def hands_to_verify(*, since: date | None = None, table_number: int | None = None) -> QuerySet[HandRow]:
    """Every hand record that has ended (all but open hands), oldest first; ``since``: first gaming day."""
    rows = HandRow.objects.exclude(status=HandStatus.OPEN)
    if table_number is not None:
        table_id = Table.objects.filter(number=table_number).values_list("pk", flat=True).first()
        if table_id is None:
            raise NotFound(
                _("Table %(number)s does not exist.") % {"number": table_number},
                code="unknown_table",
                table_number=table_number,
            )
        rows = rows.filter(table_id=table_id)
    if since is not None:
        rows = rows.filter(gaming_day__gte=since)
    return rows.order_by("pk")


def hands_verify(hands: QuerySet[HandRow], *, chunk_size: int = 500) -> Iterator[HandCheck]:
    """``hand_check`` of each of ``hands``, read ``chunk_size`` at a time with their results, then their logs
    and pots in two queries per chunk: memory and queries do not grow with the history."""
    log = HandEvent.objects.only("hand_id", "seq", "data")
    rows = hands.select_related("table", "result").prefetch_related(Prefetch("events", queryset=log), "pot_awards")
    for hand in rows.iterator(chunk_size=chunk_size):
        yield hand_check(hand)


def hand_check(hand: HandRow) -> HandCheck:
    """One hand's stored result against its replay by the current engine (reads its log and pots
    unless prefetched)."""
    stored: HandResult | None = getattr(hand, "result", None)
    if stored is None and hand.status == HandStatus.VOIDED:
        differences: tuple[FieldDifference, ...] = ()
        outcome = Outcome.NOTHING_STORED
    else:
        differences = _differences(hand, stored)
        if not differences:
            outcome = Outcome.AGREES
        elif hand.status in SETTLED_STATUSES:
            outcome = Outcome.DIFFERS_SETTLED
        else:
            outcome = Outcome.DIFFERS
    return HandCheck(
        hand_id=hand.pk,
        table_number=hand.table.number,
        gaming_day=hand.gaming_day,
        number=hand.number,
        revision=hand.revision,
        status=hand.status,
        outcome=outcome,
        differences=differences,
    )


def _differences(hand: HandRow, stored: HandResult | None) -> tuple[FieldDifference, ...]:
    # A stored result missing from a finished hand shows as every field differing.
    before = _fields(stored, list(hand.pot_awards.all())) if stored is not None else {}
    end = "" if stored is None else ("misdeal" if stored.misdeal else "complete")
    try:
        state = replay(setup_from_dict(hand.setup), [event_from_dict(e.data) for e in hand.events.all()])
    except (EngineError, FeePolicyError) as error:
        code = getattr(error, "code", "bad_fee_policy")
        return (FieldDifference("end", end, f"refused ({code}): {error}"),)
    except (TypeError, ValueError, KeyError, IndexError) as error:
        # A setup or event stored in a form the current code no longer reads, or a fault of the engine:
        # one hand to look at, not the end of an audit's run.
        return (FieldDifference("end", end, f"failed: {error!r}"),)
    if not state.is_over:
        return (FieldDifference("end", end, f"unfinished: {state.phase_text}"),)
    # The rows the services would store for this log today, by the function that stored them then.
    rows = [row for _, group in result_rows(hand=HandRow(), state=state, now=timezone.now()) for row in group]
    result = next(row for row in rows if isinstance(row, HandResult))
    after = _fields(result, [row for row in rows if isinstance(row, PotAward)])
    names = list(before) + [name for name in after if name not in before]
    return tuple(
        FieldDifference(name, before.get(name, ""), after.get(name, ""))
        for name in names
        if before.get(name, "") != after.get(name, "")
    )


def _fields(result: HandResult, pots: Sequence[PotAward]) -> dict[str, str]:
    """The compared fields of a result and its pots as text, named as the CSV and the summary name them."""
    fields = {
        "misdeal": _text(result.misdeal),
        "pot": _text(result.total_pot),
        "fee": _text(result.fee),
        "tie": result.tie,
        "carried out": _text(result.carried_out),
    }
    for pot in sorted(pots, key=lambda p: p.index):
        name = f"pot {pot.index + 1}"
        fields[f"{name} amount"] = _text(pot.amount)
        fields[f"{name} eligible"] = _text(pot.eligible)
        fields[f"{name} winners"] = _text(pot.winners)
        fields[f"{name} shares"] = _text(pot.shares)
        fields[f"{name} fee"] = _text(pot.fee)
        fields[f"{name} carried"] = _text(pot.carried)
    final = result.data.get("final_stacks", {})
    for seat in sorted(final, key=int):
        fields[f"final stack seat {seat}"] = _text(final[seat])
    return fields


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return json.dumps(list(value))
    return str(value)
