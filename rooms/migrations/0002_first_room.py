"""An installation from before rooms becomes one room, with exactly the figures its settings gave."""

from django.conf import settings
from django.db import migrations
from django.utils.text import slugify


def first_room(apps, schema_editor):
    Room = apps.get_model("rooms", "Room")
    if Room.objects.exists():
        return
    Room.objects.create(
        code=slugify(settings.CARDROOM_NAME)[:40] or "room",
        name=settings.CARDROOM_NAME,
        time_zone=settings.TIME_ZONE,
        currency=settings.CARDROOM_CURRENCY,
        currency_exponent=settings.CARDROOM_CURRENCY_EXPONENT,
        gaming_day_start=settings.CARDROOM_GAMING_DAY_START,
        button=settings.CARDROOM_BUTTON,
        dealer_push_minutes=settings.CARDROOM_DEALER_PUSH_MINUTES,
        dealer_max_minutes=settings.CARDROOM_DEALER_MAX_MINUTES,
        shifts_per_day=settings.CARDROOM_SHIFTS_PER_DAY,
        anonymous_sale_limit=settings.CARDROOM_ANONYMOUS_SALE_LIMIT,
        large_cash_threshold=settings.CARDROOM_LARGE_CASH_THRESHOLD,
        drawer_variance_threshold=settings.CARDROOM_DRAWER_VARIANCE_THRESHOLD,
        drop_variance_threshold=settings.CARDROOM_DROP_VARIANCE_THRESHOLD,
    )


class Migration(migrations.Migration):
    dependencies = [("rooms", "0001_initial")]

    operations = [migrations.RunPython(first_room, migrations.RunPython.noop)]
