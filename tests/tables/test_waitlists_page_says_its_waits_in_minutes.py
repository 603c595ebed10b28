"""The waitlists page gives the average and longest wait of each day in minutes, in each language, through the
room's one duration formatter (config.durations), not as Python's "0:20:00.004"."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from tables import selectors, services
from tables.models import WaitlistEntry
from tests.factories import home_room

NBSP = "\N{NO-BREAK SPACE}"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "average", "longest"),
    [("en", "20 min", "30 min"), ("hy", "20 րոպե", "30 րոպե"), ("lt", "20 min", "30 min")],
)
def test_the_waitlists_page_says_its_waits_in_minutes(
    language, average, longest, floor_manager, club_poker, open_table, make_player, client_for
) -> None:
    table = open_table(club_poker)
    now = timezone.now()
    for minutes in (10, 30):
        entry = services.waitlist_add(
            actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=make_player().pk
        )
        joined = now - timedelta(minutes=minutes)
        WaitlistEntry.objects.filter(pk=entry.pk).update(first_joined_at=joined, queued_at=joined)
    for entry in list(selectors.waitlist_entries(room=home_room(), game_id=club_poker.pk)):
        services.waitlist_seat(actor=floor_manager, entry_id=entry.pk, table_id=table.pk)
    client = client_for(floor_manager)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = client.get(reverse("floor:waitlists")).content.decode()
    row = html.split('<th class="num">', 1)[1].split("</tbody>", 1)[0]  # the Waits table's rows
    assert f'<td class="num">{average.replace(" ", NBSP)}</td>' in row
    assert f'<td class="num">{longest.replace(" ", NBSP)}</td>' in row
    assert "0:" not in row
