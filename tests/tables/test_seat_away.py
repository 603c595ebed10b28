"""Time away from the table: away and back, the refusals, a session's end closing its away, the API and page."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.db import DatabaseError, IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from config.errors import DomainError
from tables import selectors, services
from tables.models import AwayReturn, ExpulsionDuration, Game, Player, SeatAway, SeatSession, Table
from tests.factories import home_room

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(open_table: Callable[..., Table], club_poker: Game) -> Table:
    return open_table(club_poker, number=7)


@pytest.fixture
def session(floor_manager: User, table: Table, make_player: Callable[..., Player]) -> SeatSession:
    return services.seat_player(actor=floor_manager, table_id=table.pk, player_id=make_player().pk, seat_number=3)


def _refusal(call: Callable[[], object]) -> DomainError:
    with pytest.raises(DomainError) as exc:
        call()
    return exc.value


def _dealer_of(table: Table) -> User:
    return table.dealer_assignments.get(ended_at__isnull=True).dealer


def test_away_then_back_records_who_and_when(floor_manager: User, table: Table, session: SeatSession) -> None:
    away = services.seat_away_start(actor=floor_manager, session_id=session.pk)
    assert (away.seat_session, away.table, away.started_by, away.ended_at) == (session, table, floor_manager, None)
    assert selectors.seat_is_away(session_id=session.pk)
    assert list(selectors.aways_open(table_id=table.pk)) == [session.pk]
    back = services.seat_away_end(actor=floor_manager, session_id=session.pk)
    assert back.pk == away.pk and back.ended_by == floor_manager and back.return_choice == AwayReturn.POST
    assert back.ended_at is not None and back.ended_at >= back.started_at
    assert not selectors.seat_is_away(session_id=session.pk)
    assert selectors.away_intervals(session_ids=[session.pk]) == {session.pk: [(back.started_at, back.ended_at)]}
    again = services.seat_away_start(actor=floor_manager, session_id=session.pk)
    assert SeatAway.objects.filter(seat_session=session).count() == 2
    assert selectors.aways_open(table_id=table.pk)[session.pk] == again


def test_a_second_away_is_refused(floor_manager: User, session: SeatSession) -> None:
    services.seat_away_start(actor=floor_manager, session_id=session.pk)
    refused = _refusal(lambda: services.seat_away_start(actor=floor_manager, session_id=session.pk))
    assert (refused.code, refused.status) == ("already_away", 409)
    assert "already away from seat 3" in refused.message
    assert SeatAway.objects.filter(seat_session=session).count() == 1


def test_back_when_not_away_is_refused(floor_manager: User, session: SeatSession) -> None:
    refused = _refusal(lambda: services.seat_away_end(actor=floor_manager, session_id=session.pk))
    assert (refused.code, refused.status) == ("not_away", 409)
    assert "is not away from seat 3 at table 7" in refused.message


def test_a_bad_return_choice_is_refused(floor_manager: User, session: SeatSession) -> None:
    services.seat_away_start(actor=floor_manager, session_id=session.pk)
    refused = _refusal(lambda: services.seat_away_end(actor=floor_manager, session_id=session.pk, choice="later"))
    assert refused.code == "bad_return_choice"
    assert selectors.seat_is_away(session_id=session.pk)


def test_away_only_at_an_open_table_but_back_also_while_paused(
    floor_manager: User, table: Table, session: SeatSession
) -> None:
    services.seat_away_start(actor=floor_manager, session_id=session.pk)
    services.table_pause(actor=floor_manager, table_id=table.pk)
    assert services.seat_away_end(actor=floor_manager, session_id=session.pk).ended_at is not None
    refused = _refusal(lambda: services.seat_away_start(actor=floor_manager, session_id=session.pk))
    assert refused.code == "table_not_open"
    assert "Table 7 is paused" in refused.message


def test_an_ended_session_is_refused(floor_manager: User, session: SeatSession) -> None:
    services.seat_stand_up(actor=floor_manager, session_id=session.pk)
    for call in (services.seat_away_start, services.seat_away_end):
        refused = _refusal(lambda call=call: call(actor=floor_manager, session_id=session.pk))
        assert (refused.code, refused.status) == ("session_ended", 409)
    assert _refusal(lambda: services.seat_away_start(actor=floor_manager, session_id=999_999)).status == 404


def test_standing_up_closes_the_open_away_at_the_same_moment(floor_manager: User, session: SeatSession) -> None:
    away = services.seat_away_start(actor=floor_manager, session_id=session.pk)
    ended = services.seat_stand_up(actor=floor_manager, session_id=session.pk)
    away.refresh_from_db()
    assert away.ended_at == ended.ended_at and away.ended_by == floor_manager
    assert away.return_choice == ""


def test_a_move_closes_the_away_and_the_new_seat_is_not_away(
    floor_manager: User, table: Table, session: SeatSession
) -> None:
    away = services.seat_away_start(actor=floor_manager, session_id=session.pk)
    new = services.seat_move(actor=floor_manager, session_id=session.pk, table_id=table.pk, seat_number=5)
    away.refresh_from_db()
    session.refresh_from_db()
    assert away.ended_at == session.ended_at
    assert not selectors.seat_is_away(session_id=new.pk)
    assert selectors.aways_open(table_id=table.pk) == {}


def test_an_expulsion_closes_the_away(floor_manager: User, session: SeatSession) -> None:
    away = services.seat_away_start(actor=floor_manager, session_id=session.pk)
    services.expulsion_create(
        actor=floor_manager,
        room=home_room(),
        player_id=session.player_id,
        rule="R1",
        reason="abuse",
        duration=ExpulsionDuration.UNTIL,
        until=timezone.now() + timedelta(days=1),
    )
    away.refresh_from_db()
    session.refresh_from_db()
    assert session.ended_at is not None and away.ended_at == session.ended_at


def test_the_tables_dealer_marks_away_and_back_another_dealer_may_not(
    table: Table,
    session: SeatSession,
    open_table: Callable[..., Table],
    club_poker: Game,
    cashier: User,
) -> None:
    dealer = _dealer_of(table)
    away = services.seat_away_start(actor=dealer, session_id=session.pk)
    assert away.started_by == dealer
    other_dealer = _dealer_of(open_table(club_poker))
    refused = _refusal(lambda: services.seat_away_end(actor=other_dealer, session_id=session.pk))
    assert (refused.code, refused.status) == ("not_your_table", 403)
    assert _refusal(lambda: services.seat_away_end(actor=cashier, session_id=session.pk)).status == 403
    assert services.seat_away_end(actor=dealer, session_id=session.pk).ended_by == dealer


def test_the_database_refuses_two_open_aways_and_an_end_before_the_start(
    floor_manager: User, table: Table, session: SeatSession
) -> None:
    now = timezone.now()
    fields = {"seat_session": session, "table": table, "started_by": floor_manager, "created_by": floor_manager}
    SeatAway.objects.create(started_at=now, created_at=now, **fields)
    with pytest.raises(IntegrityError), transaction.atomic():
        SeatAway.objects.create(started_at=now, created_at=now, **fields)
    with pytest.raises(IntegrityError), transaction.atomic():
        SeatAway.objects.create(
            started_at=now,
            created_at=now,
            ended_at=now - timedelta(minutes=1),
            ended_by=floor_manager,
            **fields,
        )


def test_postgres_allows_only_the_end_of_an_away_once(
    on_postgres: None, floor_manager: User, dealer: User, session: SeatSession
) -> None:
    away = services.seat_away_start(actor=floor_manager, session_id=session.pk)
    rows = SeatAway.objects.filter(pk=away.pk)
    with pytest.raises(DatabaseError), transaction.atomic():
        rows.update(started_at=away.started_at - timedelta(hours=1))
    with pytest.raises(DatabaseError), transaction.atomic():
        rows.delete()
    services.seat_away_end(actor=floor_manager, session_id=session.pk)
    with pytest.raises(DatabaseError), transaction.atomic():
        rows.update(ended_at=timezone.now() + timedelta(hours=1), ended_by=dealer)
    assert rows.get().ended_by == floor_manager


# --- API ---------------------------------------------------------------------------------------


def test_api_away_back_and_list(floor_manager: User, accountant: User, session: SeatSession, api_for) -> None:
    client = api_for(floor_manager)
    away_url = reverse("api:floor-seat-away", args=[session.pk])
    back_url = reverse("api:floor-seat-back", args=[session.pk])
    created = client.post(away_url, {}, format="json")
    assert created.status_code == 201, created.content
    body = created.json()
    assert (body["seat_session"], body["seat_number"], body["table_number"]) == (session.pk, 3, 7)
    assert (body["started_by"], body["ended_at"], body["ended_by"]) == ("floor_manager", None, None)
    twice = client.post(away_url, {}, format="json")
    assert twice.status_code == 409 and twice.json()["error"]["code"] == "already_away"
    bad = client.post(back_url, {"choice": "later"}, format="json")
    assert bad.status_code == 400
    back = client.post(back_url, {"choice": "wait"}, format="json")
    assert back.status_code == 200, back.content
    assert (back.json()["return_choice"], back.json()["ended_by"]) == ("wait", "floor_manager")
    not_away = client.post(back_url, {}, format="json")
    assert not_away.status_code == 409 and not_away.json()["error"]["code"] == "not_away"
    listed = api_for(accountant).get(reverse("api:floor-seat-aways", args=[session.pk]))
    assert listed.status_code == 200
    assert [row["id"] for row in listed.json()["results"]] == [body["id"]]


def test_api_a_dealer_of_another_table_is_refused(
    session: SeatSession, open_table: Callable[..., Table], club_poker: Game, api_for
) -> None:
    other_dealer = _dealer_of(open_table(club_poker))
    refused = api_for(other_dealer).post(reverse("api:floor-seat-away", args=[session.pk]), {}, format="json")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_your_table"
    assert not selectors.seat_is_away(session_id=session.pk)


# --- the table page ------------------------------------------------------------------------------


def test_page_away_and_back_buttons(
    floor_manager: User, accountant: User, table: Table, session: SeatSession, client_for
) -> None:
    page_url = reverse("floor:table", args=[table.pk])
    client = client_for(floor_manager)
    html = client.get(page_url).content.decode()
    away_url = reverse("floor:seat_away", args=[session.pk])
    assert f'action="{away_url}"' in html and "data-away" not in html
    response = client.post(away_url, {"next": page_url})
    assert response.status_code == 302 and response["Location"] == page_url
    away = SeatAway.objects.get(seat_session=session, ended_at__isnull=True)
    html = client.get(page_url).content.decode()
    since = timezone.localtime(away.started_at).strftime("%H:%M")
    assert "data-away" in html and f"since {since}" in html
    back_url = reverse("floor:seat_back", args=[session.pk])
    assert f'action="{back_url}"' in html and f'action="{away_url}"' not in html
    assert "waits for the big blind" not in html  # Club Poker has no blinds
    assert 'action="' + back_url not in client_for(accountant).get(page_url).content.decode()
    response = client.post(back_url, {"next": page_url})
    assert response.status_code == 302
    away.refresh_from_db()
    assert away.ended_at is not None and away.return_choice == AwayReturn.POST


def test_page_the_dealer_marks_away_a_refusal_is_a_message(table: Table, session: SeatSession, client_for) -> None:
    dealer = _dealer_of(table)
    page_url = reverse("floor:table", args=[table.pk])
    client = client_for(dealer)
    assert f'action="{reverse("floor:seat_away", args=[session.pk])}"' in client.get(page_url).content.decode()
    client.post(reverse("floor:seat_away", args=[session.pk]), {"next": page_url})
    assert selectors.seat_is_away(session_id=session.pk)
    refused = client.post(reverse("floor:seat_away", args=[session.pk]), {"next": page_url}, follow=True)
    assert "is already away from seat 3" in refused.content.decode()


def test_page_holdem_offers_waiting_for_the_big_blind(
    floor_manager: User, open_table: Callable[..., Table], holdem_full: Game, make_player, client_for
) -> None:
    table = open_table(holdem_full)
    session = services.seat_player(actor=floor_manager, table_id=table.pk, player_id=make_player().pk)
    services.seat_away_start(actor=floor_manager, session_id=session.pk)
    page_url = reverse("floor:table", args=[table.pk])
    client = client_for(floor_manager)
    assert "waits for the big blind" in client.get(page_url).content.decode()
    refused = client.post(reverse("floor:seat_back", args=[session.pk]), {"choice": "later"}, follow=True)
    assert "is not a return choice" in refused.content.decode()
    assert SeatAway.objects.get(seat_session=session).ended_at is None  # a bad choice changes nothing
    client.post(reverse("floor:seat_back", args=[session.pk]), {"next": page_url, "choice": "wait"})
    assert SeatAway.objects.get(seat_session=session).return_choice == AwayReturn.WAIT


def test_the_floor_map_and_the_tables_api_show_who_is_away(
    floor_manager: User, table: Table, session: SeatSession, client_for, api_for
) -> None:
    away = services.seat_away_start(actor=floor_manager, session_id=session.pk)
    since = timezone.localtime(away.started_at).strftime("%H:%M")
    page = client_for(floor_manager).get(reverse("floor:floor")).content.decode()
    assert f"away {since}" in page
    [row] = [t for t in api_for(floor_manager).get("/api/v1/floor/tables/").json()["results"] if t["id"] == table.pk]
    [seated] = row["seated"]
    assert seated["seat_number"] == 3 and seated["away_since"] is not None
    services.seat_away_end(actor=floor_manager, session_id=session.pk)
    assert "away " not in client_for(floor_manager).get(reverse("floor:floor")).content.decode()
    [row] = [t for t in api_for(floor_manager).get("/api/v1/floor/tables/").json()["results"] if t["id"] == table.pk]
    assert row["seated"][0]["away_since"] is None
