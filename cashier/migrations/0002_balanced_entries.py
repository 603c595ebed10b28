"""PostgreSQL: refuse an unbalanced journal entry at COMMIT.

A DEFERRABLE INITIALLY DEFERRED constraint trigger on entries and on legs
checks, when the transaction commits, that the entry has at least two legs and
that its legs net to zero per (currency, denomination); cash legs have no
denomination. SQLite has no such triggers: there cashier.services.ledger
checks the same before inserting.
"""

from django.db import migrations

from config.db import on_postgresql

FUNCTION = r"""
CREATE OR REPLACE FUNCTION cashier_entry_balanced() RETURNS trigger AS $$
DECLARE
    eid bigint;
    legs integer;
    bad record;
BEGIN
    IF TG_TABLE_NAME = 'cashier_leg' THEN
        eid := NEW.entry_id;
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
    AFTER INSERT ON cashier_journalentry DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION cashier_entry_balanced();
CREATE CONSTRAINT TRIGGER cashier_leg_balanced
    AFTER INSERT ON cashier_leg DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION cashier_entry_balanced();
"""

REVERSE = """
DROP TRIGGER IF EXISTS cashier_leg_balanced ON cashier_leg;
DROP TRIGGER IF EXISTS cashier_entry_balanced ON cashier_journalentry;
DROP FUNCTION IF EXISTS cashier_entry_balanced();
"""


def forwards(apps, schema_editor):
    if on_postgresql(schema_editor.connection):
        schema_editor.execute(FUNCTION, params=None)


def backwards(apps, schema_editor):
    if on_postgresql(schema_editor.connection):
        schema_editor.execute(REVERSE, params=None)


class Migration(migrations.Migration):
    dependencies = [("cashier", "0001_ledger")]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
