"""The idempotency keys are the project core's now (config 0005 took the table): they leave cashier's state."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("cashier", "0007_ledger_models_moved"),
        ("config", "0005_idempotency_keys_moved"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="IdempotencyKey")],
            database_operations=[],
        ),
    ]
