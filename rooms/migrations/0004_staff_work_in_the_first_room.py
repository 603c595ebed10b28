"""The staff of an installation from before rooms work in its first room, as they did."""

from django.conf import settings
from django.db import migrations
from django.utils import timezone


def staff_into_the_first_room(apps, schema_editor):
    Room = apps.get_model("rooms", "Room")
    StaffPlace = apps.get_model("rooms", "StaffPlace")
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    room = Room.objects.order_by("pk").first()
    if room is None:
        return
    now = timezone.now()
    StaffPlace.objects.bulk_create(
        StaffPlace(user_id=pk, room=room, granted_at=now) for pk in User.objects.values_list("pk", flat=True)
    )


class Migration(migrations.Migration):
    dependencies = [
        ("rooms", "0003_staff_places"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [migrations.RunPython(staff_into_the_first_room, migrations.RunPython.noop)]
