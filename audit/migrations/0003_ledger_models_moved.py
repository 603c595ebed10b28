"""The history tables' foreign keys follow the ledger's models to the ledger app (ledger 0001).

State only: the history rows keep pointing at the same tables, without database constraints.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("audit", "0002_baseline"),
        ("ledger", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='drawershifthistory',
                    name='account',
                    field=models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', related_query_name='+', to='ledger.account'),
                ),
                migrations.AlterField(
                    model_name='drawershifthistory',
                    name='closing_entry',
                    field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', related_query_name='+', to='ledger.journalentry'),
                ),
                migrations.AlterField(
                    model_name='drawershifthistory',
                    name='opening_entry',
                    field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', related_query_name='+', to='ledger.journalentry'),
                ),
                migrations.AlterField(
                    model_name='dropcounthistory',
                    name='journal_entry',
                    field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', related_query_name='+', to='ledger.journalentry'),
                ),
                migrations.AlterField(
                    model_name='sliphistory',
                    name='issue_entry',
                    field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', related_query_name='+', to='ledger.journalentry'),
                ),
                migrations.AlterField(
                    model_name='sliphistory',
                    name='receive_entry',
                    field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', related_query_name='+', to='ledger.journalentry'),
                ),
                migrations.AlterField(
                    model_name='sliphistory',
                    name='void_entry',
                    field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', related_query_name='+', to='ledger.journalentry'),
                ),
            ],
        ),
    ]
