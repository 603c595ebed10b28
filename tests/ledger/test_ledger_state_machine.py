"""Hypothesis state machine: random sales, redemptions, fills, credits, fees and reversals.

After every step: each entry nets to zero, no balance is negative, balance rows
equal their legs, and cage + trays + drop boxes + chips outstanding equal the
chips that entered the room; an independent reference model agrees (controls F29).
"""

from __future__ import annotations

from collections import Counter

import pytest
from django.db import transaction
from django.utils import timezone
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from cashier.models import Drawer
from cashier.services.drawers import drawer_shift_open
from cashier.services.reversals import reversal_approve, reversal_request
from cashier.services.sales import chip_redemption_create, chip_sale_create
from cashier.services.slips import slip_issue, slip_receive, slip_request, slip_void_confirm, slip_void_request
from cashier.services.vault import vault_stock
from config.errors import DomainError
from config.roles import Role
from ledger.models import Account, AccountKind, Balance, Denomination, JournalEntry, Reason
from ledger.selectors.balances import ledger_check
from ledger.services.chips import denomination_create
from ledger.services.fees import fee_to_drop_box
from tables.models import Table
from tests.cashier.conftest import deal
from tests.factories import UserFactory, home_room
from tests.profiles import examples

VALUES = [100, 500, 1_000, 5_000]
STOCK = 40  # chips of each value in the vault
counts = st.dictionaries(st.sampled_from(VALUES), st.integers(min_value=1, max_value=6), min_size=1, max_size=3)


