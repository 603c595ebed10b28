"""PostgreSQL: check a new journal entry's balance once at COMMIT, not once per leg.

Migration 0002's constraint trigger fires for the entry and for each of its
legs, and each firing reads all the legs: five checks of the same entry for a
four-leg sale, a fifth of the server's work per sale. A leg now skips the check
when its entry was written by the same top-level transaction (its ``xmin``):
that entry's own trigger fires at the same COMMIT, after every leg is in, and
checks them all. A leg added to an entry of an earlier transaction, or to one
written inside a savepoint, is still checked on its own.
"""

from django.db import migrations

from config.db import on_postgresql

# The function of migration 0002 with ``{skip}`` where a leg may return early.
TEMPLATE = r"""
CREATE OR REPLACE FUNCTION cashier_entry_balanced() RETURNS trigger AS $$
DECLARE
    eid bigint;
    legs integer;
    bad record;
BEGIN
    IF TG_TABLE_NAME = 'cashier_leg' THEN
        eid := NEW.entry_id;{skip}
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
"""

SKIP = """
        IF EXISTS (SELECT FROM cashier_journalentry WHERE id = eid AND xmin = pg_current_xact_id()::xid) THEN
            RETURN NULL;
        END IF;"""

FUNCTION = TEMPLATE.replace("{skip}", SKIP)
PREVIOUS = TEMPLATE.replace("{skip}", "")


def forwards(apps, schema_editor):
    if on_postgresql(schema_editor.connection):
        schema_editor.execute(FUNCTION, params=None)


def backwards(apps, schema_editor):
    if on_postgresql(schema_editor.connection):
        schema_editor.execute(PREVIOUS, params=None)


class Migration(migrations.Migration):
    dependencies = [("cashier", "0003_truncate_refused_unless_allowed")]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
