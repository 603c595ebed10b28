"""A refusal at a paused table says the table is paused, in the reader's language (not the stored word)."""

from __future__ import annotations

import pytest
from django.utils import translation

from config.errors import DomainError
from games import services as hands
from rake.selectors import sign_fee_words
from tables import services
from tables.models import TableStatus

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en", "hy", "lt"])
def test_the_refusals_at_a_paused_table_name_its_status(
    floor_manager, dealer, hand_table, holdem, make_player, language
) -> None:
    table = hand_table(holdem, dealer)
    services.table_pause(actor=floor_manager, table_id=table.pk)
    player = make_player("Ani")
    with translation.override(language):
        paused = str(TableStatus.PAUSED.label)
        refusals = []
        for attempt in (
            lambda: hands.hand_start(actor=dealer, table_id=table.pk),
            lambda: services.seat_player(actor=floor_manager, table_id=table.pk, player_id=player.pk),
            lambda: services.table_pause(actor=floor_manager, table_id=table.pk),
            lambda: services.table_open(actor=floor_manager, table_id=table.pk, fee_words=sign_fee_words),
        ):
            with pytest.raises(DomainError) as refused:
                attempt()
            refusals.append(refused.value.message)
    assert language == "en" or paused != "paused"
    assert all(f" {paused}" in message for message in refusals), refusals