class Cage(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        now = timezone.now()
        admin = UserFactory(roles=[Role.ADMIN])
        self.cashiers = [UserFactory(roles=[Role.CASHIER]) for _ in range(2)]
        self.floor = UserFactory(roles=[Role.FLOOR_MANAGER])
        self.dealer = UserFactory(roles=[Role.DEALER])
        self.ids = {
            v: denomination_create(value=v, colour="c", label=str(v), room_id=home_room().pk).pk for v in VALUES
        }
        vault_stock(actor=admin, cash=10_000_000, chips={self.ids[v]: STOCK for v in VALUES}, room=home_room())
        self.issued = STOCK * sum(VALUES)
        for i, user in enumerate(self.cashiers):
            drawer = Drawer.objects.create(room=home_room(), name=f"D{i}")
            drawer_shift_open(actor=user, drawer_id=drawer.pk, cash=200_000, chips={self.ids[v]: 10 for v in VALUES})
        self.table = Table.objects.create(
            room=home_room(), number=1, seats=6, status_changed_at=now, created_at=now, created_by=admin
        )
        deal(self.table, self.dealer)
        # Reference model: chips held by players, by value.
        self.players: Counter[int] = Counter()
        # (entry, the cashier whose receipt it is, the players' chips a reversal gives back)
        self.reversible: list[tuple[int, int, Counter[int]]] = []
        self.hand = 0

    def teardown(self) -> None:
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    def _chips(self, chosen: dict[int, int]) -> dict[int, int]:
        return {self.ids[v]: n for v, n in chosen.items()}

    @rule(who=st.integers(0, 1), chosen=counts, card=st.booleans())
    def sale(self, who: int, chosen: dict[int, int], card: bool) -> None:
        amount = sum(v * n for v, n in chosen.items())
        try:
            txn = chip_sale_create(
                actor=self.cashiers[who], amount=amount, method="card" if card else "cash", chips=self._chips(chosen)
            )
        except DomainError as exc:
            assert exc.code == "insufficient_balance"
            return
        self.players.update(chosen)
        self.reversible.append((txn.entry_id, who, Counter({v: -n for v, n in chosen.items()})))

    @rule(who=st.integers(0, 1), chosen=counts)
    def redemption(self, who: int, chosen: dict[int, int]) -> None:
        try:
            txn = chip_redemption_create(actor=self.cashiers[who], chips=self._chips(chosen))
        except DomainError as exc:
            assert exc.code == "insufficient_balance"
            return
        assert all(self.players[v] >= n for v, n in chosen.items())
        self.players.subtract(chosen)
        self.reversible.append((txn.entry_id, who, Counter(chosen)))

    @rule(who=st.integers(0, 1), chosen=counts, kind=st.sampled_from(["fill", "credit"]), void=st.booleans())
    def slip(self, who: int, chosen: dict[int, int], kind: str, void: bool) -> None:
        slip = slip_request(actor=self.floor, kind=kind, table_id=self.table.pk, chips=self._chips(chosen))
        issuer, receiver = (self.cashiers[who], self.dealer) if kind == "fill" else (self.dealer, self.cashiers[who])
        try:
            slip_issue(actor=issuer, slip_id=slip.pk)
            if void:
                slip_void_request(actor=self.cashiers[who], slip_id=slip.pk, reason="property test")
                slip_void_confirm(actor=self.floor, slip_id=slip.pk)
            else:
                slip_receive(actor=receiver, slip_id=slip.pk)
        except DomainError as exc:
            assert exc.code == "insufficient_balance"

    @rule(amount=st.sampled_from([100, 500, 600, 1_000, 1_500]), source=st.sampled_from(["players", "tray", "change"]))
    def fee(self, amount: int, source: str) -> None:
        """From the players' chips, from the tray, or from the players' with change from the tray."""
        self.hand += 1
        try:
            entry = fee_to_drop_box(
                actor=self.dealer,
                table_id=self.table.pk,
                amount=amount,
                ref=f"hand:{self.hand}",
                from_tray=source == "tray",
                change_from_tray=source == "change",
                room=home_room(),
            )
        except DomainError as exc:
            assert exc.code in ("no_breakdown", "insufficient_balance")
            return
        by_kind: Counter[str] = Counter()
        for leg in entry.legs.select_related("account"):
            by_kind[leg.account.kind] += leg.amount
        assert by_kind[AccountKind.DROP_BOX] == amount
        if source == "tray":
            return
        assert by_kind[AccountKind.OUTSTANDING] == -amount and by_kind[AccountKind.TRAY] == 0  # change: value kept
        outstanding = Account.objects.get(kind=AccountKind.OUTSTANDING).pk
        for value, pk in self.ids.items():
            moved = sum(
                leg.amount for leg in entry.legs.all() if leg.denomination_id == pk and leg.account_id == outstanding
            )
            self.players[value] += moved // value

    @rule(data=st.data())
    def reverse(self, data: st.DataObject) -> None:
        if not self.reversible:
            return
        index = data.draw(st.integers(0, len(self.reversible) - 1))
        entry_id, who, players_change = self.reversible.pop(index)
        asked = reversal_request(actor=self.cashiers[who], entry_id=entry_id, reason="property test")
        try:
            reversal_approve(actor=self.floor, request_id=asked.pk)
        except DomainError as exc:
            assert exc.code == "insufficient_balance"
            return
        self.players.update(players_change)
        with pytest.raises(DomainError):
            reversal_request(actor=self.cashiers[who], entry_id=entry_id, reason="twice")

    @invariant()
    def ledger_holds(self) -> None:
        check = ledger_check(room_id=home_room().pk)
        assert check.unbalanced_entries == []
        assert check.negative_balances == []
        assert check.stale_balances == []
        assert check.chips_in_room == check.chips_issued == self.issued

    @invariant()
    def reference_model_agrees(self) -> None:
        outstanding = Account.objects.filter(kind=AccountKind.OUTSTANDING).first()
        held = dict(
            Balance.objects.filter(account=outstanding, denomination__isnull=False).values_list(
                "denomination__value", "amount"
            )
        )
        for value in VALUES:
            assert held.get(value, 0) == self.players[value] * value
            assert self.players[value] >= 0
        assert not JournalEntry.objects.filter(reason=Reason.REVERSAL, reverses__isnull=True).exists()
        assert Denomination.objects.count() == len(VALUES)


@pytest.mark.django_db
def test_random_cage_operations_keep_every_invariant():
    run_state_machine_as_test(
        Cage,
        settings=settings(
            max_examples=examples(25),
            stateful_step_count=25,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
        ),
    )
