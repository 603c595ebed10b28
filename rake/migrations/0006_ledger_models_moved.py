"""The gaming-day close leaves rake for the ledger app (ledger 0001): its table stays as it is.

Its append-only triggers under rake's names are dropped once the ledger's are in place (ledger
0001); rake's foreign keys to the journal and the chips point at the ledger's models; nothing
in the database moves.
"""

import django.db.models.deletion
import pgtrigger.migrations
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("rake", "0005_pending_fees"),
        ("ledger", "0001_initial"),
    ]

    operations = [
        pgtrigger.migrations.RemoveTrigger(
            model_name="gamingdayclose",
            name="dayclose_no_update",
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name="gamingdayclose",
            name="dayclose_no_delete",
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name="gamingdayclose",
            name="dayclose_no_truncate",
        ),
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='dropcount',
                    name='journal_entry',
                    field=models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.journalentry'),
                ),
                migrations.AlterField(
                    model_name='dropcountline',
                    name='denomination',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.denomination'),
                ),
                migrations.AlterField(
                    model_name='droptallyline',
                    name='denomination',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.denomination'),
                ),
                migrations.AlterField(
                    model_name='feecharge',
                    name='journal_entry',
                    field=models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.journalentry'),
                ),
                migrations.DeleteModel(
                    name="GamingDayClose",
                ),
            ],
        ),
    ]
