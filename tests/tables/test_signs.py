"""The table sign: derived from the table, versioned, none on a closed table."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from rake.selectors import sign_fee_words
from tables import selectors, services
from tests.factories import home_room


def _reopen(floor_manager, table, dealer):
    services.dealer_assign(actor=floor_manager, table_id=table.pk, dealer_id=dealer.pk)
    return services.table_open(actor=floor_manager, table_id=table.pk, fee_words=sign_fee_words)


def test_a_closed_table_shows_no_sign(floor_manager, club_poker, make_dealer):
    table = services.table_create(actor=floor_manager, room=home_room(), number=3, seats=6, game_id=club_poker.pk)
    assert selectors.sign_current(table_id=table.pk) is None
    _reopen(floor_manager, table, make_dealer(club_poker))
    assert selectors.sign_current(table_id=table.pk) is not None
    services.dealer_release(actor=floor_manager, table_id=table.pk)
    services.table_close(actor=floor_manager, table_id=table.pk)
    assert selectors.sign_current(table_id=table.pk) is None


def test_sign_names_table_game_stakes_buy_in_and_fee(floor_manager, holdem_short, open_table):
    table = open_table(holdem_short, number=7)
    text = selectors.sign_current(table_id=table.pk).content
    assert "Table 7" in text
    assert "Texas Hold'em" in text
    assert "Blinds 500/1,000 AMD" in text
    assert "Buy-in 40,000 – 200,000 AMD" in text
    assert "Fee:" in text


def test_sign_after_a_stake_change_and_its_history(floor_manager, club_poker, make_dealer):
    dealer = make_dealer(club_poker)
    table = services.table_create(actor=floor_manager, room=home_room(), number=4, seats=6, game_id=club_poker.pk)
    _reopen(floor_manager, table, dealer)
    first = selectors.sign_current(table_id=table.pk)
    assert "Ante 1,000 AMD" in first.content
    services.dealer_release(actor=floor_manager, table_id=table.pk)
    services.table_close(actor=floor_manager, table_id=table.pk)
    services.game_update(actor=floor_manager, game_id=club_poker.pk, ante=2000, min_buy_in=40_000)
    _reopen(floor_manager, table, dealer)
    second = selectors.sign_current(table_id=table.pk)
    assert "Ante 2,000 AMD" in second.content
    assert "Buy-in 40,000" in second.content
    history = list(selectors.sign_history(table_id=table.pk))
    assert [v.pk for v in history] == [first.pk, second.pk]
    first.refresh_from_db()
    assert first.valid_to is not None and first.valid_to <= second.valid_from
    assert "Ante 1,000 AMD" in first.content


def test_sign_in_force_at_a_moment(floor_manager, club_poker, make_dealer):
    dealer = make_dealer(club_poker)
    table = services.table_create(actor=floor_manager, room=home_room(), number=5, seats=6, game_id=club_poker.pk)
    before = timezone.now() - timedelta(seconds=1)
    _reopen(floor_manager, table, dealer)
    first = selectors.sign_current(table_id=table.pk)
    assert selectors.sign_in_force(table_id=table.pk, at=before) is None
    assert selectors.sign_in_force(table_id=table.pk, at=timezone.now()) == first
    services.dealer_release(actor=floor_manager, table_id=table.pk)
    services.table_close(actor=floor_manager, table_id=table.pk)
    first.refresh_from_db()
    assert selectors.sign_in_force(table_id=table.pk, at=first.valid_to) is None
    assert selectors.sign_in_force(table_id=table.pk, at=first.valid_from) == first


def test_refresh_without_change_keeps_the_version(floor_manager, club_poker, open_table):
    table = open_table(club_poker)
    current = selectors.sign_current(table_id=table.pk)
    assert services.table_sign_refresh(actor=floor_manager, table_id=table.pk, fee_words=sign_fee_words) == current
    assert len(selectors.sign_history(table_id=table.pk)) == 1
