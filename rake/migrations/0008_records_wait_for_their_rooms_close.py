"""A record dated in a room's gaming day waits, as it is written, for a close of that room that is under
way (and a close for the records of the room being written): a transaction-level advisory lock per room,
taken by a trigger of each kind of record (``config.triggers.waits_for_the_close``). It replaces the close's
table locks, which held back every room."""

import pgtrigger.compiler
import pgtrigger.migrations
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('rake', '0007_export_language'),
    ]

    operations = [
        pgtrigger.migrations.AddTrigger(
            model_name='dropcount',
            trigger=pgtrigger.compiler.Trigger(name='dropcount_waits_for_the_close', sql=pgtrigger.compiler.UpsertTriggerSql(func='PERFORM pg_advisory_xact_lock_shared(1684109683, (SELECT "room_id" FROM "tables_table" WHERE "id" = NEW."table_id")::integer); RETURN NEW;', hash='25c9f6905d8435e801d4ef2eecaf7a2c57a3ab95', operation='INSERT OR UPDATE', pgid='pgtrigger_dropcount_waits_for_the_close_7f2b2', table='rake_dropcount', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='feecharge',
            trigger=pgtrigger.compiler.Trigger(name='feecharge_waits_for_the_close', sql=pgtrigger.compiler.UpsertTriggerSql(func='PERFORM pg_advisory_xact_lock_shared(1684109683, (SELECT "room_id" FROM "tables_table" WHERE "id" = NEW."table_id")::integer); RETURN NEW;', hash='56b1093ed822ddbd6b1568ed7b54521db063fa04', operation='INSERT', pgid='pgtrigger_feecharge_waits_for_the_close_d0891', table='rake_feecharge', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='pendingfee',
            trigger=pgtrigger.compiler.Trigger(name='pendingfee_waits_for_the_close', sql=pgtrigger.compiler.UpsertTriggerSql(func='PERFORM pg_advisory_xact_lock_shared(1684109683, (SELECT "room_id" FROM "tables_table" WHERE "id" = NEW."table_id")::integer); RETURN NEW;', hash='1811bfbaddd3c49a34e92da22bad7223878ea1f4', operation='INSERT', pgid='pgtrigger_pendingfee_waits_for_the_close_3bf6a', table='rake_pendingfee', when='BEFORE')),
        ),
    ]
