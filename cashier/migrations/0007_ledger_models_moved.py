"""The ledger's models leave cashier for the ledger app (ledger 0001): their tables stay as they are.

Their append-only triggers, installed under cashier's names, are dropped here once the ledger's
are in place (ledger 0001 installs them under the new names first, so PostgreSQL never takes an
UPDATE or DELETE of a posted entry in between). Then cashier's foreign keys point at the ledger's
models and the models leave cashier's migration state; nothing in the database moves.
"""

import django.db.models.deletion
import pgtrigger.migrations
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("cashier", "0006_reversalrequest_and_more"),
        ("ledger", "0001_initial"),
        # The other apps' foreign keys leave these models first.
        ("rake", "0006_ledger_models_moved"),
        ("audit", "0003_ledger_models_moved"),
    ]

    operations = [
        pgtrigger.migrations.RemoveTrigger(
            model_name="journalentry",
            name="journalentry_no_update",
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name="journalentry",
            name="journalentry_no_delete",
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name="journalentry",
            name="journalentry_no_truncate",
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name="leg",
            name="leg_no_update",
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name="leg",
            name="leg_no_delete",
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name="leg",
            name="leg_no_truncate",
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name="denomination",
            name="denomination_value_fixed",
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name="denomination",
            name="denomination_no_delete",
        ),
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='drawershift',
                    name='account',
                    field=models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='shift', to='ledger.account'),
                ),
                migrations.AlterField(
                    model_name='traycountline',
                    name='denomination',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.denomination'),
                ),
                migrations.AlterField(
                    model_name='drawercountline',
                    name='denomination',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.denomination'),
                ),
                migrations.AlterField(
                    model_name='slipline',
                    name='denomination',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.denomination'),
                ),
                migrations.AlterField(
                    model_name='slip',
                    name='issue_entry',
                    field=models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.journalentry'),
                ),
                migrations.AlterField(
                    model_name='chiptransaction',
                    name='entry',
                    field=models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='chip_transaction', to='ledger.journalentry'),
                ),
                migrations.AlterField(
                    model_name='slip',
                    name='receive_entry',
                    field=models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.journalentry'),
                ),
                migrations.AlterField(
                    model_name='drawershift',
                    name='closing_entry',
                    field=models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.journalentry'),
                ),
                migrations.AlterField(
                    model_name='drawershift',
                    name='opening_entry',
                    field=models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.journalentry'),
                ),
                migrations.AlterField(
                    model_name='reversalrequest',
                    name='reversal',
                    field=models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.journalentry', verbose_name='reversal'),
                ),
                migrations.AlterField(
                    model_name='slip',
                    name='void_entry',
                    field=models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.journalentry'),
                ),
                migrations.AlterField(
                    model_name='reversalrequest',
                    name='entry',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='reversal_requests', to='ledger.journalentry', verbose_name='entry'),
                ),
                migrations.DeleteModel(
                    name="Leg",
                ),
                migrations.DeleteModel(
                    name="Balance",
                ),
                migrations.DeleteModel(
                    name="JournalEntry",
                ),
                migrations.DeleteModel(
                    name="Account",
                ),
                migrations.DeleteModel(
                    name="Denomination",
                ),
            ],
        ),
    ]
