"""The history log: filtered by record, object, user and days, paginated, exported to CSV; its
queries do not grow with the rows shown (SQLite and PostgreSQL alike)."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from config.roles import Role
from tables import services
from tests.factories import UserFactory, home_room

# The history rows take their time from PostgreSQL (NOW() in the triggers): the test reads them on the
# machine's clock.
pytestmark = [pytest.mark.django_db, pytest.mark.real_clock]

LOG = reverse("audit:log")
CSV = reverse("audit:csv")


def _edit(client, player_id: int, alias: str):
    """A floor manager's correction of a player's alias on the player's page."""
    return client.post(reverse("tables:player_edit", args=[player_id]), {"alias": alias, "id_document_type": ""})


@pytest.fixture
def edits(floor_manager, make_player, client_for):
    """Ace corrected by the floor manager, Bee by another, and a table created by a service call."""
    ace, bee = make_player(alias="Ace"), make_player(alias="Bee")
    other = UserFactory(username="night_floor", roles=[Role.FLOOR_MANAGER])
    _edit(client_for(floor_manager), ace.pk, "King")
    _edit(client_for(other), bee.pk, "Queen")
    table = services.table_create(actor=floor_manager, room=home_room(), number=7, seats=6)
    return {"ace": ace, "bee": bee, "table": table}


def _rows(response) -> list[tuple[str, str]]:
    """(record, object) of each change listed, newest first."""
    html = response.content.decode()
    return [
        (chunk.split('"', 1)[0], chunk.split('data-object="', 1)[1].split('"', 1)[0])
        for chunk in html.split('class="change" data-record="')[1:]
    ]


def test_filters_by_record_object_user_and_days(edits, accountant, client_for):
    reader = client_for(accountant)
    ace, bee, table = edits["ace"].pk, edits["bee"].pk, edits["table"].pk
    everything = _rows(reader.get(LOG))
    assert ("table", str(table)) in everything and ("player", str(ace)) in everything

    assert set(_rows(reader.get(LOG, {"model": "player"}))) == {("player", str(ace)), ("player", str(bee))}
    assert _rows(reader.get(LOG, {"model": "player", "object": ace})) == [("player", str(ace))] * 2
    assert _rows(reader.get(LOG, {"user": "FLOOR_MANAGER"})) == [("player", str(ace))]
    today = timezone.localdate()
    assert len(_rows(reader.get(LOG, {"since": today, "until": today}))) == len(everything)
    assert _rows(reader.get(LOG, {"since": today + timedelta(days=1)})) == []
    assert _rows(reader.get(LOG, {"until": today - timedelta(days=1)})) == []


def test_a_bad_filter_is_refused_with_its_reason(edits, accountant, client_for):
    reader = client_for(accountant)
    unknown = reader.get(LOG, {"user": "nobody"})
    assert unknown.status_code == 400 and "There is no user nobody." in unknown.content.decode()
    backwards = reader.get(LOG, {"since": "2026-02-02", "until": "2026-02-01"})
    assert backwards.status_code == 400 and _rows(backwards) == []
    assert reader.get(LOG, {"model": "ledger"}).status_code == 400
    assert reader.get(CSV, {"object": "-1"}).status_code == 400


def test_the_log_is_paginated_newest_first(edits, accountant, client_for, monkeypatch):
    monkeypatch.setattr("audit.views.history.PAGE_SIZE", 2)
    reader = client_for(accountant)
    first, second = reader.get(LOG, {"model": "player"}), reader.get(LOG, {"model": "player", "page": 2})
    assert _rows(first) == [("player", str(edits["bee"].pk)), ("player", str(edits["ace"].pk))]
    assert len(_rows(second)) == 2 and "Page 2 of 2" in second.content.decode()
    assert "model=player&amp;page=2" in first.content.decode()


def test_the_csv_export_has_who_when_the_request_and_before_and_after(edits, floor_manager, accountant, client_for):
    response = client_for(accountant).get(CSV, {"model": "player", "user": "floor_manager"})
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    [header, *rows] = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert header[:4] == ["at", "record", "object_id", "action"]
    [row] = [dict(zip(header, r, strict=True)) for r in rows]
    assert (row["record"], row["object_id"], row["action"]) == ("player", str(edits["ace"].pk), "update")
    assert (row["user_id"], row["username"], row["method"]) == (str(floor_manager.pk), "floor_manager", "POST")
    assert row["url"] == reverse("tables:player_edit", args=[edits["ace"].pk])
    assert (row["field"], row["before"], row["after"]) == ("alias", "Ace", "King")
    assert row["request_id"] and row["at"].startswith(str(timezone.localdate()))


def test_a_typed_value_cannot_become_a_formula_in_the_export(floor_manager, accountant, make_player, client_for):
    _edit(client_for(floor_manager), make_player(alias="Ace").pk, "=HYPERLINK(1)")
    content = b"".join(client_for(accountant).get(CSV, {"model": "player"}).streaming_content).decode()
    assert "'=HYPERLINK(1)" in content


def test_the_page_takes_as_many_queries_for_many_rows_as_for_few(floor_manager, accountant, make_player, client_for):
    reader = client_for(accountant)

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert reader.get(LOG).status_code == 200
        return len(captured)

    player, editor = make_player(alias="A"), client_for(floor_manager)
    _edit(editor, player.pk, "B")
    few = queries()
    for n in range(8):
        _edit(editor, player.pk, f"A{n}")
        make_player()
    assert queries() == few
