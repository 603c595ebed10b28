"""A player is registered by a room and an expulsion decided by one: the players and expulsions of an
installation from before rooms go to its first room (``rooms/migrations/0002_first_room.py``), where the
register and the barred list stay what they were. An expulsion may now bar a player from every room of
the group.

Both columns are added with the first room as their default, dropped at once: PostgreSQL writes no row
and fires no trigger for that, so the history (audit, whose triggers copy every change of these rows)
gains no snapshot that would say a player or an expulsion was changed when nothing was decided.
"""

import django.db.models.deletion
from django.db import connection, migrations, models


def first_room_id():
    """The first room's id, as the default of the rows there are when the column is added."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT min(id) FROM rooms_room")
        (room_id,) = cursor.fetchone()
    return room_id


def room(related_name, *, default=None):
    options = {} if default is None else {"default": default}
    return models.ForeignKey(
        on_delete=django.db.models.deletion.PROTECT,
        related_name=related_name,
        to="rooms.room",
        verbose_name="room",
        **options,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("rooms", "0002_first_room"),
        ("tables", "0009_floor_records_belong_to_rooms"),
    ]

    operations = [
        migrations.AddField(
            model_name="player", name="room", field=room("players", default=first_room_id), preserve_default=False
        ),
        migrations.AddField(
            model_name="expulsion",
            name="room",
            field=room("expulsions", default=first_room_id),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name="expulsion",
            name="scope",
            field=models.CharField(
                choices=[
                    ("room", "the poker room"),
                    ("premises", "the whole casino"),
                    ("group", "every room of the group"),
                ],
                default="room",
                max_length=10,
                verbose_name="scope",
            ),
        ),
    ]
