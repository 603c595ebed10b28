"""The accountant's fee report, its exports and the drop reconciliation are a room's, or the group's: an
accountant of one room reads that room only (another room named is refused, 403 ``not_your_room``; its
exports are unknown), a group accountant reads every room side by side, with a room column and one total
per currency (a dram and a euro cent are never added), and a drop count is started and counted only by
staff of the table's room."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from config.errors import Forbidden, NotFound
from config.gaming_day import current_gaming_day
from config.roles import Role
from games.services import scenarios
from games.services.hand_fees import hand_fees_post
from rake.models import ReportExport
from rake.selectors import drop_reconciliation, export_get_for, fee_report
from rake.services import check_filters, drop_count_start, export_create
from rooms.models import Room
from tables.models import Game, Table
from tests.factories import UserFactory, home_room
from tests.rake.helpers import stock_chips

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_rooms(
    vilnius_holdem: Game,
    vilnius: Room,
    holdem_ring: Game,
    open_table: Callable[..., Table],
    quick_hand: Callable[..., Any],
    floor_manager,
) -> tuple[Table, Table]:
    """A table in each room with one hand's fee posted: 3,000 dram at home, 12.50 euros in Vilnius."""
    ours = open_table(holdem_ring)
    hand_fees_post(actor=floor_manager, hand_id=quick_hand(ours, pot=100_000, fee=3_000).pk)
    manager = UserFactory(roles=[Role.FLOOR_MANAGER], rooms=[vilnius])
    dealer = UserFactory(roles=[Role.DEALER], rooms=[vilnius])
    theirs = scenarios.open_table_with_dealer(actor=manager, room=vilnius, game=vilnius_holdem, dealer=dealer, number=1)
    stock_chips(room=vilnius)  # euro cents: the Vilnius players' chips
    hand_fees_post(actor=manager, hand_id=quick_hand(theirs, pot=50_000, fee=1_250).pk)
    return ours, theirs


def _filters(reader: User, *, room_id: int | None = None, table_id: int | None = None, group_by: str = "table"):
    day = current_gaming_day()
    return check_filters(reader=reader, day_from=day, day_to=day, group_by=group_by, room_id=room_id, table_id=table_id)


def test_an_accountant_of_one_room_reads_that_room_only(accountant: User, two_rooms, vilnius: Room) -> None:
    ours, theirs = two_rooms
    report = fee_report(_filters(accountant))
    assert [(row.room, row.key, row.fees) for row in report.rows] == [(home_room(), ours.pk, 3_000)]
    assert [(t.currency, t.fees) for t in report.totals] == [("AMD", 3_000)]
    for named in ({"room_id": vilnius.pk}, {"table_id": theirs.pk}):
        with pytest.raises(Forbidden) as refused:
            _filters(accountant, **named)
        assert refused.value.code == "not_your_room"


def test_a_group_accountant_reads_every_room_with_a_total_per_currency(two_rooms, vilnius: Room) -> None:
    group = UserFactory(roles=[Role.ACCOUNTANT], rooms=[None])
    report = fee_report(_filters(group, group_by="gaming_day"))
    assert report.several_rooms and [r.name for r in report.rooms] == ["Cardroom", "Salon Neris"]
    # One row per room and day: the day's fees are not summed across the two currencies.
    assert [(row.room.name, row.currency, row.fees) for row in report.rows] == [
        ("Cardroom", "AMD", 3_000),
        ("Salon Neris", "EUR", 1_250),
    ]
    assert [(t.label, t.fees) for t in report.totals] == [("Total AMD", 3_000), ("Total EUR", 1_250)]
    assert [(chart.currency, [fees for _day, fees in chart.bars]) for chart in report.fees_per_day] == [
        ("AMD", [3_000]),
        ("EUR", [1_250]),
    ]
    by_room = fee_report(_filters(group, group_by="room"))
    assert [(row.label, row.hands, row.fees) for row in by_room.rows] == [
        ("Cardroom", 1, 3_000),
        ("Salon Neris", 1, 1_250),
    ]
    only = fee_report(_filters(group, room_id=vilnius.pk))
    assert [row.room for row in only.rows] == [vilnius] and not only.several_rooms


def test_the_groups_page_and_csv_have_a_room_column_and_each_rooms_money(
    two_rooms, client_for: Callable[[User | None], Client]
) -> None:
    client = client_for(UserFactory(roles=[Role.ACCOUNTANT], rooms=[None]))
    page = client.get(reverse("rake:reports"), {"group_by": "table", "room": ""})
    html = page.content.decode()
    assert page.status_code == 200
    assert "Total AMD" in html and "Total EUR" in html and "12.50" in html and "3,000" in html
    assert html.count("<svg") == 4  # fees per day and per table, in each currency
    answer = client.get(reverse("rake:report_csv"), {"group_by": "table", "room": ""})
    rows = list(csv.reader(io.StringIO(answer.content.decode())))
    assert rows[0][:4] == ["room", "currency", "table", "hands dealt"]
    assert [(r[0], r[1], r[5]) for r in rows[1:]] == [
        ("Cardroom", "AMD", "3000"),
        ("Salon Neris", "EUR", "12.50"),
        ("", "AMD", "3000"),
        ("", "EUR", "12.50"),
    ]


def test_the_detail_export_names_each_records_room_and_money(two_rooms, tmp_path, settings) -> None:
    from rake.services import exporters

    group = UserFactory(roles=[Role.ACCOUNTANT], rooms=[None])
    rows = list(exporters.detail_rows(_filters(group)))
    assert [(row[0], row[1], row[13], row[14]) for row in rows] == [
        ("cardroom", "AMD", 100_000, 3_000),
        ("vilnius", "EUR", exporters.money(50_000, 2), exporters.money(1_250, 2)),
    ]
    assert str(rows[1][14]) == "12.50"


