"""The ledger's tables take the ledger's names (``ledger_account``, ``ledger_leg``, ...), and the
balanced-entry trigger moves into the ledger's own migrations.

The tables came from cashier (0001) and rake (0002) with their old names (ledger 0001). Here, in
this order:

1. the append-only triggers (django-pgtrigger) are dropped from the tables under their old names;
2. each table is renamed (``ALTER TABLE ... RENAME``: the rows, indexes, constraints, sequences
   and foreign keys pointing at it stay as they are; only the table's name changes);
3. the append-only triggers are installed again on the new names (the same trigger names, a
   table name in the hash pgtrigger keeps with each);
4. the balanced-entry constraint trigger of cashier 0002 and 0004 is dropped with its function,
   whose body named ``cashier_leg`` and ``cashier_journalentry``, and defined here again on the
   new tables, as ``ledger_entry_balanced``.

The guards are never off. On PostgreSQL DDL is transactional and this migration is atomic (one
transaction, Django's default for a migration on PostgreSQL): every other session sees the tables
either as they were, with the old triggers, or as they are after COMMIT, with the new ones, never
in between. ``ALTER TABLE ... RENAME`` takes an ACCESS EXCLUSIVE lock on each table, held until
that COMMIT, so no session can write a leg, an entry or a balance while the triggers are being
replaced; a writer waits, then finds the new names and the new triggers. The function is
replaced in the same transaction as the rename because a function left naming ``cashier_leg``
would fail every COMMIT that wrote a leg. SQLite has none of these triggers (the posting service
checks balance there) and only renames its tables.

Code that runs on an old process after this migration names tables that no longer exist: restart
the web processes and workers after ``migrate`` (docs/production.md), as every deploy does.
"""

import pgtrigger.compiler
import pgtrigger.migrations
from django.db import migrations

from config.db import on_postgresql

# The ledger's balanced-entry check (cashier 0002, with 0004's skip of a leg whose entry this
# transaction wrote). At COMMIT an entry must have at least two legs, netting to zero per
# (currency, denomination); cash legs have no denomination. Each trigger passes what it fires on
# as its argument, so the check does not depend on the table names it is installed on: the
# function of cashier 0002 told a leg from an entry by TG_TABLE_NAME, which a rename silently
# turns into checking a leg's id as if it were an entry's.
BALANCED = r"""
CREATE FUNCTION ledger_entry_balanced() RETURNS trigger AS $$
DECLARE
    eid bigint;
    legs integer;
    bad record;
BEGIN
    IF TG_ARGV[0] = 'leg' THEN
        eid := NEW.entry_id;
        -- An entry written by this top-level transaction is checked by its own trigger at the same
        -- COMMIT, once every leg is in (cashier 0004): the leg need not check it again.
        IF EXISTS (SELECT FROM ledger_journalentry WHERE id = eid AND xmin = pg_current_xact_id()::xid) THEN
            RETURN NULL;
        END IF;
    ELSE
        eid := NEW.id;
    END IF;
    SELECT count(*) INTO legs FROM ledger_leg WHERE entry_id = eid;
    IF legs < 2 THEN
        RAISE EXCEPTION 'cardroom: journal entry % has % leg(s); an entry needs at least two', eid, legs
            USING ERRCODE = '23514';
    END IF;
    SELECT currency, denomination_id, sum(amount) AS total INTO bad
        FROM ledger_leg WHERE entry_id = eid
        GROUP BY currency, denomination_id HAVING sum(amount) <> 0 LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'cardroom: journal entry % does not balance: % % nets to %',
            eid, bad.currency, coalesce('denomination ' || bad.denomination_id::text, 'cash'), bad.total
            USING ERRCODE = '23514';
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE CONSTRAINT TRIGGER ledger_entry_balanced
    AFTER INSERT ON ledger_journalentry DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION ledger_entry_balanced('entry');
CREATE CONSTRAINT TRIGGER ledger_leg_balanced
    AFTER INSERT ON ledger_leg DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION ledger_entry_balanced('leg');
"""

# Cashier's triggers followed their tables' rename; their function is replaced by the one above.
CASHIER_DROPPED = """
DROP TRIGGER cashier_leg_balanced ON ledger_leg;
DROP TRIGGER cashier_entry_balanced ON ledger_journalentry;
DROP FUNCTION cashier_entry_balanced();
"""

LEDGER_DROPPED = """
DROP TRIGGER ledger_leg_balanced ON ledger_leg;
DROP TRIGGER ledger_entry_balanced ON ledger_journalentry;
DROP FUNCTION ledger_entry_balanced();
"""

