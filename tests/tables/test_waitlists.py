"""Waitlists: fair order, calls with a response timer (Celery task), call-ins, seating from the list."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from config.errors import DomainError
from tables import selectors, services, tasks
from tables.models import WaitlistEndReason, WaitlistEntry, WaitlistSource, WaitlistStatus
from tests.factories import home_room


def _names(game):
    return [e.player.first_name for e in selectors.waitlist_entries(room=home_room(), game_id=game.pk)]


def test_fair_order_is_first_come_first_served(floor_manager, club_poker, make_player):
    for name in ("Armen", "Lina", "Tigran"):
        services.waitlist_add(
            actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=make_player(name).pk
        )
    assert _names(club_poker) == ["Armen", "Lina", "Tigran"]
    third = selectors.waitlist_entries(room=home_room(), game_id=club_poker.pk)[2]
    with pytest.raises(DomainError) as refused:
        services.waitlist_call(actor=floor_manager, entry_id=third.pk)
    assert refused.value.code == "out_of_order"
    assert "Armen" in refused.value.message


def test_a_player_is_once_on_a_list(floor_manager, club_poker, make_player):
    player = make_player()
    services.waitlist_add(actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=player.pk)
    with pytest.raises(DomainError, match="already on"):
        services.waitlist_add(actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=player.pk)
    assert WaitlistEntry.objects.count() == 1


def test_seat_from_the_list(floor_manager, club_poker, open_table, make_player):
    table = open_table(club_poker)
    entry = services.waitlist_add(
        actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=make_player().pk
    )
    services.waitlist_call(actor=floor_manager, entry_id=entry.pk)
    seated = services.waitlist_seat(actor=floor_manager, entry_id=entry.pk, table_id=table.pk)
    assert seated.status == WaitlistStatus.SEATED
    assert seated.seat_session.table == table
    assert _names(club_poker) == []


def test_expired_call_drops_to_the_end(floor_manager, club_poker, make_player, settings):
    settings.CARDROOM_WAITLIST_CALL_EXPIRY = "requeue"
    first, _second = (
        services.waitlist_add(actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=make_player(n).pk)
        for n in ("Armen", "Lina")
    )
    services.waitlist_call(actor=floor_manager, entry_id=first.pk, minutes=1)
    assert tasks.waitlist_expire_calls.delay().get() == {"calls_expired": 0, "check_ins_missed": 0}
    WaitlistEntry.objects.filter(pk=first.pk).update(call_expires_at=timezone.now() - timedelta(seconds=1))
    assert tasks.waitlist_expire_calls.delay().get()["calls_expired"] == 1
    assert _names(club_poker) == ["Lina", "Armen"]
    first.refresh_from_db()
    assert (first.status, first.end_reason) == (WaitlistStatus.REMOVED, WaitlistEndReason.REQUEUED)
    assert first.requeued_as.first_joined_at == first.first_joined_at


def test_expired_call_drops_off_when_configured(floor_manager, club_poker, make_player, settings):
    settings.CARDROOM_WAITLIST_CALL_EXPIRY = "remove"
    entry = services.waitlist_add(
        actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=make_player().pk
    )
    services.waitlist_call(actor=floor_manager, entry_id=entry.pk)
    services.waitlist_expire_calls(now=timezone.now() + timedelta(minutes=10))
    entry.refresh_from_db()
    assert entry.end_reason == WaitlistEndReason.CALL_EXPIRED
    assert _names(club_poker) == []


def test_call_in_must_check_in_before_the_deadline(floor_manager, club_poker, make_player):
    late = services.waitlist_add(
        actor=floor_manager,
        room=home_room(),
        game_id=club_poker.pk,
        player_id=make_player("Late").pk,
        source=WaitlistSource.CALL_IN,
    )
    here = services.waitlist_add(
        actor=floor_manager,
        room=home_room(),
        game_id=club_poker.pk,
        player_id=make_player("Here").pk,
        source=WaitlistSource.CALL_IN,
    )
    assert late.check_in_by is not None
    with pytest.raises(DomainError, match="checked in"):
        services.waitlist_call(actor=floor_manager, entry_id=late.pk)
    services.waitlist_check_in(actor=floor_manager, entry_id=here.pk)
    services.waitlist_call(actor=floor_manager, entry_id=here.pk)
    result = services.waitlist_expire_calls(now=late.check_in_by + timedelta(seconds=1))
    assert result["check_ins_missed"] == 1
    late.refresh_from_db()
    assert late.end_reason == WaitlistEndReason.CHECK_IN_MISSED


def test_removal_keeps_the_row_and_needs_a_reason(floor_manager, club_poker, make_player):
    entry = services.waitlist_add(
        actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=make_player().pk
    )
    with pytest.raises(DomainError, match="reason"):
        services.waitlist_remove(actor=floor_manager, entry_id=entry.pk, reason="bored")
    services.waitlist_remove(actor=floor_manager, entry_id=entry.pk, reason=WaitlistEndReason.NO_SHOW)
    entry.refresh_from_db()
    assert (entry.status, entry.ended_by) == (WaitlistStatus.REMOVED, floor_manager)


def test_interest_list_for_a_game_not_running(floor_manager, holdem_full, make_player):
    services.waitlist_add(actor=floor_manager, room=home_room(), game_id=holdem_full.pk, player_id=make_player().pk)
    [lst] = selectors.waitlists_by_game(room=home_room())
    assert lst.game == holdem_full and lst.is_interest_list


def test_analytics_average_and_longest_wait(floor_manager, club_poker, open_table, make_player):
    table = open_table(club_poker)
    now = timezone.now()
    for minutes in (10, 30):
        entry = services.waitlist_add(
            actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=make_player().pk
        )
        WaitlistEntry.objects.filter(pk=entry.pk).update(
            first_joined_at=now - timedelta(minutes=minutes), queued_at=now - timedelta(minutes=minutes)
        )
    for entry in list(selectors.waitlist_entries(room=home_room(), game_id=club_poker.pk)):
        services.waitlist_seat(actor=floor_manager, entry_id=entry.pk, table_id=table.pk)
    from config.gaming_day import current_gaming_day

    [stats] = selectors.waitlist_analytics(room=home_room(), start=current_gaming_day())
    assert stats.seated == 2
    assert timedelta(minutes=19) < stats.average < timedelta(minutes=21)
    assert timedelta(minutes=29) < stats.longest < timedelta(minutes=31)


def test_seat_from_the_list_with_the_entry_choice(
    floor_manager, holdem_full, open_table, make_player, api_for, client_for
):
    """At Hold'em the floor says how a player called from the list enters a running game (R12, case 7)."""
    from django.urls import reverse

    from tables.models import SeatSession

    table = open_table(holdem_full)
    first, second, third = (
        services.waitlist_add(actor=floor_manager, room=home_room(), game_id=holdem_full.pk, player_id=make_player().pk)
        for _ in range(3)
    )
    with pytest.raises(DomainError) as refused:
        services.waitlist_seat(actor=floor_manager, entry_id=first.pk, table_id=table.pk, seat_entry="later")
    assert refused.value.code == "bad_entry"
    assert not SeatSession.objects.filter(table=table).exists()
    assert WaitlistEntry.objects.get(pk=first.pk).status == WaitlistStatus.WAITING
    api = api_for(floor_manager)
    url = f"/api/v1/floor/waitlists/entries/{first.pk}/seat/"
    assert api.post(url, {"table_id": table.pk, "entry": "x"}, format="json").status_code == 400
    assert api.post(url, {"table_id": table.pk, "entry": "post"}, format="json").status_code == 200
    assert SeatSession.objects.get(player_id=first.player_id, ended_at__isnull=True).entry == "post"
    page = client_for(floor_manager)
    assert 'name="entry"' in page.get(reverse("floor:waitlists")).content.decode()
    page.post(
        reverse("floor:waitlist_action", args=[second.pk, "seat"]),
        {"table_id": table.pk, "entry": "wait", "buy_in": "100000"},
    )
    assert SeatSession.objects.get(player_id=second.player_id, ended_at__isnull=True).entry == "wait"
    services.waitlist_seat(actor=floor_manager, entry_id=third.pk, table_id=table.pk)
    assert SeatSession.objects.get(player_id=third.player_id, ended_at__isnull=True).entry == ""  # waits