def test_an_export_of_the_group_is_unknown_to_an_accountant_of_one_room(accountant: User, two_rooms) -> None:
    group = UserFactory(roles=[Role.ACCOUNTANT], rooms=[None])
    export = export_create(actor=group, format="csv", content="summary", filters=_filters(group))
    assert export_get_for(user=group, export_id=export.pk) == export
    with pytest.raises(NotFound):
        export_get_for(user=accountant, export_id=export.pk)
    mine = export_create(actor=accountant, format="csv", content="summary", filters=_filters(accountant))
    assert export_get_for(user=group, export_id=mine.pk) == mine


def test_an_export_from_before_the_rooms_is_the_first_rooms(accountant: User, two_rooms, vilnius: Room) -> None:
    """Its filters name no room: the installation was its first room then, whose accountants keep it."""
    export = export_create(actor=accountant, format="csv", content="summary", filters=_filters(accountant))
    legacy = {k: v for k, v in export.filters.items() if k != "room_ids"}
    ReportExport.objects.filter(pk=export.pk).update(filters=legacy)
    assert export_get_for(user=accountant, export_id=export.pk).pk == export.pk
    with pytest.raises(NotFound):
        export_get_for(user=UserFactory(roles=[Role.ACCOUNTANT], rooms=[vilnius]), export_id=export.pk)


def test_the_drop_reconciliation_and_counts_are_the_tables_rooms(
    floor_manager: User, two_rooms, vilnius: Room, client_for: Callable[[User | None], Client]
) -> None:
    ours, theirs = two_rooms
    day = current_gaming_day()
    assert [row.table_id for row in drop_reconciliation(gaming_day=day, room_ids=[home_room().pk])] == [ours.pk]
    both = drop_reconciliation(gaming_day=day, room_ids=[home_room().pk, vilnius.pk])
    assert [(row.room, row.fees_posted) for row in both] == [(home_room(), 3_000), (vilnius, 1_250)]
    with pytest.raises(Forbidden) as refused:
        drop_count_start(actor=floor_manager, table_id=theirs.pk)
    assert refused.value.code == "not_your_room"
    assert drop_count_start(actor=floor_manager, table_id=ours.pk).table == ours
    page = client_for(floor_manager).get(reverse("rake:drop_counts"))
    assert [row.table_id for row in page.context["rows"]] == [ours.pk]
    assert [t.pk for t in page.context["tables"]] == [ours.pk]


def test_the_api_reads_the_users_rooms_and_refuses_another(
    accountant: User, two_rooms, vilnius: Room, api_for: Callable[[User], Any]
) -> None:
    day = current_gaming_day().isoformat()
    api = api_for(accountant)
    body = api.get(reverse("api:fee_report"), {"day_from": day, "day_to": day}).json()
    assert [(r["room"], r["currency"]) for r in body["rows"]] == [(home_room().pk, "AMD")]
    refused = api.get(reverse("api:fee_report"), {"day_from": day, "day_to": day, "room": vilnius.pk})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_your_room"
    refused = api.get(reverse("api:drop_reconciliation"), {"gaming_day": day, "room": vilnius.pk})
    assert refused.status_code == 403
    rows = api.get(reverse("api:drop_reconciliation"), {"gaming_day": day}).json()
    assert [(r["room"], r["currency"]) for r in rows] == [(home_room().pk, "AMD")]


def test_the_groups_api_writes_each_rows_amounts_in_its_rooms_money(two_rooms, api_for) -> None:
    """Whatever room the request is in, a row of the euro room says 12.50, one of the dram room 3000."""
    day = current_gaming_day().isoformat()
    api = api_for(UserFactory(roles=[Role.ACCOUNTANT], rooms=[None]))
    body = api.get(reverse("api:fee_report"), {"day_from": day, "day_to": day, "group_by": "table"}).json()
    assert [(r["currency"], r["fees"]) for r in body["rows"]] == [("AMD", "3000"), ("EUR", "12.50")]
    assert [(t["currency"], t["fees"]) for t in body["totals"]] == [("AMD", "3000"), ("EUR", "12.50")]
    assert [(r["currency"], r["fees"]) for r in body["fees_per_day"]] == [("AMD", "3000"), ("EUR", "12.50")]
    rows = api.get(reverse("api:drop_reconciliation"), {"gaming_day": day}).json()
    assert [(r["currency"], r["fees_posted"]) for r in rows] == [("AMD", "3000"), ("EUR", "12.50")]


def test_a_fee_is_set_by_staff_of_the_rooms_it_reaches(floor_manager: User, two_rooms) -> None:
    """A table's fee by its room's floor manager; a game's default, which reaches its tables in every room,
    only by someone who works in all of them."""
    from decimal import Decimal

    from rake.services import fee_policy_set

    ours, theirs = two_rooms
    percent = {"kind": "percentage", "rate": Decimal("0.04"), "cap_per_hand": 1_000, "reason": "test"}
    for scope in ({"table_id": theirs.pk}, {"game_id": theirs.game_id}):
        with pytest.raises(Forbidden) as refused:
            fee_policy_set(actor=floor_manager, **scope, **percent)
        assert refused.value.code == "not_your_room"
    assert fee_policy_set(actor=floor_manager, table_id=ours.pk, **percent).table == ours
    group = UserFactory(roles=[Role.FLOOR_MANAGER], rooms=[None])
    assert fee_policy_set(actor=group, game_id=theirs.game_id, **percent).game_id == theirs.game_id
