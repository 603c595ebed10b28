"""The floor's own records are a room's: waitlist entries (a list is a room's list of one game of the
group's catalogue), dealers' shifts, the wall board's links and the room language. The records of an
installation from before rooms go to its first room (rooms/migrations/0002_first_room.py), and a player
is on a game's list once in each room instead of once in the group."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import Q

MODELS = (
    ("waitlistentry", "waitlist_entries"),
    ("dealershift", "dealer_shifts"),
    ("kiosktoken", "kiosk_tokens"),
    ("roomlanguage", "languages"),
)


def into_the_first_room(apps, schema_editor):
    room = apps.get_model("rooms", "Room").objects.order_by("pk").first()
    if room is None:
        return
    for model, _related in MODELS:
        apps.get_model("tables", model).objects.filter(room__isnull=True).update(room=room)


def _room(related_name, *, null):
    return models.ForeignKey(
        null=null,
        on_delete=django.db.models.deletion.PROTECT,
        related_name=related_name,
        to="rooms.room",
        verbose_name="room",
    )


class Migration(migrations.Migration):
    dependencies = [
        ("rooms", "0002_first_room"),
        ("tables", "0008_tables_belong_to_rooms"),
    ]

    operations = [
        *(
            migrations.AddField(model_name=model, name="room", field=_room(related, null=True))
            for model, related in MODELS
        ),
        migrations.RunPython(into_the_first_room, migrations.RunPython.noop),
        *(
            migrations.AlterField(model_name=model, name="room", field=_room(related, null=False))
            for model, related in MODELS
        ),
        migrations.RemoveConstraint(model_name="waitlistentry", name="waitlist_player_once_per_list"),
        migrations.AddConstraint(
            model_name="waitlistentry",
            constraint=models.UniqueConstraint(
                condition=Q(status__in=("waiting", "called")),
                fields=("room", "game", "player"),
                name="waitlist_player_once_per_room_list",
                violation_error_message="That player is already on this list.",
            ),
        ),
        migrations.RemoveIndex(model_name="waitlistentry", name="waitlist_order_idx"),
        migrations.AddIndex(
            model_name="waitlistentry",
            index=models.Index(fields=["room", "game", "status", "queued_at"], name="waitlist_room_order_idx"),
        ),
        migrations.AlterModelOptions(
            name="roomlanguage",
            options={"get_latest_by": ["created_at", "pk"], "ordering": ["room_id", "created_at", "pk"]},
        ),
        migrations.AddIndex(
            model_name="roomlanguage",
            index=models.Index(fields=["room", "created_at"], name="room_language_room_idx"),
        ),
    ]
