"""The drop tally, the drop explanation and the gaming-day close post to the ledger, so each takes an
``Idempotency-Key`` like the cage's operations: a retry with the same key gets the first answer and posts
nothing again; a call without a key is refused and changes nothing. And every POST of the API either is
such an operation or is listed here with the reason it needs no key."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from rest_framework.views import APIView

from config.gaming_day import current_gaming_day
from config.idempotent import IdempotentPost
from config.roles import Role
from games.services.hand_fees import hand_fees_post
from ledger.models import GamingDayClose, JournalEntry
from rake.models import DropCount, DropCountStatus, DropTally
from rake.services import drop_count_start, drop_tally_record
from tests.cashier.conftest import key
from tests.factories import UserFactory, home_room_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def count(open_table, holdem_ring, quick_hand, floor_manager, dealer):
    table = open_table(holdem_ring, dealer=dealer)
    hand_fees_post(actor=floor_manager, hand_id=quick_hand(table, pot=40_000, fee=2000, dealer=dealer).pk)
    return drop_count_start(actor=floor_manager, table_id=table.pk)


def test_a_retried_tally_gets_the_first_answer_and_posts_the_drop_once(
    count, floor_manager, cashier, api_for, chips_in_play
) -> None:
    drop_tally_record(actor=floor_manager, count_id=count.pk, chips={chips_in_play[1000]: 2})
    url = reverse("api:drop_count_tally", args=[count.pk])
    body = {"chips": [{"denomination_id": chips_in_play[1000], "pieces": 2}]}
    entries = JournalEntry.objects.count()
    k = key()
    first = api_for(cashier).post(url, body, format="json", HTTP_IDEMPOTENCY_KEY=k)
    assert first.status_code == 201, first.json()
    assert first.json()["agreed"] is True
    posted = JournalEntry.objects.count()
    assert posted > entries
    again = api_for(cashier).post(url, body, format="json", HTTP_IDEMPOTENCY_KEY=k)
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert JournalEntry.objects.count() == posted
    assert DropTally.objects.filter(count=count).count() == 2


def test_a_tally_without_a_key_is_refused_and_records_nothing(count, cashier, api_for, chips_in_play) -> None:
    url = reverse("api:drop_count_tally", args=[count.pk])
    body = {"chips": [{"denomination_id": chips_in_play[1000], "pieces": 2}]}
    answer = api_for(cashier).post(url, body, format="json")
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "idempotency_key_required"
    assert not DropTally.objects.filter(count=count).exists()


def test_a_retried_explanation_gets_the_first_answer(
    count, floor_manager, cashier, api_for, chips_in_play, settings
) -> None:
    home_room_set(drop_variance_threshold=0)
    for who in (floor_manager, cashier):
        drop_tally_record(actor=who, count_id=count.pk, chips={chips_in_play[500]: 1})
    supervisor = UserFactory(roles=[Role.FLOOR_MANAGER])
    url = reverse("api:drop_count_explain", args=[count.pk])
    k = key()
    first = api_for(supervisor).post(
        url, {"explanation": "a chip under the rail"}, format="json", HTTP_IDEMPOTENCY_KEY=k
    )
    assert first.status_code == 200, first.json()
    again = api_for(supervisor).post(
        url, {"explanation": "a chip under the rail"}, format="json", HTTP_IDEMPOTENCY_KEY=k
    )
    assert again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert DropCount.objects.get(pk=count.pk).status == DropCountStatus.FINAL


def test_a_retried_day_close_gets_the_first_answer_not_a_conflict(accountant, api_for) -> None:
    yesterday = (current_gaming_day() - timedelta(days=1)).isoformat()
    k = key()
    first = api_for(accountant).post(reverse("api:gaming_day_close"), {"gaming_day": yesterday}, HTTP_IDEMPOTENCY_KEY=k)
    assert first.status_code == 201, first.json()
    again = api_for(accountant).post(reverse("api:gaming_day_close"), {"gaming_day": yesterday}, HTTP_IDEMPOTENCY_KEY=k)
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert GamingDayClose.objects.count() == 1


# POST operations that post nothing to the ledger and move no money, each with why it needs no key.
NO_KEY_NEEDED = {
    # The floor: seats, lists, dealers, tables and signs move no money (a buy-in at a seat is the hand
    # record's stack, not a ledger entry, until chips are tied to their source).
    "tables.apis": "the floor's records move no money",
    "floor.apis": "opening a table puts up its sign; it moves no money",
    # A hand's events carry their own sequence number: a retried event is refused as a duplicate, and
    # the fee of a completed hand is posted once per hand under the hand's row lock.
    "games.apis": "hand events are exactly-once by their sequence number",
    "rake.apis.views.FeePolicySetApi": "a policy version is a record of its own; it posts nothing",
    "rake.apis.views.TimeChargeNotCollectedApi": "a charge not taken posts nothing",
    "rake.apis.views.TimeChargesCreateApi": "charges due are unique per seat and period; nothing is posted",
    "rake.apis.money.DropCountStartApi": "a count records the expected amount; it posts nothing",
    "rake.apis.money.ExportCreateApi": "an export reads; it posts nothing",
    "cashier.apis.money.BreakdownApi": "proposes a chip breakdown; it posts nothing",
    "config.apis": "sign-in and tokens post nothing",
}


def _post_views(resolver: URLResolver, found: list[type]) -> list[type]:
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            _post_views(pattern, found)
        elif isinstance(pattern, URLPattern):
            view = getattr(pattern.callback, "view_class", None) or getattr(pattern.callback, "cls", None)
            if isinstance(view, type) and issubclass(view, APIView) and hasattr(view, "post"):
                found.append(view)
    return found


def test_every_api_post_takes_a_key_or_says_why_it_needs_none() -> None:
    views = _post_views(get_resolver(), [])
    assert views, "no API views found: the walk is broken"
    unexplained = []
    for view in views:
        if issubclass(view, IdempotentPost):
            continue
        name = f"{view.__module__}.{view.__qualname__}"
        if not any(name == reason or name.startswith(reason + ".") for reason in NO_KEY_NEEDED):
            unexplained.append(name)
    assert unexplained == []
