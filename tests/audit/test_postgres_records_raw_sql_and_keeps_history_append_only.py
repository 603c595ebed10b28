"""On PostgreSQL the history is written by triggers: raw SQL is recorded too, the context reaches
the triggers through ORM and raw cursors alike (not through the prepared hot statements, which
must still work inside it), and history rows refuse UPDATE, DELETE and TRUNCATE."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction
from django.urls import reverse

from audit.models import PlayerHistory
from audit.services.context import history_context
from config.db import prepared_cursor

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def _update_alias(player_id: int, alias: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute("UPDATE tables_player SET alias = %s WHERE id = %s", [alias, player_id])


def test_a_raw_sql_update_is_recorded_with_no_request(on_postgres, make_player, changes):
    player = make_player(alias="Ace")
    _update_alias(player.pk, "Joker")
    last = changes("player", player.pk)[-1]
    assert (last.label, last.user_id, last.url, last.request_id) == ("update", None, "", None)
    assert [(f.name, f.before, f.after) for f in last.fields] == [("alias", "Ace", "Joker")]


def test_raw_sql_inside_a_request_context_carries_it(on_postgres, make_player, floor_manager, changes):
    player = make_player(alias="Ace")
    with history_context(user=floor_manager.pk, url="/script/", method="POST") as request_id:
        _update_alias(player.pk, "Joker")
    last = changes("player", player.pk)[-1]
    assert (last.username, last.url, last.method, last.request_id) == ("floor_manager", "/script/", "POST", request_id)


def test_a_statement_prepared_on_the_server_still_runs_inside_a_context(on_postgres, make_player, floor_manager):
    """pghistory's context is a second statement, which a server-bound statement cannot carry:
    ``prepared_cursor`` sends its statements without it instead of failing."""
    player = make_player(alias="Ace")
    with history_context(user=floor_manager.pk), prepared_cursor() as cursor:
        for _ in range(3):  # past the prepare threshold: the statement is prepared on the server
            cursor.execute("UPDATE tables_player SET notes = notes || %s WHERE id = %s::bigint", ["x", player.pk])
    player.refresh_from_db()
    assert player.notes == "xxx"
    assert PlayerHistory._default_manager.filter(pgh_obj_id=player.pk, pgh_label="update").count() == 3


@pytest.mark.django_db(transaction=True)
def test_a_kept_connection_carries_no_context_into_the_next_statement(
    on_postgres, make_player, floor_manager, client_for, changes
):
    """The context is local to each transaction: once a request is over, a statement on the same
    connection (kept, or handed back to the pool) is recorded with no user."""
    player = make_player(alias="Ace")
    url = reverse("tables:player_edit", args=[player.pk])
    client_for(floor_manager).post(url, {"alias": "King", "id_document_type": ""})
    _update_alias(player.pk, "Joker")
    *_, edited, raw = changes("player", player.pk)
    assert (edited.username, raw.user_id, raw.url, raw.request_id) == ("floor_manager", None, "", None)


def test_an_orm_save_without_a_change_writes_no_row(on_postgres, make_player):
    player = make_player(alias="Ace")
    player.save()
    assert PlayerHistory._default_manager.filter(pgh_obj_id=player.pk).count() == 1


def _refused(sql: str, params: list[object]) -> str:
    with pytest.raises(DatabaseError) as refused, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, params)
    return str(refused.value)


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE audit_playerhistory SET alias = 'forged' WHERE pgh_obj_id = %s",
        "UPDATE audit_playerhistory SET pgh_context = NULL WHERE pgh_obj_id = %s",
        "DELETE FROM audit_playerhistory WHERE pgh_obj_id = %s",
    ],
)
def test_history_rows_refuse_raw_update_and_delete(on_postgres, make_player, sql):
    player = make_player(alias="Ace")
    assert "Cannot" in _refused(sql, [player.pk])
    assert list(PlayerHistory._default_manager.filter(pgh_obj_id=player.pk).values_list("alias", flat=True)) == ["Ace"]


def test_history_rows_refuse_orm_update_and_delete(on_postgres, make_player):
    player = make_player(alias="Ace")
    rows = PlayerHistory._default_manager.filter(pgh_obj_id=player.pk)
    with pytest.raises(DatabaseError), transaction.atomic():
        rows.update(alias="forged")
    with pytest.raises(DatabaseError), transaction.atomic():
        rows.get().delete()
    assert rows.get().alias == "Ace"  # type: ignore[attr-defined]


def test_history_rows_refuse_truncate(on_postgres, make_player):
    make_player()
    with pytest.raises(DatabaseError) as refused, transaction.atomic(), connection.cursor() as cursor:
        # The test suite allows TRUNCATE on its connections (tests/conftest.py); the product never does.
        cursor.execute("SET LOCAL cardroom.allow_truncate = 'off'")
        cursor.execute("TRUNCATE audit_playerhistory")
    assert "append-only" in str(refused.value)
    assert PlayerHistory._default_manager.exists()