def _call_and_let_expire(actor, entry: WaitlistEntry) -> WaitlistEntry:
    """Call ``entry``, let the call run out and run the beat task; the entry that follows it."""
    services.waitlist_call(actor=actor, entry_id=entry.pk, minutes=1)
    WaitlistEntry.objects.filter(pk=entry.pk).update(call_expires_at=timezone.now() - timedelta(seconds=1))
    assert tasks.waitlist_expire_calls.delay().get()["calls_expired"] == 1
    return WaitlistEntry.objects.get(requeued_from=entry)


@pytest.mark.parametrize("place", ["back", "keep_once"])
def test_a_missed_call_is_noted_and_the_house_rule_places_the_player(
    floor_manager, club_poker, make_player, settings, place, client_for
):
    settings.CARDROOM_WAITLIST_CALL_EXPIRY = "requeue"
    settings.CARDROOM_WAITLIST_MISSED_CALL_PLACE = place
    armen, lina = (
        services.waitlist_add(actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=make_player(n).pk)
        for n in ("Armen", "Lina")
    )
    again = _call_and_let_expire(floor_manager, armen)
    assert (again.missed_calls, again.missed_call_at) == (1, again.created_at)
    if place == "keep_once":
        assert again.queued_at == armen.queued_at and _names(club_poker) == ["Armen", "Lina"]
    else:
        assert again.queued_at == again.created_at and _names(club_poker) == ["Lina", "Armen"]
    html = client_for(floor_manager).get(reverse("floor:waitlists")).content.decode()
    row = html[html.index(f'data-entry="{again.pk}"') :]
    row = row[: row.index("</li>")]
    assert "data-missed-call" in row and f"missed the call at {timezone.localtime(again.created_at):%H:%M}" in row
    lina_row = html[html.index(f'data-entry="{lina.pk}"') :]
    assert "data-missed-call" not in lina_row[: lina_row.index("</li>")]

    services.waitlist_remove(actor=floor_manager, entry_id=lina.pk, reason=WaitlistEndReason.LEFT)
    later = make_player("Tigran")
    tigran = services.waitlist_add(actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=later.pk)
    twice = _call_and_let_expire(floor_manager, again)
    # The original time is kept once only: a second missed call goes to the end, under either rule.
    assert twice.missed_calls == 2 and twice.queued_at > tigran.queued_at
    assert _names(club_poker) == ["Tigran", "Armen"]
    html = client_for(floor_manager).get(reverse("floor:waitlists")).content.decode()
    assert "missed 2 calls, the last at" in html


def test_a_call_expired_off_the_list_leaves_no_note_on_it(floor_manager, club_poker, make_player, settings):
    settings.CARDROOM_WAITLIST_CALL_EXPIRY = "remove"
    settings.CARDROOM_WAITLIST_MISSED_CALL_PLACE = "keep_once"
    entry = services.waitlist_add(
        actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=make_player().pk
    )
    services.waitlist_call(actor=floor_manager, entry_id=entry.pk)
    services.waitlist_expire_calls(now=timezone.now() + timedelta(minutes=10))
    assert not WaitlistEntry.objects.filter(missed_calls__gt=0).exists() and _names(club_poker) == []