# Backwards: cashier 0004's function and cashier 0002's triggers, on the tables before the
# renames above are undone (the triggers follow them back to the old names).
CASHIER_RESTORED = r"""
CREATE FUNCTION cashier_entry_balanced() RETURNS trigger AS $$
DECLARE
    eid bigint;
    legs integer;
    bad record;
BEGIN
    IF TG_TABLE_NAME = 'cashier_leg' THEN
        eid := NEW.entry_id;
        IF EXISTS (SELECT FROM cashier_journalentry WHERE id = eid AND xmin = pg_current_xact_id()::xid) THEN
            RETURN NULL;
        END IF;
    ELSE
        eid := NEW.id;
    END IF;
    SELECT count(*) INTO legs FROM cashier_leg WHERE entry_id = eid;
    IF legs < 2 THEN
        RAISE EXCEPTION 'cardroom: journal entry % has % leg(s); an entry needs at least two', eid, legs
            USING ERRCODE = '23514';
    END IF;
    SELECT currency, denomination_id, sum(amount) AS total INTO bad
        FROM cashier_leg WHERE entry_id = eid
        GROUP BY currency, denomination_id HAVING sum(amount) <> 0 LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'cardroom: journal entry % does not balance: % % nets to %',
            eid, bad.currency, coalesce('denomination ' || bad.denomination_id::text, 'cash'), bad.total
            USING ERRCODE = '23514';
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE CONSTRAINT TRIGGER cashier_entry_balanced
    AFTER INSERT ON ledger_journalentry DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION cashier_entry_balanced();
CREATE CONSTRAINT TRIGGER cashier_leg_balanced
    AFTER INSERT ON ledger_leg DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION cashier_entry_balanced();
"""


def balanced_entry_trigger_moved(apps, schema_editor):
    if on_postgresql(schema_editor.connection):
        schema_editor.execute(CASHIER_DROPPED + BALANCED, params=None)


def balanced_entry_trigger_moved_back(apps, schema_editor):
    if on_postgresql(schema_editor.connection):
        schema_editor.execute(LEDGER_DROPPED + CASHIER_RESTORED, params=None)


