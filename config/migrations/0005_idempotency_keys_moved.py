"""The idempotency keys leave cashier for the project core: every app's money-moving API takes its key
through ``config.idempotent.IdempotentPost`` (the drop counts and the gaming-day close are rake's, which
must not import cashier). The model enters config's state on cashier's table, then the table and its
unique constraint take config's names; the rows stay as they are (cashier 0008 drops cashier's state)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("config", "0004_clear_text_api_tokens_dropped"),
        ("cashier", "0007_ledger_models_moved"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="IdempotencyKey",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("key", models.CharField(max_length=255, verbose_name="key")),
                        ("scope", models.CharField(max_length=100, verbose_name="scope")),
                        ("request_hash", models.CharField(max_length=64)),
                        ("created_at", models.DateTimeField(verbose_name="created at")),
                        ("status_code", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("response_body", models.BinaryField(blank=True, null=True)),
                        ("content_type", models.CharField(blank=True, max_length=100)),
                        (
                            "user",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "idempotency key",
                        "db_table": "cashier_idempotencykey",
                        "constraints": [
                            models.UniqueConstraint(fields=("user", "key"), name="cashier_idempotency_key_unique")
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.AlterModelTable(name="idempotencykey", table=None),
        migrations.RemoveConstraint(model_name="idempotencykey", name="cashier_idempotency_key_unique"),
        migrations.AddConstraint(
            model_name="idempotencykey",
            constraint=models.UniqueConstraint(fields=("user", "key"), name="idempotency_key_unique"),
        ),
    ]
