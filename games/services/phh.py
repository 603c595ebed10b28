"""PHH (the Poker Hand History standard) out of and into the hand record, through the engine's PHH module.

Export: one hand as a ``.phh`` text, or a filtered set as a ``.phhs`` file
written by a Celery task under ``MEDIA_ROOT/exports`` with its progress on a
``PhhExport`` row. Import: every hand of a ``.phh``/``.phhs`` file replayed
by the engine; the good ones join the table's history as completed hands,
each bad one is reported with its number and the engine's error.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import DomainError
from config.gaming_day import gaming_day_of
from config.models import JobStatus
from config.services.jobs import LeaseLost, job_claim, job_fail, job_heartbeat, job_retry, jobs_requeue, pickup_end
from config.services.outbox import send_on_commit
from games.engine.phh import effective_events, export_hand, player_order
from games.engine.phh_import import ReplayResult, replay_text, split_hands
from games.models import Hand as HandRow
from games.models import HandEvent, HandSeat, HandStatus, PhhExport
from games.models.setup import engine_game, setup_to_dict
from games.selectors.access import check_may_amend
from games.selectors.hands import HandFilters, hands_list, phh_export_get_for
from games.services.common import next_number
from games.services.completion import status_change, store_result
from games.services.state import engine_state
from tables.selectors import sign_in_force
from tables.selectors.tables import check_table_in_users_rooms
from tables.services.common import lock_table

EXPORT_DIR = "exports"
PROGRESS_EVERY = 50
# games.tasks.phh_export_run_task, sent by its name: the tasks module sits above the services.
EXPORT_TASK = "games.tasks.phh_export_run_task"


def hand_phh(hand: HandRow) -> str:
    """One hand as the text of a ``.phh`` file (amounts in the currency's major units)."""
    state = engine_state(hand)
    names = {s.seat_number: s.player.full_name for s in HandSeat.objects.filter(hand=hand).select_related("player")
             if s.player is not None}  # fmt: skip
    order = player_order(state.setup)
    players = [names.get(seat, f"Seat {seat}") for seat in order]
    number = f"{hand.gaming_day:%Y%m%d}-{hand.number}" + (f"r{hand.revision}" if hand.revision > 1 else "")
    replay_of = str(hand.replay_of_id) if hand.replay_of_id else None
    # The hand's room's minor digits: an export may hold the hands of rooms of other currencies.
    return export_hand(
        state,
        exponent=hand.table.room.currency_exponent,
        table=hand.table.number,
        number=number,
        players=players,
        replay_of=replay_of,
    )


def export_path(export: PhhExport) -> Path:
    return Path(settings.MEDIA_ROOT) / EXPORT_DIR / f"hands-{export.pk}.phhs"


def phh_export_create(*, actor: User, filters: HandFilters) -> PhhExport:
    """Queue the export of every hand matching ``filters``; the task starts once this commits."""
    with transaction.atomic():
        export = PhhExport.objects.create(
            filters=filters.as_dict(), deadline=pickup_end(), created_at=timezone.now(), created_by=actor
        )
        send_on_commit(EXPORT_TASK, export.pk)
    return export


def phh_export_run(*, export_id: int) -> PhhExport:
    """Write the export's file from scratch under a lease (``config.services.jobs``), updating progress.

    Each attempt writes its own partial file and renames it into place whole, so a redelivered or
    re-queued attempt never mixes with another's; a delivery with nothing to do returns the row as it is.
    """
    attempt = job_claim(PhhExport, export_id, done=0)
    export = PhhExport.objects.select_related("created_by").get(pk=export_id)
    if attempt is None:
        return export
    hands = hands_list(user=export.created_by, filters=HandFilters.from_dict(export.filters)).order_by("pk")
    job_heartbeat(PhhExport, export.pk, attempt, total=hands.count())
    path = export_path(export)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(f".{attempt}.part")
    try:
        with partial.open("w", encoding="utf-8") as out:
            k = 0
            for k, hand in enumerate(hands.select_related("table__room").iterator(chunk_size=200), start=1):
                out.write(f"[{k}]\n{hand_phh(hand)}\n")
                if k % PROGRESS_EVERY == 0:
                    job_heartbeat(PhhExport, export.pk, attempt, done=k)
        partial.replace(path)
    except LeaseLost:
        partial.unlink(missing_ok=True)
        return PhhExport.objects.get(pk=export_id)
    except Exception as error:
        partial.unlink(missing_ok=True)
        job_fail(PhhExport, export.pk, attempt, str(error))
        raise
    PhhExport.objects.filter(pk=export.pk).exclude(status=JobStatus.DONE).update(
        status=JobStatus.DONE,
        done=k,
        total=k,
        finished_at=timezone.now(),
        file=f"{EXPORT_DIR}/{path.name}",
        deadline=None,
        error="",
    )
    return PhhExport.objects.get(pk=export_id)


def phh_export_retry(*, actor: User, export_id: int) -> PhhExport:
    """Start a failed PHH export again (the page's "Try again"), one ``actor`` may read; the views check the
    role."""
    phh_export_get_for(user=actor, export_id=export_id)
    if not job_retry(PhhExport, export_id, lambda pk: send_on_commit(EXPORT_TASK, pk)):
        raise DomainError(_("Only a failed export can be tried again."), code="export_not_failed", status=409)
    return PhhExport.objects.get(pk=export_id)


def phh_exports_requeue() -> tuple[int, int]:
    """Re-queue PHH exports whose worker went silent or that no worker picked up; fail those tried too often."""
    return jobs_requeue(PhhExport, lambda pk: send_on_commit(EXPORT_TASK, pk))


@dataclass(frozen=True)
class ImportedHand:
    number: int
    name: str
    hand_id: int | None = None
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def _import_one(actor: User, table_id: int, result: ReplayResult, digest: str) -> int:
    """Store one replayed hand as a completed hand of the table's history; returns its id."""
    state = result.hand
    assert state is not None
    at = timezone.now()
    table = lock_table(table_id)
    day = gaming_day_of(at, room=table.room)
    game = table.game
    assert game is not None
    hand = HandRow.objects.create(
        table=table,
        game=game,
        gaming_day=day,
        number=next_number(table.pk, day),
        sign_version=sign_in_force(table_id=table.pk, at=at),
        setup=setup_to_dict(state.setup),
        button=state.setup.button,
        small_blind_seat=state.seats[state.small_blind_index] if state.small_blind_index >= 0 else None,
        big_blind_seat=state.seats[state.big_blind_index] if state.big_blind_index >= 0 else None,
        client_hand_id=f"phh:{digest}",
        status=HandStatus.COMPLETE if not (state.result and state.result.misdeal) else HandStatus.MISDEAL,
        seq=state.seq,
        created_at=at,
        created_by=actor,
    )
    HandSeat.objects.bulk_create(
        HandSeat(hand=hand, seat_number=seat, start_stack=state.setup.stacks[seat]) for seat in state.seats
    )
    HandEvent.objects.bulk_create(
        HandEvent(hand=hand, seq=k, client_event_id=f"phh:{k}", kind=e.type, data=e.to_dict(), created_at=at,
                  created_by=actor)
        for k, e in enumerate(effective_events(state.log))
    )  # fmt: skip
    store_result(hand=hand, state=state, now=at)
    hand.save(update_fields=["pot", "fee", "ended_at"])
    status_change(actor=actor, hand=hand, to=hand.status, reason="imported from PHH", now=at)
    return hand.pk


def phh_import(*, actor: User, table_id: int, text: str) -> list[ImportedHand]:
    """Replay every hand of a PHH text and add the good ones to the table's history, each in its own transaction."""
    check_may_amend(actor)
    check_table_in_users_rooms(actor, table_id=table_id)
    with transaction.atomic():
        table = lock_table(table_id)
    if table.game is None:
        raise DomainError(
            _("Table %(number)s has no game: hands cannot be imported into it.") % {"number": table.number},
            code="table_needs_game",
        )
    kind = engine_game(table.game)
    bodies = split_hands(text)
    results = replay_text(text, exponent=table.room.currency_exponent)
    report: list[ImportedHand] = []
    for (_number, body), result in zip(bodies, results, strict=True):
        error = result.error or ("; ".join(result.warnings) if result.warnings else None)
        state = result.hand
        if error is None and state is not None:
            if state.setup.game is not kind:
                error = _("a %(hand_game)s hand cannot join the history of a %(table_game)s table") % {
                    "hand_game": state.setup.game,
                    "table_game": kind,
                }
            elif max(state.setup.stacks) > table.seats:
                error = _("the hand uses seat %(seat)s; table %(number)s has %(seats)s") % {
                    "seat": max(state.setup.stacks),
                    "number": table.number,
                    "seats": table.seats,
                }
        normal = "\n".join(line.strip() for line in body.splitlines() if line.strip())
        digest = hashlib.sha256(normal.encode()).hexdigest()[:40]
        if error is None and HandRow.objects.filter(table=table, client_hand_id=f"phh:{digest}").exists():
            error = _("this hand was imported into this table before")
        if error is not None:
            report.append(ImportedHand(result.number, result.name, error=error))
            continue
        with transaction.atomic():
            hand_id = _import_one(actor, table.pk, result, digest)
        report.append(ImportedHand(result.number, result.name, hand_id=hand_id))
    return report
