"""Closing a table someone still sits at is refused with the players counted in each language's plural
("1 seated player", "2 seated players"; Lithuanian "1 žaidėjas", "2 žaidėjai"), not "player(s)"."""

from __future__ import annotations

import pytest
from django.utils import translation

from config.errors import DomainError
from tables import services

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "still has 1 seated player:", "still has 2 seated players:"),
        ("hy", "նստած է 1 խաղացող", "նստած է 2 խաղացող"),
        ("lt", "dar sėdi 1 žaidėjas", "dar sėdi 2 žaidėjai"),
    ],
)
def test_the_refusal_counts_the_players_still_seated(
    language, one, two, floor_manager, club_poker, open_table, seat
) -> None:
    table = open_table(club_poker)
    said = []
    for expected in (one, two):
        seat(table)
        with translation.override(language), pytest.raises(DomainError) as refused:
            services.table_close(actor=floor_manager, table_id=table.pk)
        assert refused.value.code == "table_has_players"
        said.append(refused.value.message)
        assert expected in refused.value.message
    assert "(s)" not in " ".join(said)
