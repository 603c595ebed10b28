"""Drawers and fill and credit slips are a room's: an installation from before rooms puts its drawers,
its slips and their counters in its first room (``rooms/migrations/0002_first_room.py``), where they
keep their names and numbers; from then on a drawer's name is unique in its room and a room numbers
its slips on its own (per kind and calendar year, as before).

A received or void slip refuses every UPDATE (its trigger), so the slips' new column is added with the
first room as its default, dropped at once: PostgreSQL writes no row and fires no trigger for that.
"""

import django.db.models.deletion
from django.db import connection, migrations, models


def first_room_id():
    """The first room's id, as the default of the rows there are when the column is added."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT min(id) FROM rooms_room")
        (room_id,) = cursor.fetchone()
    return room_id


def into_the_first_room(apps, schema_editor):
    room_id = first_room_id()
    for name in ("Drawer", "SlipCounter"):
        apps.get_model("cashier", name).objects.filter(room__isnull=True).update(room_id=room_id)


def room(*, related_name="+", null=False, default=None):
    options = {"null": True} if null else {}
    if default is not None:
        options["default"] = default
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
        ("cashier", "0008_idempotency_keys_moved"),
    ]

    operations = [
        migrations.AddField(model_name="drawer", name="room", field=room(related_name="drawers", null=True)),
        migrations.AddField(model_name="slipcounter", name="room", field=room(null=True)),
        migrations.RunPython(into_the_first_room, migrations.RunPython.noop),
        migrations.AlterField(model_name="drawer", name="room", field=room(related_name="drawers")),
        migrations.AlterField(model_name="slipcounter", name="room", field=room()),
        migrations.AddField(model_name="slip", name="room", field=room(default=first_room_id), preserve_default=False),
        migrations.AlterField(model_name="drawer", name="name", field=models.CharField(max_length=60, verbose_name="name")),
        migrations.AlterModelOptions(name="drawer", options={"ordering": ["room_id", "name"], "verbose_name": "drawer"}),
        migrations.AddConstraint(
            model_name="drawer",
            constraint=models.UniqueConstraint(
                fields=("room", "name"),
                name="cashier_drawer_name_per_room",
                violation_error_message="The room has a drawer of this name already.",
            ),
        ),
        migrations.RemoveConstraint(model_name="slipcounter", name="cashier_slip_counter_unique"),
        migrations.AddConstraint(
            model_name="slipcounter",
            constraint=models.UniqueConstraint(fields=("room", "kind", "year"), name="cashier_slip_counter_per_room"),
        ),
        migrations.RemoveConstraint(model_name="slip", name="cashier_slip_number_unique"),
        migrations.AddConstraint(
            model_name="slip",
            constraint=models.UniqueConstraint(fields=("room", "kind", "year", "number"), name="cashier_slip_number_per_room"),
        ),
        migrations.AlterModelOptions(
            name="slip",
            options={"ordering": ["room_id", "-year", "kind", "-number"], "verbose_name": "fill or credit slip"},
        ),
    ]
