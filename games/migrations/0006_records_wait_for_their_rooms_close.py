"""A record dated in a room's gaming day waits, as it is written, for a close of that room that is under
way (and a close for the records of the room being written): a transaction-level advisory lock per room,
taken by a trigger of each kind of record (``config.triggers.waits_for_the_close``). It replaces the close's
table locks, which held back every room."""

import pgtrigger.compiler
import pgtrigger.migrations
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0005_outbox_and_job_leases'),
    ]

    operations = [
        pgtrigger.migrations.AddTrigger(
            model_name='hand',
            trigger=pgtrigger.compiler.Trigger(name='hand_waits_for_the_close', sql=pgtrigger.compiler.UpsertTriggerSql(func='PERFORM pg_advisory_xact_lock_shared(1684109683, (SELECT "room_id" FROM "tables_table" WHERE "id" = NEW."table_id")::integer); RETURN NEW;', hash='dcd9909f6ec9def407b3ea68eac840c88bfe28ed', operation='INSERT OR UPDATE OF "status"', pgid='pgtrigger_hand_waits_for_the_close_46771', table='games_hand', when='BEFORE')),
        ),
    ]
