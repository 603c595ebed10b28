"""Celery tasks of the games app: take ids, call a service."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="games.tasks.phh_export_run_task", acks_late=True, reject_on_worker_lost=True)
def phh_export_run_task(export_id: int) -> str:
    from games.services.phh import phh_export_run

    export = phh_export_run(export_id=export_id)
    return export.file


@shared_task(name="games.tasks.phh_exports_requeue")
def phh_exports_requeue() -> list[int]:
    """Re-queue PHH exports whose worker is gone or that no worker picked up; returns [re-queued, failed]."""
    from games.services.phh import phh_exports_requeue

    return list(phh_exports_requeue())


@shared_task(name="games.tasks.hand_fees_sweep")
def hand_fees_sweep() -> int:
    """Post the hand fees the recorder could not post at completion (idempotent per hand)."""
    from games.services.hand_fees import hand_fees_sweep as sweep
    from tables.services.common import system_actor

    return len(sweep(actor=system_actor()))
