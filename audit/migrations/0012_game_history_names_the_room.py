"""A game's history names its room, as the game does (tables 0011)."""

import django.db.models.deletion
import pgtrigger.compiler
import pgtrigger.migrations
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('audit', '0011_player_and_expulsion_history_name_the_room'),
        ('rooms', '0004_staff_work_in_the_first_room'),
        # The game's room column, which the history's triggers copy.
        ('tables', '0011_games_belong_to_rooms'),
    ]

    operations = [
        pgtrigger.migrations.RemoveTrigger(
            model_name='trackedgame',
            name='insert_insert',
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name='trackedgame',
            name='update_update',
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name='trackedgame',
            name='delete_delete',
        ),
        migrations.AddField(
            model_name='gamehistory',
            name='room',
            field=models.ForeignKey(db_constraint=False, default=1, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', related_query_name='+', to='rooms.room', verbose_name='room'),
            preserve_default=False,
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='trackedgame',
            trigger=pgtrigger.compiler.Trigger(name='insert_insert', sql=pgtrigger.compiler.UpsertTriggerSql(func='INSERT INTO "audit_gamehistory" ("ante", "big_blind", "created_at", "created_by_id", "id", "is_active", "kind", "max_buy_in", "min_buy_in", "name", "pgh_context", "pgh_context_id", "pgh_created_at", "pgh_label", "pgh_obj_id", "ring", "room_id", "seat_limit", "small_blind", "structure") VALUES (NEW."ante", NEW."big_blind", NEW."created_at", NEW."created_by_id", NEW."id", NEW."is_active", NEW."kind", NEW."max_buy_in", NEW."min_buy_in", NEW."name", COALESCE(NULLIF(CURRENT_SETTING(\'pghistory.context_metadata\', TRUE), \'\'), NULL)::JSONB, COALESCE(NULLIF(CURRENT_SETTING(\'pghistory.context_id\', TRUE), \'\'), NULL)::UUID, NOW(), \'insert\', NEW."id", NEW."ring", NEW."room_id", NEW."seat_limit", NEW."small_blind", NEW."structure"); RETURN NULL;', hash='3e0263cb33eeb477ebe29be7335dadbc6ac241f0', operation='INSERT', pgid='pgtrigger_insert_insert_42639', table='tables_game', when='AFTER')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='trackedgame',
            trigger=pgtrigger.compiler.Trigger(name='update_update', sql=pgtrigger.compiler.UpsertTriggerSql(condition='WHEN (OLD.* IS DISTINCT FROM NEW.*)', func='INSERT INTO "audit_gamehistory" ("ante", "big_blind", "created_at", "created_by_id", "id", "is_active", "kind", "max_buy_in", "min_buy_in", "name", "pgh_context", "pgh_context_id", "pgh_created_at", "pgh_label", "pgh_obj_id", "ring", "room_id", "seat_limit", "small_blind", "structure") VALUES (NEW."ante", NEW."big_blind", NEW."created_at", NEW."created_by_id", NEW."id", NEW."is_active", NEW."kind", NEW."max_buy_in", NEW."min_buy_in", NEW."name", COALESCE(NULLIF(CURRENT_SETTING(\'pghistory.context_metadata\', TRUE), \'\'), NULL)::JSONB, COALESCE(NULLIF(CURRENT_SETTING(\'pghistory.context_id\', TRUE), \'\'), NULL)::UUID, NOW(), \'update\', NEW."id", NEW."ring", NEW."room_id", NEW."seat_limit", NEW."small_blind", NEW."structure"); RETURN NULL;', hash='3738318ce7fa90eebec11627d165488f77c5348e', operation='UPDATE', pgid='pgtrigger_update_update_17c74', table='tables_game', when='AFTER')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='trackedgame',
            trigger=pgtrigger.compiler.Trigger(name='delete_delete', sql=pgtrigger.compiler.UpsertTriggerSql(func='INSERT INTO "audit_gamehistory" ("ante", "big_blind", "created_at", "created_by_id", "id", "is_active", "kind", "max_buy_in", "min_buy_in", "name", "pgh_context", "pgh_context_id", "pgh_created_at", "pgh_label", "pgh_obj_id", "ring", "room_id", "seat_limit", "small_blind", "structure") VALUES (OLD."ante", OLD."big_blind", OLD."created_at", OLD."created_by_id", OLD."id", OLD."is_active", OLD."kind", OLD."max_buy_in", OLD."min_buy_in", OLD."name", COALESCE(NULLIF(CURRENT_SETTING(\'pghistory.context_metadata\', TRUE), \'\'), NULL)::JSONB, COALESCE(NULLIF(CURRENT_SETTING(\'pghistory.context_id\', TRUE), \'\'), NULL)::UUID, NOW(), \'delete\', OLD."id", OLD."ring", OLD."room_id", OLD."seat_limit", OLD."small_blind", OLD."structure"); RETURN NULL;', hash='2e4cedb66d6b870c8bc730f6b43b58932229700f', operation='DELETE', pgid='pgtrigger_delete_delete_bd4ba', table='tables_game', when='AFTER')),
        ),
    ]