class Migration(migrations.Migration):
    # Atomic, as every migration is by default: the point of this one (see above).
    atomic = True

    dependencies = [
        ('ledger', '0002_gaming_day_close_summary_digest'),
        # The balanced-entry trigger replaced here is cashier's latest.
        ('cashier', '0004_balanced_check_once_per_entry'),
        # Both apps' moves of these models to the ledger have dropped their old triggers.
        ('cashier', '0007_ledger_models_moved'),
        ('rake', '0006_ledger_models_moved'),
    ]

    operations = [
        # 1. The append-only triggers off the old names.
        pgtrigger.migrations.RemoveTrigger(
            model_name='denomination',
            name='denomination_value_fixed',
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name='denomination',
            name='denomination_no_delete',
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name='gamingdayclose',
            name='dayclose_no_update',
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name='gamingdayclose',
            name='dayclose_no_delete',
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name='gamingdayclose',
            name='dayclose_no_truncate',
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name='journalentry',
            name='journalentry_no_update',
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name='journalentry',
            name='journalentry_no_delete',
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name='journalentry',
            name='journalentry_no_truncate',
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name='leg',
            name='leg_no_update',
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name='leg',
            name='leg_no_delete',
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name='leg',
            name='leg_no_truncate',
        ),
        # 2. The tables renamed to the ledger's names (the models' default db_table).
        migrations.AlterModelTable(
            name='account',
            table=None,
        ),
        migrations.AlterModelTable(
            name='balance',
            table=None,
        ),
        migrations.AlterModelTable(
            name='denomination',
            table=None,
        ),
        migrations.AlterModelTable(
            name='gamingdayclose',
            table=None,
        ),
        migrations.AlterModelTable(
            name='journalentry',
            table=None,
        ),
        migrations.AlterModelTable(
            name='leg',
            table=None,
        ),
        # 3. The append-only triggers on the new names.
        pgtrigger.migrations.AddTrigger(
            model_name='denomination',
            trigger=pgtrigger.compiler.Trigger(name='denomination_value_fixed', sql=pgtrigger.compiler.UpsertTriggerSql(condition='WHEN (OLD."value" IS DISTINCT FROM (NEW."value"))', func="RAISE EXCEPTION 'pgtrigger: Cannot update rows from % table', TG_TABLE_NAME;", hash='ff595dc4f997f7c860c04cb0a637b6827427a37a', operation='UPDATE', pgid='pgtrigger_denomination_value_fixed_193d3', table='ledger_denomination', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='denomination',
            trigger=pgtrigger.compiler.Trigger(name='denomination_no_delete', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot delete rows from % table', TG_TABLE_NAME;", hash='dc60999c110cee25a91ff959961504c28225152b', operation='DELETE', pgid='pgtrigger_denomination_no_delete_a831a', table='ledger_denomination', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='gamingdayclose',
            trigger=pgtrigger.compiler.Trigger(name='dayclose_no_update', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot update rows from % table', TG_TABLE_NAME;", hash='a218c1cc9a978a63da2d9aa432771251b9f3c08e', operation='UPDATE', pgid='pgtrigger_dayclose_no_update_e9fd4', table='ledger_gamingdayclose', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='gamingdayclose',
            trigger=pgtrigger.compiler.Trigger(name='dayclose_no_delete', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot delete rows from % table', TG_TABLE_NAME;", hash='6695ba9a81fc80c0bd4c78763fa7a4a67849ebd1', operation='DELETE', pgid='pgtrigger_dayclose_no_delete_5fe7f', table='ledger_gamingdayclose', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='gamingdayclose',
            trigger=pgtrigger.compiler.Trigger(name='dayclose_no_truncate', sql=pgtrigger.compiler.UpsertTriggerSql(func="\n            IF coalesce(current_setting('cardroom.allow_truncate', true), '') <> 'on' THEN\n                RAISE EXCEPTION 'cardroom: % is append-only; TRUNCATE refused', TG_TABLE_NAME;\n            END IF;\n            RETURN NULL;\n        ", hash='d6927b9fa99019a2c70664feb934b073dc495d69', level='STATEMENT', operation='TRUNCATE', pgid='pgtrigger_dayclose_no_truncate_1bd0c', table='ledger_gamingdayclose', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='journalentry',
            trigger=pgtrigger.compiler.Trigger(name='journalentry_no_update', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot update rows from % table', TG_TABLE_NAME;", hash='cccd01c8376d0b22223b959149314cc7aacae1ca', operation='UPDATE', pgid='pgtrigger_journalentry_no_update_be9fd', table='ledger_journalentry', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='journalentry',
            trigger=pgtrigger.compiler.Trigger(name='journalentry_no_delete', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot delete rows from % table', TG_TABLE_NAME;", hash='f3de7f7f4ee77ccdb1169f5f0e87e988fa1b5453', operation='DELETE', pgid='pgtrigger_journalentry_no_delete_a637e', table='ledger_journalentry', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='journalentry',
            trigger=pgtrigger.compiler.Trigger(name='journalentry_no_truncate', sql=pgtrigger.compiler.UpsertTriggerSql(func="\n            IF coalesce(current_setting('cardroom.allow_truncate', true), '') <> 'on' THEN\n                RAISE EXCEPTION 'cardroom: % is append-only; TRUNCATE refused', TG_TABLE_NAME;\n            END IF;\n            RETURN NULL;\n        ", hash='1083030e63a3b17455eb16dd5fd8c85d6d901f3e', level='STATEMENT', operation='TRUNCATE', pgid='pgtrigger_journalentry_no_truncate_97b6a', table='ledger_journalentry', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='leg',
            trigger=pgtrigger.compiler.Trigger(name='leg_no_update', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot update rows from % table', TG_TABLE_NAME;", hash='36bf7a2e42a6b2fa5838e02edecb63148715710f', operation='UPDATE', pgid='pgtrigger_leg_no_update_75a7e', table='ledger_leg', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='leg',
            trigger=pgtrigger.compiler.Trigger(name='leg_no_delete', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot delete rows from % table', TG_TABLE_NAME;", hash='30d594a058c0efdb42934070d81b044566bf24db', operation='DELETE', pgid='pgtrigger_leg_no_delete_23af3', table='ledger_leg', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='leg',
            trigger=pgtrigger.compiler.Trigger(name='leg_no_truncate', sql=pgtrigger.compiler.UpsertTriggerSql(func="\n            IF coalesce(current_setting('cardroom.allow_truncate', true), '') <> 'on' THEN\n                RAISE EXCEPTION 'cardroom: % is append-only; TRUNCATE refused', TG_TABLE_NAME;\n            END IF;\n            RETURN NULL;\n        ", hash='d8034a957f11c8e504edc93f5792d11d0b6b58ae', level='STATEMENT', operation='TRUNCATE', pgid='pgtrigger_leg_no_truncate_10f8e', table='ledger_leg', when='BEFORE')),
        ),
        # 4. The balanced-entry trigger, the ledger's own from here on.
        migrations.RunPython(balanced_entry_trigger_moved, balanced_entry_trigger_moved_back, elidable=False),
    ]
