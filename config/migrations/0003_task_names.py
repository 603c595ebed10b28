"""Every task is named ``<app>.tasks.<function>`` (Celery's own default, written out): rename the waiting
outbox rows of the tasks that had other names, so that the relay publishes them under their names now.
Sent rows keep the name they were sent under."""

from typing import Any

from django.db import migrations

RENAMED = {
    "config.outbox_relay": "config.tasks.outbox_relay_task",
    "config.ping": "config.tasks.ping",
    "games.phh_export": "games.tasks.phh_export_run_task",
    "games.phh_exports_requeue": "games.tasks.phh_exports_requeue",
    "rake.tasks.hand_fees_sweep": "games.tasks.hand_fees_sweep",
    "cashier.large_cash_check": "cashier.tasks.large_cash_check",
    "cashier.tray_difference_report": "cashier.tasks.tray_difference_report",
}


def _rename(apps: Any, names: dict[str, str]) -> None:
    waiting = apps.get_model("config", "OutboxMessage").objects.filter(sent_at__isnull=True)
    for old, new in names.items():
        waiting.filter(task=old).update(task=new)


def forwards(apps: Any, schema_editor: Any) -> None:
    _rename(apps, RENAMED)


def backwards(apps: Any, schema_editor: Any) -> None:
    _rename(apps, {new: old for old, new in RENAMED.items()})


class Migration(migrations.Migration):
    dependencies = [("config", "0002_outbox_and_job_leases")]

    operations = [migrations.RunPython(forwards, backwards)]
