"""The correction form's routes sent absurd values in every field, by the floor manager who may use them
(the pattern of tests/config/test_new_pages_refuse_absurd_input.py): every answer is the form again with a
refusal, never a 500, and nothing is written; the refusal quotes at most a little of what was sent."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services as hands
from games.models import HandStatus
from tests.games.helpers import HOLDEM_HAND, record, row_counts

pytestmark = pytest.mark.django_db

ABSURD = ["", " ", "1e999999", "-1", "９", "1,0,0", "x" * 5000, "\x00", "99999999999999999999999", "[]", "NaN"]
FIELDS = ["index", "op", "kind", "seat", "amount", "cards", "discards", "events"]
# Fields set to a sensible value, so that each absurd value reaches the check after the ones before it.
SENSIBLE = {"index": "9", "op": "change", "kind": "bet", "seat": "2", "amount": "6,000", "cards": "Kh"}


def test_absurd_values_get_the_form_again_and_write_nothing(page_client_for, floor_manager, dealer, holdem_table):
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    record(dealer, hand, *HOLDEM_HAND)
    client = page_client_for(floor_manager)
    before = row_counts()
    for name in ("games:hand_correct_preview", "games:hand_correct_form", "games:hand_correct"):
        url = reverse(name, args=[hand.pk])
        for field in FIELDS:
            for value in ABSURD:
                for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
                    answer = client.post(url, {**SENSIBLE, field: value, "reason": "typo"}, **htmx)
                    assert answer.status_code == 200, (name, field, repr(value[:20]), answer.status_code)
                    assert "x" * 100 not in answer.content.decode(), (name, field)
        every = client.post(url, dict.fromkeys([*FIELDS, "reason"], "\x00" * 3))
        assert every.status_code == 200, name
    assert row_counts() == before
    hand.refresh_from_db()
    assert hand.status == HandStatus.COMPLETE
