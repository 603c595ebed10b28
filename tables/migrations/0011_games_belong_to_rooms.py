"""A game is a room's: its stakes and buy-ins are in the room's money, and only the room's tables deal it
and its lists wait for it. The games of an installation from before rooms go to its first room
(``rooms/migrations/0002_first_room.py``), where its tables are; a game's name is unique in its room.

The column is added with the first room as its default, dropped at once: PostgreSQL writes no row and fires
no trigger for that, so the history gains no snapshot of a game that nobody changed.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import connection, migrations, models


def first_room_id():
    """The first room's id, as the default of the rows there are when the column is added."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT min(id) FROM rooms_room")
        (room_id,) = cursor.fetchone()
    return room_id


class Migration(migrations.Migration):

    dependencies = [
        ('rooms', '0002_first_room'),
        ('tables', '0010_players_and_expulsions_belong_to_rooms'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='room',
            field=models.ForeignKey(default=first_room_id, on_delete=django.db.models.deletion.PROTECT, related_name='games', to='rooms.room', verbose_name='room'),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name='game',
            name='name',
            field=models.CharField(max_length=120, verbose_name='name'),
        ),
        migrations.AddConstraint(
            model_name='game',
            constraint=models.UniqueConstraint(fields=('room', 'name'), name='game_name_per_room', violation_error_message='The room has a game of that name already.'),
        ),
    ]
