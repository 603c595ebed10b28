"""The pages this change added or taught new fields, sent absurd values by each role that may use them:
every answer is a refusal or the page again, never a 500, and nothing is written."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from cashier.models import ChipTransaction
from config.models import OutboxMessage
from games.models import SeatStack
from rake.models import PendingFee, ReportExport
from tables.models import DealerProfile, KioskToken, RoomLanguage, SeatSession
from tests.cashier.conftest import chips, open_shift, room_admin, shift, vault  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db

ABSURD = ["", " ", "1e999999", "-1", "９", "1,0,0", "x" * 5000, "\x00", "99999999999999999999999", "[]", "NaN"]


def _counts() -> dict[str, int]:
    models = (ChipTransaction, OutboxMessage, SeatStack, PendingFee, ReportExport, DealerProfile, KioskToken,
              RoomLanguage, SeatSession)  # fmt: skip
    return {m.__name__: m.objects.count() for m in models}


def _posts(table_id: int) -> list[tuple[str, str, list[str]]]:
    """(persona, url, the fields each absurd value goes into)."""
    return [
        ("floor_manager", reverse("tables:dealer_games"), ["user_id", "game_ids"]),
        ("floor_manager", reverse("floor:seat_player", args=[table_id]), ["player_id", "seat_number", "buy_in"]),
        ("floor_manager", reverse("floor:room_language_set"), ["language"]),
        ("dealer", reverse("games:dealer_chips", args=[table_id]), ["seat_number", "kind", "amount"]),
        ("accountant", reverse("rake:export_retry", args=[10**12]), ["x"]),
        ("floor_manager", reverse("games:export_retry", args=[10**12]), ["x"]),
        ("floor_manager", reverse("rake:pending_fee_post", args=[10**12]), ["next"]),
        ("cashier", reverse("cashier:sale"), ["amount", "method", "player"]),
        ("cashier", reverse("cashier:redemption"), ["player"]),
    ]


def test_absurd_values_get_an_answer_and_write_nothing(
    request: Any,
    client_for: Any,
    dealer: Any,
    hand_table: Any,
    holdem: Any,
    shift: Any,  # noqa: F811
) -> None:
    table = hand_table(holdem, dealer)
    before = _counts()
    for persona, url, fields in _posts(table.pk):
        client = client_for(request.getfixturevalue(persona))
        for value in ABSURD:
            answer = client.post(url, {**dict.fromkeys(fields, value), "idempotency_key": f"k-{url}-{value[:9]}"})
            assert answer.status_code < 500, (persona, url, repr(value[:20]), answer.status_code)
    gets = [
        ("floor_manager", reverse("floor:player_pick")),
        ("cashier", reverse("cashier:hx_players")),
        ("floor_manager", reverse("tables:kiosk_board", args=["x"])),
    ]
    for persona, url in gets:
        client = client_for(request.getfixturevalue(persona))
        for value in ABSURD:
            assert client.get(url, {"q": value}).status_code < 500, (url, repr(value[:20]))
    assert client_for(None).get(reverse("tables:kiosk_board", args=["x" * 3000])).status_code == 403
    assert _counts() == before
    # A screen's name is free text ("1e999999" is a name), but not empty, endless or with control characters.
    for label in ("", " ", "x" * 5000, "TV\x00", "TV\x1b[2J"):
        answer = client_for(request.getfixturevalue("floor_manager")).post(
            reverse("tables:kiosk_link_create"), {"label": label}
        )
        assert answer.status_code < 500, repr(label[:20])
    assert not KioskToken.objects.exists()
