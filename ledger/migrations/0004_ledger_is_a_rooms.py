"""The ledger is a room's: its places (accounts), chips, journal entries and gaming-day closes. An
installation from before rooms has one ledger, its first room's (``rooms/migrations/0002_first_room.py``):
every row goes there, where it was, and the uniqueness of the singleton places, of a chip's value and of
a day's close becomes per room.

The columns are added with the first room as their default, dropped at once: PostgreSQL writes no row
and fires no trigger for that (the journal and the closes are append-only). From then on an entry in a
closed gaming day of its room is refused by a trigger too, which holds the room's day lock while it looks
(``config.triggers.waits_for_the_close``, ``ledger.models.entries``).
"""

import django.db.models.deletion
import pgtrigger.compiler
import pgtrigger.migrations
from django.conf import settings
from django.db import connection, migrations, models


def first_room_id():
    """The first room's id, as the default of the rows there are when the column is added."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT min(id) FROM rooms_room")
        (room_id,) = cursor.fetchone()
    return room_id


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0003_tables_named_for_the_ledger"),
        ("rooms", "0002_first_room"),
        ("tables", "0010_players_and_expulsions_belong_to_rooms"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        pgtrigger.migrations.RemoveTrigger(
            model_name="denomination",
            name="denomination_value_fixed",
        ),
        migrations.RemoveConstraint(
            model_name="account",
            name="cashier_account_singleton",
        ),
        migrations.AddField(
            model_name="account",
            name="room",
            field=models.ForeignKey(
                default=first_room_id,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="accounts",
                to="rooms.room",
                verbose_name="room",
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="denomination",
            name="room",
            field=models.ForeignKey(
                default=first_room_id,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="chips",
                to="rooms.room",
                verbose_name="room",
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="gamingdayclose",
            name="room",
            field=models.ForeignKey(
                default=first_room_id,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="rooms.room",
                verbose_name="room",
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="journalentry",
            name="room",
            field=models.ForeignKey(
                default=first_room_id,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="rooms.room",
                verbose_name="room",
            ),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name="denomination",
            name="value",
            field=models.BigIntegerField(verbose_name="value"),
        ),
        migrations.AlterField(
            model_name="gamingdayclose",
            name="gaming_day",
            field=models.DateField(verbose_name="gaming day"),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name="account",
            trigger=pgtrigger.compiler.Trigger(
                name="account_room_fixed",
                sql=pgtrigger.compiler.UpsertTriggerSql(
                    condition='WHEN (OLD."room_id" IS DISTINCT FROM (NEW."room_id"))',
                    func="RAISE EXCEPTION 'pgtrigger: Cannot update rows from % table', TG_TABLE_NAME;",
                    hash="22eb5e050048cfbc6a551c6a5bfd916b3a889d49",
                    operation="UPDATE",
                    pgid="pgtrigger_account_room_fixed_7b7c8",
                    table="ledger_account",
                    when="BEFORE",
                ),
            ),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name="denomination",
            trigger=pgtrigger.compiler.Trigger(
                name="denomination_value_fixed",
                sql=pgtrigger.compiler.UpsertTriggerSql(
                    condition='WHEN (OLD."room_id" IS DISTINCT FROM (NEW."room_id") OR OLD."value" IS DISTINCT FROM (NEW."value"))',
                    func="RAISE EXCEPTION 'pgtrigger: Cannot update rows from % table', TG_TABLE_NAME;",
                    hash="9a636c5bde9f626ed6f9ff23c50e32f134baf33c",
                    operation="UPDATE",
                    pgid="pgtrigger_denomination_value_fixed_193d3",
                    table="ledger_denomination",
                    when="BEFORE",
                ),
            ),
        ),
        migrations.AddConstraint(
            model_name="account",
            constraint=models.UniqueConstraint(
                condition=models.Q(
                    (
                        "kind__in",
                        [
                            "card_clearing",
                            "cash_external",
                            "chip_issue",
                            "outstanding",
                            "over_short",
                            "transit",
                            "vault",
                        ],
                    )
                ),
                fields=("room", "kind"),
                name="ledger_account_singleton_per_room",
            ),
        ),
        migrations.AddConstraint(
            model_name="denomination",
            constraint=models.UniqueConstraint(fields=("room", "value"), name="ledger_denomination_value_per_room"),
        ),
        migrations.AddConstraint(
            model_name="gamingdayclose",
            constraint=models.UniqueConstraint(fields=("room", "gaming_day"), name="ledger_day_closed_once_per_room"),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='journalentry',
            trigger=pgtrigger.compiler.Trigger(name='journalentry_in_an_open_day', sql=pgtrigger.compiler.UpsertTriggerSql(func='\n            PERFORM pg_advisory_xact_lock_shared(1684109683, NEW."room_id"::integer);\n            IF EXISTS (\n                SELECT FROM "ledger_gamingdayclose" c WHERE c."room_id" = NEW."room_id" AND c."gaming_day" = NEW."gaming_day"\n            ) THEN\n                RAISE EXCEPTION \'cardroom: gaming day % of room % is closed\', NEW."gaming_day", NEW."room_id"\n                    USING ERRCODE = \'check_violation\', CONSTRAINT = \'ledger_entry_in_an_open_day\';\n            END IF;\n            RETURN NEW;\n        ', hash='89c3260489dc994717a56ed26385f08d80ffbb7a', operation='INSERT', pgid='pgtrigger_journalentry_in_an_open_day_d7d19', table='ledger_journalentry', when='BEFORE')),
        ),
    
    ]
