"""The fills-and-credits page offers each user exactly the steps the slip services would let them take now,
and every step taken on the page says it succeeded."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from cashier.models import Slip, SlipStatus
from cashier.services.drawers import drawer_shift_close
from cashier.services.slips import slip_issue, slip_receive, slip_request, slip_void_confirm, slip_void_request
from cashier.services.trays import tray_count_record
from config.errors import DomainError
from config.roles import Role
from tests.cashier.conftest import by_value
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

STEPS: dict[str, Callable[..., Slip]] = {
    "issue": slip_issue,
    "receive": slip_receive,
    "void": lambda *, actor, slip_id: slip_void_request(actor=actor, slip_id=slip_id, reason="wrong table"),
    "confirm": slip_void_confirm,
}


def _offered(client, slip: Slip) -> set[str]:
    html = client.get(reverse("cashier:slips")).content.decode()
    return {step for step in STEPS if reverse("cashier:slip_action", args=[slip.pk, step]) in html}


def _succeeds(step: str, user, slip: Slip) -> bool:
    try:
        with transaction.atomic():
            STEPS[step](actor=user, slip_id=slip.pk)
            transaction.set_rollback(True)
    except DomainError:
        return False
    return True


def _fill(floor_manager, table, n: int = 2) -> Slip:
    return slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({1_000: n}))


@pytest.fixture
def room(shift, cashier, second_cashier, dealer, floor_manager, table, make_table):
    """Slips in every state at the dealer's table 1, at table 2 (nobody deals it) and at table 3, closed."""
    other, closed = make_table(2), make_table(3)
    fill_out = _fill(floor_manager, other, 5)
    slip_issue(actor=cashier, slip_id=fill_out.pk)
    slip_receive(actor=floor_manager, slip_id=fill_out.pk)
    received = _fill(floor_manager, table, 5)
    slip_issue(actor=cashier, slip_id=received.pk)
    slip_receive(actor=dealer, slip_id=received.pk)
    slips = [_fill(floor_manager, table), _fill(floor_manager, other)]
    issued = [_fill(floor_manager, table), _fill(floor_manager, other), _fill(floor_manager, closed)]
    for slip in issued:
        slip_issue(actor=cashier, slip_id=slip.pk)
    credits = [
        slip_request(actor=floor_manager, kind="credit", table_id=t.pk, chips=by_value({1_000: 1}))
        for t in (table, other)
    ]
    slip_issue(actor=dealer, slip_id=credits[0].pk)
    pending_void = _fill(floor_manager, table)
    slip_void_request(actor=cashier, slip_id=pending_void.pk, reason="wrong table")
    tray_count_record(actor=floor_manager, table_id=closed.pk, kind="closer", chips=by_value({1_000: 2}))
    return [*slips, *issued, *credits, pending_void, received]


def test_every_user_is_offered_exactly_the_steps_the_services_allow(
    room, cashier, second_cashier, dealer, floor_manager, accountant, client_for
) -> None:
    other_dealer = UserFactory(username="dealer2", roles=[Role.DEALER])
    for user in (cashier, second_cashier, dealer, other_dealer, floor_manager, accountant):
        client = client_for(user)
        for slip in room:
            slip.refresh_from_db()
            allowed = {step for step in STEPS if _succeeds(step, user, slip)}
            assert _offered(client, slip) == allowed, (user.username, slip.kind, slip.status, slip.table_id)


def test_a_cashier_is_offered_no_issue_on_a_credit_and_nothing_after_the_drawer_closed(
    cashier, open_shift, dealer, floor_manager, table, client_for
) -> None:
    shift = open_shift(cashier, cash=0, chips={1_000: 10})
    first = _fill(floor_manager, table)
    slip_issue(actor=cashier, slip_id=first.pk)
    slip_receive(actor=dealer, slip_id=first.pk)
    fill = _fill(floor_manager, table)
    credit = slip_request(actor=dealer, kind="credit", table_id=table.pk, chips=by_value({1_000: 1}))
    client = client_for(cashier)
    assert _offered(client, fill) == {"issue", "void"}
    assert _offered(client, credit) == {"void"}
    slip_issue(actor=dealer, slip_id=credit.pk)
    assert _offered(client, credit) == {"receive", "void"}
    drawer_shift_close(actor=cashier, shift_id=shift.pk, cash=0, chips=by_value({1_000: 8}))
    assert _offered(client, credit) == {"void"} and _offered(client, fill) == {"void"}


def _queries(client) -> int:
    with CaptureQueriesContext(connection) as ctx:
        client.get(reverse("cashier:slips"))
    return len(ctx.captured_queries)


def test_the_steps_cost_no_read_per_slip(room, cashier, dealer, floor_manager, make_table, client_for) -> None:
    client = client_for(dealer)
    client.get(reverse("cashier:slips"))
    before = _queries(client)
    other = Slip.objects.exclude(table__number=1).first()
    assert other is not None
    for _ in range(4):
        slip_issue(actor=cashier, slip_id=_fill(floor_manager, other.table).pk)
        slip_request(actor=floor_manager, kind="credit", table_id=other.table_id, chips=by_value({1_000: 1}))
    assert _queries(client) == before


def _follow(client, path: str, data: dict[str, object]) -> str:
    content: bytes = client.post(path, data, follow=True).content
    return content.decode()


def test_prepare_issue_and_receive_each_say_they_succeeded(shift, cashier, dealer, floor_manager, table, client_for):
    form = {"idempotency_key": "k1", "kind": "fill", "table": table.pk}
    form |= {f"chip-{d}": n for d, n in by_value({1_000: 5}).items()}
    prepared = _follow(client_for(floor_manager), reverse("cashier:slip_create"), form)
    slip = Slip.objects.get()
    assert f"Fill {slip.label} for table 1 prepared: 5,000" in prepared
    issued = _follow(
        client_for(cashier), reverse("cashier:slip_action", args=[slip.pk, "issue"]), {"idempotency_key": "k2"}
    )
    assert f"Fill {slip.label} issued: the chips are on their way to table 1." in issued
    received = _follow(
        client_for(dealer), reverse("cashier:slip_action", args=[slip.pk, "receive"]), {"idempotency_key": "k3"}
    )
    assert f"Fill {slip.label} received: both signatures are given." in received
    assert Slip.objects.get().status == SlipStatus.RECEIVED


def test_the_success_is_said_in_the_readers_language(shift, cashier, floor_manager, table, client_for) -> None:
    slip = _fill(floor_manager, table)
    client = client_for(cashier)
    client.cookies["django_language"] = "lt"
    page = _follow(client, reverse("cashier:slip_action", args=[slip.pk, "issue"]), {"idempotency_key": "k"})
    assert slip.label in page and "the chips are on their way" not in page
