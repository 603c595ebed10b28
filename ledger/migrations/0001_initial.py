"""The ledger's models, moved from cashier (accounts, balances, entries, legs, denominations) and from
rake (the gaming-day close) with their tables, constraint and index names unchanged.

The models enter the migration state only: their tables exist already (cashier 0001, rake 0002).
Their append-only triggers are installed under the new models' names here (pgtrigger names a
trigger after a hash of ``app_label.Model:name``); cashier 0007 and rake 0006 drop the old ones,
so on PostgreSQL the records are never unguarded. The balanced-entry constraint trigger (cashier
0002 and 0004) works on the table names and stays as it is.
"""

import django.db.models.deletion
import pgtrigger.compiler
import pgtrigger.migrations
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("cashier", "0006_reversalrequest_and_more"),
        ("rake", "0005_pending_fees"),
        ("tables", "0005_room_language_and_kiosk_tokens"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='GamingDayClose',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('created_at', models.DateTimeField(db_index=True)),
                        ('gaming_day', models.DateField(unique=True, verbose_name='gaming day')),
                        ('note', models.CharField(blank=True, max_length=300, verbose_name='note')),
                        ('hands', models.BigIntegerField(default=0)),
                        ('fees', models.BigIntegerField(default=0)),
                        ('counted', models.BigIntegerField(default=0)),
                        ('variance', models.BigIntegerField(default=0)),
                    ],
                    options={
                        'verbose_name': 'gaming day close',
                        'verbose_name_plural': 'gaming day closes',
                        'db_table': 'rake_gamingdayclose',
                        'ordering': ['-gaming_day'],
                    },
                ),
                migrations.CreateModel(
                    name='JournalEntry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('created_at', models.DateTimeField(db_index=True)),
                        ('reason', models.CharField(choices=[('sale', 'chip sale'), ('redemption', 'chip redemption'), ('fill', 'fill'), ('credit', 'credit'), ('fee', 'fee'), ('time_fee', 'time fee'), ('drop', 'drop'), ('opening', 'opening'), ('closing', 'closing'), ('adjustment', 'adjustment'), ('reversal', 'reversal')], max_length=20, verbose_name='reason')),
                        ('gaming_day', models.DateField(db_index=True, verbose_name='gaming day')),
                        ('memo', models.CharField(blank=True, max_length=200, verbose_name='memo')),
                        ('ref', models.CharField(blank=True, max_length=64, verbose_name='reference')),
                    ],
                    options={
                        'verbose_name': 'journal entry',
                        'verbose_name_plural': 'journal entries',
                        'db_table': 'cashier_journalentry',
                        'ordering': ['pk'],
                    },
                ),
                migrations.CreateModel(
                    name='Leg',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('currency', models.CharField(max_length=3, verbose_name='currency')),
                        ('amount', models.BigIntegerField(verbose_name='amount')),
                    ],
                    options={
                        'db_table': 'cashier_leg',
                        'ordering': ['pk'],
                    },
                ),
                migrations.CreateModel(
                    name='Account',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('vault', 'vault'), ('drawer', 'cashier drawer'), ('transit', 'in transit (fills and credits)'), ('tray', 'table tray'), ('drop_box', 'table drop box'), ('outstanding', 'chips outstanding (players)'), ('cash_external', 'cash in and out (players)'), ('card_clearing', 'card clearing'), ('chip_issue', 'chips issued to the room'), ('over_short', 'drawer over and short')], max_length=20, verbose_name='kind')),
                        ('name', models.CharField(max_length=100, verbose_name='name')),
                        ('tracked', models.BooleanField(default=True, verbose_name='balance maintained')),
                        ('table', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='cashier_accounts', to='tables.table')),
                    ],
                    options={
                        'verbose_name': 'account',
                        'db_table': 'cashier_account',
                        'ordering': ['pk'],
                    },
                ),
                migrations.CreateModel(
                    name='Denomination',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('value', models.BigIntegerField(unique=True, verbose_name='value')),
                        ('colour', models.CharField(max_length=32, verbose_name='colour')),
                        ('label', models.CharField(max_length=32, verbose_name='label')),
                        ('active', models.BooleanField(default=True, verbose_name='active')),
                    ],
                    options={
                        'verbose_name': 'chip denomination',
                        'verbose_name_plural': 'chip denominations',
                        'db_table': 'cashier_denomination',
                        'ordering': ['value'],
                        'constraints': [models.CheckConstraint(condition=models.Q(('value__gt', 0)), name='cashier_denomination_value_positive')],
                    },
                ),
                migrations.CreateModel(
                    name='Balance',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('amount', models.BigIntegerField(default=0, verbose_name='amount')),
                        ('account', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='balances', to='ledger.account')),
                        ('denomination', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.denomination')),
                    ],
                    options={
                        'db_table': 'cashier_balance',
                    },
                ),
                migrations.AddField(
                    model_name='gamingdayclose',
                    name='created_by',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL),
                ),
                migrations.AddField(
                    model_name='journalentry',
                    name='created_by',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL),
                ),
                migrations.AddField(
                    model_name='journalentry',
                    name='reverses',
                    field=models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='reversed_by', to='ledger.journalentry', verbose_name='reverses'),
                ),
                migrations.AddField(
                    model_name='leg',
                    name='account',
                    field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.PROTECT, related_name='legs', to='ledger.account'),
                ),
                migrations.AddField(
                    model_name='leg',
                    name='denomination',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.denomination'),
                ),
                migrations.AddField(
                    model_name='leg',
                    name='entry',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='legs', to='ledger.journalentry'),
                ),
                migrations.AddConstraint(
                    model_name='account',
                    constraint=models.UniqueConstraint(condition=models.Q(('kind__in', ['card_clearing', 'cash_external', 'chip_issue', 'outstanding', 'over_short', 'transit', 'vault'])), fields=('kind',), name='cashier_account_singleton'),
                ),
                migrations.AddConstraint(
                    model_name='account',
                    constraint=models.UniqueConstraint(condition=models.Q(('table__isnull', False)), fields=('kind', 'table'), name='cashier_account_per_table'),
                ),
                migrations.AddConstraint(
                    model_name='account',
                    constraint=models.CheckConstraint(condition=models.Q(models.Q(('kind__in', ['drop_box', 'tray']), ('table__isnull', False)), models.Q(models.Q(('kind__in', ['drop_box', 'tray']), _negated=True), ('table__isnull', True)), _connector='OR'), name='cashier_account_table_iff_table_kind'),
                ),
                migrations.AddConstraint(
                    model_name='account',
                    constraint=models.CheckConstraint(condition=models.Q(models.Q(('kind__in', ['drawer', 'drop_box', 'outstanding', 'transit', 'tray', 'vault']), ('tracked', True)), models.Q(models.Q(('kind__in', ['drawer', 'drop_box', 'outstanding', 'transit', 'tray', 'vault']), _negated=True), ('tracked', False)), _connector='OR'), name='cashier_account_tracked_iff_inventory'),
                ),
                migrations.AddConstraint(
                    model_name='balance',
                    constraint=models.UniqueConstraint(condition=models.Q(('denomination__isnull', False)), fields=('account', 'denomination'), name='cashier_balance_chip_unique'),
                ),
                migrations.AddConstraint(
                    model_name='balance',
                    constraint=models.UniqueConstraint(condition=models.Q(('denomination__isnull', True)), fields=('account',), name='cashier_balance_cash_unique'),
                ),
                migrations.AddConstraint(
                    model_name='balance',
                    constraint=models.CheckConstraint(condition=models.Q(('amount__gte', 0)), name='cashier_balance_not_negative'),
                ),
                migrations.AddConstraint(
                    model_name='journalentry',
                    constraint=models.CheckConstraint(condition=models.Q(('reason__in', ['sale', 'redemption', 'fill', 'credit', 'fee', 'time_fee', 'drop', 'opening', 'closing', 'adjustment', 'reversal'])), name='cashier_entry_reason_known'),
                ),
                migrations.AddConstraint(
                    model_name='journalentry',
                    constraint=models.CheckConstraint(condition=models.Q(models.Q(('reason', 'reversal'), ('reverses__isnull', False)), models.Q(models.Q(('reason', 'reversal'), _negated=True), ('reverses__isnull', True)), _connector='OR'), name='cashier_entry_reversal_links'),
                ),
                migrations.AddConstraint(
                    model_name='journalentry',
                    constraint=models.UniqueConstraint(condition=models.Q(('ref', ''), _negated=True), fields=('reason', 'ref'), name='cashier_entry_ref_unique'),
                ),
                migrations.AddIndex(
                    model_name='leg',
                    index=models.Index(fields=['account', 'denomination'], name='cashier_leg_account_denom'),
                ),
                migrations.AddConstraint(
                    model_name='leg',
                    constraint=models.CheckConstraint(condition=models.Q(('amount', 0), _negated=True), name='cashier_leg_not_zero'),
                ),
            ],
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='denomination',
            trigger=pgtrigger.compiler.Trigger(name='denomination_value_fixed', sql=pgtrigger.compiler.UpsertTriggerSql(condition='WHEN (OLD."value" IS DISTINCT FROM (NEW."value"))', func="RAISE EXCEPTION 'pgtrigger: Cannot update rows from % table', TG_TABLE_NAME;", hash='2ed58eff3f6d071bf820a3a93b73d050269fb0c9', operation='UPDATE', pgid='pgtrigger_denomination_value_fixed_193d3', table='cashier_denomination', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='denomination',
            trigger=pgtrigger.compiler.Trigger(name='denomination_no_delete', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot delete rows from % table', TG_TABLE_NAME;", hash='2acc23ae4a10eeb16f9e43ca68bd5e554a49333c', operation='DELETE', pgid='pgtrigger_denomination_no_delete_a831a', table='cashier_denomination', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='gamingdayclose',
            trigger=pgtrigger.compiler.Trigger(name='dayclose_no_update', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot update rows from % table', TG_TABLE_NAME;", hash='fabb0ef71900ad40003870f85baccf281aeef01d', operation='UPDATE', pgid='pgtrigger_dayclose_no_update_e9fd4', table='rake_gamingdayclose', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='gamingdayclose',
            trigger=pgtrigger.compiler.Trigger(name='dayclose_no_delete', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot delete rows from % table', TG_TABLE_NAME;", hash='c7dfb95a6fc50beeb18a72302c50787a8d977a59', operation='DELETE', pgid='pgtrigger_dayclose_no_delete_5fe7f', table='rake_gamingdayclose', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='gamingdayclose',
            trigger=pgtrigger.compiler.Trigger(name='dayclose_no_truncate', sql=pgtrigger.compiler.UpsertTriggerSql(func="\n            IF coalesce(current_setting('cardroom.allow_truncate', true), '') <> 'on' THEN\n                RAISE EXCEPTION 'cardroom: % is append-only; TRUNCATE refused', TG_TABLE_NAME;\n            END IF;\n            RETURN NULL;\n        ", hash='4cbf41e5802e33139291adccaaca309cf9ff7c0f', level='STATEMENT', operation='TRUNCATE', pgid='pgtrigger_dayclose_no_truncate_1bd0c', table='rake_gamingdayclose', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='journalentry',
            trigger=pgtrigger.compiler.Trigger(name='journalentry_no_update', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot update rows from % table', TG_TABLE_NAME;", hash='8d8c15cab2d91900d32e2f1f9fccddc2570b102e', operation='UPDATE', pgid='pgtrigger_journalentry_no_update_be9fd', table='cashier_journalentry', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='journalentry',
            trigger=pgtrigger.compiler.Trigger(name='journalentry_no_delete', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot delete rows from % table', TG_TABLE_NAME;", hash='99be1fbe916e49ad31363809f0ec980ef636e685', operation='DELETE', pgid='pgtrigger_journalentry_no_delete_a637e', table='cashier_journalentry', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='journalentry',
            trigger=pgtrigger.compiler.Trigger(name='journalentry_no_truncate', sql=pgtrigger.compiler.UpsertTriggerSql(func="\n            IF coalesce(current_setting('cardroom.allow_truncate', true), '') <> 'on' THEN\n                RAISE EXCEPTION 'cardroom: % is append-only; TRUNCATE refused', TG_TABLE_NAME;\n            END IF;\n            RETURN NULL;\n        ", hash='8a9cb208944cb3f38ecb233197c2a7750858f1b1', level='STATEMENT', operation='TRUNCATE', pgid='pgtrigger_journalentry_no_truncate_97b6a', table='cashier_journalentry', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='leg',
            trigger=pgtrigger.compiler.Trigger(name='leg_no_update', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot update rows from % table', TG_TABLE_NAME;", hash='b9deb4c43c289f7f5551c1565014ee55dab636b4', operation='UPDATE', pgid='pgtrigger_leg_no_update_75a7e', table='cashier_leg', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='leg',
            trigger=pgtrigger.compiler.Trigger(name='leg_no_delete', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot delete rows from % table', TG_TABLE_NAME;", hash='2e0b08aeb958a57ec5ad089af4d34e4821648bec', operation='DELETE', pgid='pgtrigger_leg_no_delete_23af3', table='cashier_leg', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='leg',
            trigger=pgtrigger.compiler.Trigger(name='leg_no_truncate', sql=pgtrigger.compiler.UpsertTriggerSql(func="\n            IF coalesce(current_setting('cardroom.allow_truncate', true), '') <> 'on' THEN\n                RAISE EXCEPTION 'cardroom: % is append-only; TRUNCATE refused', TG_TABLE_NAME;\n            END IF;\n            RETURN NULL;\n        ", hash='303a88142065f7ce6927a39c660bf8034b6787d3', level='STATEMENT', operation='TRUNCATE', pgid='pgtrigger_leg_no_truncate_10f8e', table='cashier_leg', when='BEFORE')),
        ),
    ]
