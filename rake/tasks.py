"""Celery tasks of the rake app: take ids, call a service.

``time_charges_create``, ``fee_signs_refresh`` and ``report_exports_requeue`` run by
beat (see CELERY_BEAT_SCHEDULE); ``report_export_run`` is queued through the outbox by
``rake.services.exports.export_create``.
"""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from rake import services
from tables.services.common import system_actor

# A scheduled fee change reaches the signs on the next run; a day's window
# covers a beat that was down for a while (refreshing an unchanged sign is a no-op).
SIGN_WINDOW = timedelta(days=1)


@shared_task(name="rake.tasks.time_charges_create")
def time_charges_create() -> int:
    """Create the hourly time charges that fell due for every seated player (idempotent)."""
    return services.time_charges_create(actor=system_actor())


@shared_task(name="rake.tasks.fee_signs_refresh")
def fee_signs_refresh() -> int:
    """Re-derive the signs of tables whose scheduled fee version has taken effect."""
    return services.fee_signs_refresh(actor=system_actor(), since=timezone.now() - SIGN_WINDOW)


# Acknowledged only when done, and given back to the queue if the worker dies:
# a killed export runs again from scratch (rake.services.exports).
@shared_task(name="rake.tasks.report_export_run", acks_late=True, reject_on_worker_lost=True)
def report_export_run(export_id: int) -> str:
    """Write an accountant's export and record its completion (exactly once)."""
    from rake.services.exports import export_run

    completion = export_run(export_id=export_id)
    return completion.file if completion is not None else ""


@shared_task(name="rake.tasks.report_exports_requeue")
def report_exports_requeue() -> list[int]:
    """Re-queue exports whose worker is gone or that no worker picked up; returns [re-queued, failed]."""
    from rake.services.exports import exports_requeue

    return list(exports_requeue())
