"""``manage.py verify_hands [--since DAY] [--table N] [--csv PATH]``: replay the recorded hands through the
current engine and report every stored result that differs (``games.selectors.verification``).

Exit status: 0 when every complete or misdeal record agrees, 1 when one differs, 2 on bad input. Nothing is
written to the database: a differing hand is corrected through the floor's correction flow.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any, TextIO

from django.core.management.base import BaseCommand, CommandError, CommandParser

from config.errors import DomainError
from config.exports import CsvWriter
from config.gaming_day import current_gaming_day
from games.selectors.verification import HandCheck, Outcome, Tally, hands_to_verify, hands_verify

CSV_HEADER = ["hand_id", "table", "gaming_day", "number", "revision", "status", "field", "stored", "replayed"]
# Ids listed per line of the summary; the CSV lists every differing field of every hand.
IDS_SHOWN = 100
USAGE_ERROR = 2


class Command(BaseCommand):
    help = (
        "Replay each recorded hand through the current engine and compare pots, winners, fees and final "
        "stacks with what was stored. Exits 1 when a complete or misdeal hand differs. Changes nothing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--since", metavar="DAY", help="First gaming day to check (YYYY-MM-DD); default: all.")
        parser.add_argument("--table", metavar="N", type=int, help="Only the hands of table number N.")
        parser.add_argument("--csv", metavar="PATH", type=Path, help="Write one row per differing field to PATH.")
        parser.add_argument(
            "--progress",
            metavar="N",
            type=int,
            default=1000,
            help="A progress line on stderr every N hands (default 1000); 0 for none.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        since = _day(options["since"])
        every: int = options["progress"]
        if every < 0:
            raise CommandError("--progress takes a number of hands, 0 or more.", returncode=USAGE_ERROR)
        try:
            hands = hands_to_verify(since=since, table_number=options["table"])
        except DomainError as error:
            raise CommandError(str(error), returncode=USAGE_ERROR) from None
        total = hands.count() if every else 0
        tally = Tally()
        rows = 0
        with _csv_writer(options["csv"]) as writer:
            for check in hands_verify(hands):
                tally.add(check)
                if writer is not None:
                    rows += _write_rows(writer, check)
                if every and tally.checked % every == 0:
                    self.stderr.write(
                        f"verify_hands: {tally.checked} of {total} hands checked, {len(tally.differing)} differing",
                        style_func=str,
                    )
        scope = f"since {since.isoformat()}" if since else "all gaming days"
        if options["table"] is not None:
            scope += f", table {options['table']}"
        self._summary(tally, scope)
        if options["csv"] is not None:
            self.stdout.write(f"{rows} differing fields written to {options['csv']}")
        if tally.differing:
            raise CommandError(
                f"{len(tally.differing)} complete or misdeal hands differ from the current engine: the floor "
                "corrects them through the correction flow.",
                returncode=1,
            )

    def _summary(self, tally: Tally, scope: str) -> None:
        self.stdout.write(f"verify_hands ({scope}): {tally.checked} hands checked with the current engine")
        self.stdout.write(f"  agreeing: {tally.agreeing}")
        self.stdout.write(f"  differing: {len(tally.differing)}{_ids(tally.differing)}")
        self.stdout.write(
            f"  differing, already voided or superseded (nothing to do): {len(tally.settled)}{_ids(tally.settled)}"
        )
        self.stdout.write(f"  voided before they ended (no result stored to compare): {tally.nothing_stored}")


def _day(text: str | None) -> date | None:
    if text is None:
        return None
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise CommandError(f"--since takes a gaming day as YYYY-MM-DD, not {text!r}.", returncode=USAGE_ERROR) from None
    today = current_gaming_day()
    if day > today:
        raise CommandError(
            f"--since {day.isoformat()} is after the current gaming day, {today.isoformat()}.", returncode=USAGE_ERROR
        )
    return day


def _ids(ids: list[int]) -> str:
    if not ids:
        return ""
    more = f" and {len(ids) - IDS_SHOWN} more" if len(ids) > IDS_SHOWN else ""
    return " (hand ids " + ", ".join(str(i) for i in ids[:IDS_SHOWN]) + more + ")"


@contextmanager
def _csv_writer(path: Path | None) -> Iterator[CsvWriter | None]:
    """A CSV writer on ``path`` with its header written, opened before the run so a bad path fails at once."""
    if path is None:
        yield None
        return
    try:
        out: TextIO = path.open("w", newline="", encoding="utf-8")
    except OSError as error:
        raise CommandError(f"--csv {path}: {error.strerror}.", returncode=USAGE_ERROR) from None
    with out:
        writer = CsvWriter(out)
        writer.writerow(CSV_HEADER)
        yield writer


def _write_rows(writer: CsvWriter, check: HandCheck) -> int:
    if check.outcome not in (Outcome.DIFFERS, Outcome.DIFFERS_SETTLED):
        return 0
    head = [check.hand_id, check.table_number, check.gaming_day.isoformat(), check.number, check.revision]
    for difference in check.differences:
        writer.writerow([*head, check.status, difference.field, difference.stored, difference.replayed])
    return len(check.differences)
