"""The clear-text API tokens of ``rest_framework.authtoken`` are dropped, rows and table.

Tokens are now django-rest-knox's, which keeps a digest of each key and never the key. A clear-text key
cannot become a hashed token without being kept, so none is carried over: every device gets a new token
(``manage.py token_create``) and the old keys, wherever they were copied to, open nothing. Nothing is
lost from the records: a token was no record of the room, and the history never held them.
"""

from django.db import migrations


def drop_clear_text_tokens(apps, schema_editor):
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        tables = connection.introspection.table_names(cursor)
    if "authtoken_token" in tables:
        schema_editor.execute("DROP TABLE authtoken_token")


class Migration(migrations.Migration):
    dependencies = [("config", "0003_task_names")]

    # No way back: the keys are gone by design.
    operations = [migrations.RunPython(drop_clear_text_tokens, migrations.RunPython.noop, elidable=False)]
