"""Every table is a room's: the tables of an installation from before rooms go to its first room
(rooms/migrations/0002_first_room.py), and a table's number is unique in its room instead of everywhere."""

import django.db.models.deletion
from django.db import migrations, models


def into_the_first_room(apps, schema_editor):
    Room = apps.get_model("rooms", "Room")
    Table = apps.get_model("tables", "Table")
    room = Room.objects.order_by("pk").first()
    if room is not None:
        Table.objects.filter(room__isnull=True).update(room=room)


class Migration(migrations.Migration):
    dependencies = [
        ("rooms", "0002_first_room"),
        ("tables", "0007_player_search_key"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="room",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="tables",
                to="rooms.room",
                verbose_name="room",
            ),
        ),
        migrations.RunPython(into_the_first_room, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="table",
            name="room",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="tables",
                to="rooms.room",
                verbose_name="room",
            ),
        ),
        migrations.AlterField(
            model_name="table",
            name="number",
            field=models.PositiveSmallIntegerField(verbose_name="number"),
        ),
        migrations.AlterModelOptions(name="table", options={"ordering": ["room_id", "number"]}),
        migrations.AddConstraint(
            model_name="table",
            constraint=models.UniqueConstraint(
                fields=("room", "number"),
                name="table_number_per_room",
                violation_error_message="The room has a table of this number already.",
            ),
        ),
    ]
