"""Celery tasks of the cashier app: take ids, call a service."""

from __future__ import annotations

import logging

from celery import shared_task

log = logging.getLogger("cardroom.cashier")


@shared_task(name="cashier.tasks.large_cash_check", acks_late=True)
def large_cash_check(transaction_id: int) -> bool:
    """Log for compliance when a player's cash for the gaming day passes the threshold; idempotent."""
    from cashier.selectors.compliance import large_cash_crossed

    crossed = large_cash_crossed(transaction_id=transaction_id)
    if crossed is not None:
        log.warning("large cash: %s", crossed)
    return crossed is not None


@shared_task(name="cashier.tasks.tray_difference_report", acks_late=True)
def tray_difference_report(count_id: int) -> str:
    """Report a tray count that differs from the ledger at once (log, read by the floor's alerting)."""
    from cashier.models import TrayCount

    count = TrayCount.objects.select_related("table").get(pk=count_id)
    message = (
        f"tray {count.get_kind_display()} table {count.table.number}: counted {count.total}, "
        f"expected {count.expected}, difference {count.difference:+d}"
    )
    log.warning(message)
    return message
