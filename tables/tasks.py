"""Celery tasks of the floor (run by beat, see CELERY_BEAT_SCHEDULE): thin calls into services."""

from __future__ import annotations

from celery import shared_task

from tables import services


@shared_task(name="tables.tasks.waitlist_expire_calls")
def waitlist_expire_calls() -> dict[str, int]:
    """Unanswered calls are noted as missed and requeue the player (to the end, or once at their place) or
    drop them off the list; call-ins past their deadline leave it."""
    return services.waitlist_expire_calls()


@shared_task(name="tables.tasks.dealer_rotation_check")
def dealer_rotation_check() -> dict[str, int]:
    """Flag dealers whose push is overdue or who passed the room's maximum at one table."""
    return services.dealer_rotation_check()


@shared_task(name="tables.tasks.expulsions_expire")
def expulsions_expire() -> int:
    """Record expulsions that ran out (they already stopped applying at ``until``)."""
    return services.expulsions_expire()
