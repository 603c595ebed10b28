"""The accountants' month report from the daily summaries vs the same report from the raw rows,
and the CSV export's rows per second and peak memory.

    .venv/bin/python -m bench.reports [--hands 1000000] [--tables 30] [--days 90] [--db benchreports] [--reuse]

Recreates the PostgreSQL database ``benchreports`` (``--db``; ``--reuse`` keeps
a database already filled), migrates it, and loads with COPY ``--hands`` fee
records (one per hand, 5% of a random pot) spread over ``--tables`` tables,
``--days`` gaming days, three shifts and 40 dealers, plus a final drop count
per table and shift with its dealer shares. The summaries are then rebuilt
from those raw rows (``summaries_rebuild``, timed), which also checks the
rebuild at scale.

Figures printed side by side:
- the last 30 days' report grouped by day, table and dealer, from the daily
  summary table (what the page and the API read) and from the raw rows
  (``fee_report_from_raw``), median of 5 runs each; target < 1 s from the summaries;
- the CSV export of every fee record of the 90 days through ``export_run`` (the
  Celery task's body: streaming, progress, atomic rename, digest): rows/s
  (target ≥ 50,000) and, in a second run under ``tracemalloc``, peak Python
  memory, with the process's maximum resident set (target < 200 MB).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import sys
import tempfile
import time as clock
import tracemalloc
from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from rooms.selectors import room_chosen

ROOT = Path(__file__).resolve().parent.parent
DEALERS = 40
SHIFTS = 3


def recreate_database(name: str, base_url: str) -> None:
    import psycopg

    with psycopg.connect(f"{base_url}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def setup_django(url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ.pop("REDIS_URL", None)  # exports run in-process here
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def world(tables: int) -> tuple[Any, list[int], list[int], int]:
    """An admin, a game, ``tables`` tables and the dealers; returns (admin, table ids, dealer ids, game id)."""
    from config.roles import Role
    from config.services import roles_sync, user_create
    from rooms.services import staff_place
    from tables import services as floor
    from tables.models import GameKind, Ring, Structure

    roles_sync()
    admin = user_create(username="bench_admin", password="x" * 12, roles=[Role.ADMIN, Role.ACCOUNTANT])
    room = room_chosen(room_id=None)
    staff_place(actor=None, user=admin, room=room)
    game = floor.game_create(
        actor=admin,
        room=room,
        name="Hold'em NL 500/1,000",
        kind=GameKind.TEXAS_HOLDEM,
        structure=Structure.NO_LIMIT,
        ring=Ring.FULL_RING,
        small_blind=500,
        big_blind=1000,
        min_buy_in=40_000,
        max_buy_in=200_000,
        seat_limit=10,
    )
    ids = [
        floor.table_create(actor=admin, room=room, number=n, seats=10, game_id=game.pk).pk for n in range(1, tables + 1)
    ]
    dealers = [
        user_create(username=f"dealer{k:02d}", password="x" * 12, roles=[Role.DEALER]).pk for k in range(DEALERS)
    ]
    return admin, ids, dealers, game.pk


def load(hands: int, tables: list[int], dealers: list[int], game_id: int, admin_id: int, days: int) -> date:
    """COPY the raw fee records and the drop counts with their shares; returns the last gaming day."""
    from django.db import connection

    rng = random.Random(7)
    last = date(2026, 6, 30)
    first = last - timedelta(days=days - 1)
    per_cell = hands // (len(tables) * days * SHIFTS)
    extra = hands - per_cell * len(tables) * days * SHIFTS
    # Who dealt at which table and shift: the dealer shares of the drop follow the fees.
    roster = {(t, d, s): rng.sample(dealers, 3) for t in tables for d in range(days) for s in range(1, SHIFTS + 1)}
    drops: dict[tuple[int, int, int], dict[int, int]] = {}
    columns = (
        "source, kind, hand_id, table_id, game_id, dealer_id, gaming_day, shift, hands, pots, fee, seconds, "
        "created_at, created_by_id"
    )
    hand_id = 0
    with connection.cursor() as cursor, cursor.copy(f"COPY rake_feecharge ({columns}) FROM STDIN") as copy:
        for d in range(days):
            day = first + timedelta(days=d)
            stamp = datetime.combine(day, time(12), tzinfo=UTC)
            for t in tables:
                for s in range(1, SHIFTS + 1):
                    n = per_cell + (1 if extra > 0 else 0)
                    extra -= 1
                    shares = drops.setdefault((t, d, s), {})
                    crew = roster[(t, d, s)]
                    for _ in range(n):
                        hand_id += 1
                        pot = rng.randrange(2_000, 200_000, 500)
                        fee = pot * 5 // 100 // 25 * 25 if rng.random() > 0.15 else 0
                        dealer = crew[hand_id % 3]
                        shares[dealer] = shares.get(dealer, 0) + fee
                        copy.write_row(
                            ("hand", "percentage", hand_id, t, game_id, dealer, day, s, 1, pot, fee, 0, stamp, admin_id)
                        )
    _load_drops(drops, first, tables, game_id, admin_id, rng)
    return last


def _load_drops(
    drops: dict[tuple[int, int, int], dict[int, int]],
    first: date,
    tables: list[int],
    game_id: int,
    admin_id: int,
    rng: random.Random,
) -> None:
    from django.db import connection
    from django.utils import timezone

    from rake.services.drops import split

    now = timezone.now()
    counts = []
    with connection.cursor() as cursor:
        with cursor.copy(
            "COPY rake_dropcount (table_id, gaming_day, shift, status, expected, since_entry_id, through_entry_id, "
            "round, counted, variance, explanation, finalized_at, created_at, created_by_id) FROM STDIN"
        ) as copy:
            for (t, d, s), shares in drops.items():
                expected = sum(shares.values())
                counted = expected - rng.choice((0, 0, 0, 0, 25, 100, 500))
                counted = max(counted, 0)
                counts.append((t, d, s))
                copy.write_row(
                    (
                        t,
                        first + timedelta(days=d),
                        s,
                        "final",
                        expected,
                        0,
                        0,
                        1,
                        counted,
                        counted - expected,
                        "",
                        now,
                        now,
                        admin_id,
                    )
                )
        cursor.execute("SELECT id, table_id, gaming_day, shift, expected, counted FROM rake_dropcount")
        rows = cursor.fetchall()
        with cursor.copy(
            "COPY rake_dropshare (count_id, gaming_day, shift, table_id, game_id, dealer_id, kind, expected, "
            "counted, variance) FROM STDIN"
        ) as copy:
            for pk, t, day, s, expected, counted in rows:
                shares = drops[(t, (day - first).days, s)]
                dealers = sorted(shares)
                weights = [shares[k] for k in dealers]
                for dealer, e, c in zip(dealers, split(expected, weights), split(counted, weights), strict=True):
                    copy.write_row((pk, day, s, t, game_id, dealer, "percentage", e, c, c - e))


def _every_room() -> tuple[int, ...]:
    from rooms.models import Room

    return tuple(Room.objects.order_by("pk").values_list("pk", flat=True))


def timed(fn: Callable[[], Any], runs: int = 5) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(runs):
        started = clock.perf_counter()
        result = fn()
        times.append(clock.perf_counter() - started)
    return statistics.median(times), result


def export_bench(first: date, last: date, admin: Any) -> tuple[int, float, float, float]:
    """rows, rows/s (plain run), peak traced MB (second run), max RSS MB."""
    from django.conf import settings

    from rake.models import ExportContent, ExportFormat
    from rake.selectors import ReportFilters
    from rake.services.exports import export_create, export_run

    settings.MEDIA_ROOT = tempfile.mkdtemp(prefix="benchreports-")
    filters = ReportFilters(day_from=first, day_to=last, room_ids=_every_room())

    def one() -> Any:
        export = export_create(actor=admin, format=ExportFormat.CSV, content=ExportContent.DETAIL, filters=filters)
        return export_run(export_id=export.pk)

    started = clock.perf_counter()
    done = one()
    seconds = clock.perf_counter() - started
    tracemalloc.start()
    one()
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return done.rows, done.rows / seconds, peak / 2**20, rss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--days", type=int, default=90)
    parser.add_argument("--db", default="benchreports")
    parser.add_argument("--server", default=os.environ.get("BENCH_PG", "postgres://root@127.0.0.1:5432"))
    parser.add_argument("--reuse", action="store_true", help="keep the database if it is already filled")
    args = parser.parse_args()

    url = f"{args.server}/{args.db}"
    if not args.reuse:
        recreate_database(args.db, args.server)
    setup_django(url)
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection

    from rake.models import DailyFeeSummary, FeeCharge
    from rake.selectors import ReportFilters, fee_report, fee_report_from_raw
    from rake.services import summaries_rebuild

    started = clock.perf_counter()
    call_command("migrate", verbosity=0)
    print(f"migrate: {clock.perf_counter() - started:.1f} s")
    if not FeeCharge.objects.exists():
        admin, tables, dealers, game_id = world(args.tables)
        started = clock.perf_counter()
        last = load(args.hands, tables, dealers, game_id, admin.pk, args.days)
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        print(f"load (COPY): {args.hands:,} fee records in {clock.perf_counter() - started:.1f} s")
    admin = User.objects.get(username="bench_admin")
    span = FeeCharge.objects.order_by("gaming_day").values_list("gaming_day", flat=True)
    first_day, last_day = span.first(), span.reverse().first()
    assert first_day is not None and last_day is not None
    first, last = first_day, last_day
    started = clock.perf_counter()
    rows = summaries_rebuild(day_from=first, day_to=last)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE rake_dailyfeesummary")
    print(f"summaries_rebuild: {FeeCharge.objects.count():,} records -> {rows:,} summary rows "
          f"in {clock.perf_counter() - started:.1f} s")  # fmt: skip
    assert DailyFeeSummary.objects.count() == rows

    month = ReportFilters(day_from=last - timedelta(days=29), day_to=last, room_ids=_every_room())
    hands_in_month = FeeCharge.objects.filter(gaming_day__range=(month.day_from, month.day_to)).count()
    print(f"\nmonth report ({month.day_from} .. {month.day_to}, {hands_in_month:,} hands), median of 5:")
    print(f"{'group by':<12}{'summaries':>12}{'raw rows':>12}{'speed-up':>10}  same figures")
    for group in ("gaming_day", "table", "dealer"):
        filters = ReportFilters(day_from=month.day_from, day_to=month.day_to, room_ids=month.room_ids, group_by=group)
        fast, summary = timed(lambda f=filters: fee_report(f))
        slow, raw = timed(lambda f=filters: fee_report_from_raw(f), runs=3)
        same = [(r.key, r.hands, r.fees, r.counted, r.variance) for r in summary.rows] == [
            (r.key, r.hands, r.fees, r.counted, r.variance) for r in raw.rows
        ]
        print(f"{group:<12}{fast * 1000:>10.1f}ms{slow * 1000:>10.1f}ms{slow / fast:>9.0f}x  {same}")
    print("target: < 1 s from the summaries")

    rows_out, rate, peak, rss = export_bench(first, last, admin)
    print(f"\nCSV export of every fee record ({first} .. {last}) through export_run:")
    print(f"{'rows':>12}{'rows/s':>12}{'peak traced':>14}{'max RSS':>10}")
    print(f"{rows_out:>12,}{rate:>12,.0f}{peak:>12.1f}MB{rss:>8.0f}MB")
    print("target: >= 50,000 rows/s, memory < 200 MB")


if __name__ == "__main__":
    main()
