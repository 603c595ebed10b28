"""The PostgreSQL fee posting of a completed hand (``games.services.hand_fee_sql``) writes what the ORM
path writes, with change from the tray too, refuses what it refuses, and writes nothing when it refuses."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.db import transaction

from config.roles import Role
from games.models import Hand, HandStatus
from games.services import hand_fees as fees
from games.services.hand_fee_sql import hand_fee_post_sql
from ledger.models import Account, AccountKind, Balance, Denomination, JournalEntry, Leg, Reason
from ledger.services.accounts import singleton_accounts, table_account
from ledger.services.posting import chip_legs, post_entry
from rake.models import DailyFeeSummary, FeeCharge, PendingFee
from tests.factories import UserFactory, home_room
from tests.games.helpers import play_hand
from tests.rake.change_helpers import players_keep_only, tray_chips
from tests.rake.helpers import assert_fee_invariants, drop_box, fill_tray, stock_chips

HANDS = 12


def _fee_rows(table_id: int) -> list[dict[str, Any]]:
    """What the fees of a table's hands wrote, by hand number, without ids, times and the table's own ids."""
    rows = []
    for charge in FeeCharge.objects.filter(table_id=table_id).select_related("hand").order_by("hand__number"):
        entry = charge.journal_entry_id
        legs = sorted(
            Leg.objects.filter(entry_id=entry).values_list("account__kind", "denomination__value", "amount", "currency")
        )
        entries = JournalEntry.objects.filter(pk=entry).values("reason", "gaming_day", "memo", "ref")
        head: Any = entries.first() or {}
        assert head.get("ref", f"hand:{charge.hand_id}") == f"hand:{charge.hand_id}"
        assert head.get("memo", f"table {table_id}") == f"table {table_id}"
        rows.append(
            {
                "hand": charge.hand.number,
                "charge": (charge.source, charge.kind, charge.hands, charge.pots, charge.fee, charge.seconds),
                "day": (charge.gaming_day, charge.shift, head.get("gaming_day")),
                "who": (charge.game_id, charge.dealer_id == charge.hand.dealer_id, charge.created_by_id),
                "entry": head.get("reason"),
                "legs": legs,
            }
        )
    return rows


def _summaries(table_id: int) -> list[tuple[Any, ...]]:
    return sorted(
        DailyFeeSummary.objects.filter(table_id=table_id).values_list(
            "gaming_day", "shift", "game_id", "kind", "hands", "pots", "fees", "seconds", "time_charges"
        )
    )


def _box(table_id: int) -> list[tuple[int, int]]:
    return sorted(
        Balance.objects.filter(account__table_id=table_id, account__kind=AccountKind.DROP_BOX).values_list(
            "denomination__value", "amount"
        ),
        key=lambda row: (row[0] or 0, row[1]),
    )


def test_both_paths_write_the_same_fee_records(
    on_postgres, hand_table, holdem, make_dealer_user, floor_manager, monkeypatch
):
    stock_chips()
    fast = hand_table(holdem, make_dealer_user(), players=6)
    orm = hand_table(holdem, make_dealer_user(), players=6)
    for seed in range(HANDS):
        play_hand(floor_manager, fast.pk, seed)
    with monkeypatch.context() as patch:
        patch.setattr(fees, "hand_fee_post_sql", lambda **_: None)
        for seed in range(HANDS):
            play_hand(floor_manager, orm.pk, seed)

    assert sum(h.fee for h in Hand.objects.filter(table=fast)) > 0  # the hands did charge fees
    assert _fee_rows(fast.pk) == _fee_rows(orm.pk)
    assert len(_fee_rows(fast.pk)) == HANDS
    assert _summaries(fast.pk) == _summaries(orm.pk)
    assert _box(fast.pk) == _box(orm.pk)
    assert_fee_invariants()


def _move_chips(*, to_vault: bool) -> None:
    """Every chip outstanding back to the vault, or every chip in the vault out to the players."""
    accounts = singleton_accounts(AccountKind.VAULT, AccountKind.OUTSTANDING, room_id=home_room().pk)
    vault, outstanding = accounts[AccountKind.VAULT], accounts[AccountKind.OUTSTANDING]
    source, target = (outstanding, vault) if to_vault else (vault, outstanding)
    amounts = dict(
        Balance.objects.filter(account_id=source, amount__gt=0, denomination__isnull=False).values_list(
            "denomination_id", "amount"
        )
    )
    with transaction.atomic():
        post_entry(
            actor=UserFactory(roles=[Role.ADMIN]),
            reason=Reason.ADJUSTMENT,
            legs=chip_legs(source=source, target=target, amounts=amounts),
            memo="chips moved (test)",
            room=home_room(),
        )


@pytest.fixture
def unposted_hand(dealer, holdem_table) -> Hand:
    """A completed hand with a fee the ledger could not post (no chips outstanding); then chips sold."""
    stock_chips()
    table_account(table_id=holdem_table.pk, kind=AccountKind.DROP_BOX)  # with a row for each chip
    _move_chips(to_vault=True)
    hand = play_hand(dealer, holdem_table.pk, seed=3)
    while not hand.fee:
        hand = play_hand(dealer, holdem_table.pk, seed=hand.number + 3)
    assert not FeeCharge.objects.filter(hand=hand).exists()
    _move_chips(to_vault=False)
    return hand


def _counts() -> tuple[int, ...]:
    return (
        FeeCharge.objects.count(),
        JournalEntry.objects.count(),
        Leg.objects.count(),
        DailyFeeSummary.objects.count(),
    )


def test_posting_twice_writes_once(on_postgres, unposted_hand, dealer):
    with transaction.atomic():
        assert hand_fee_post_sql(actor=dealer, hand=unposted_hand) == "ok"
    before = (_counts(), drop_box(unposted_hand.table_id))
    with transaction.atomic():
        assert hand_fee_post_sql(actor=dealer, hand=unposted_hand) == "posted"
    assert (_counts(), drop_box(unposted_hand.table_id)) == before
    assert drop_box(unposted_hand.table_id) == unposted_hand.fee
    assert_fee_invariants()


def test_chips_gone_between_the_read_and_the_write_refuse_the_whole_posting(
    on_postgres, unposted_hand, dealer, monkeypatch, caplog
):
    """Another transaction takes the chips outstanding after the breakdown was read: the write, under the
    balance rows' locks, sees it and writes nothing; the recorder logs it and goes on."""
    from games.services import hand_fee_sql

    read = hand_fee_sql.fee_posting

    def read_then_drain(**kwargs: Any):
        posting = read(**kwargs)
        _move_chips(to_vault=True)
        return posting

    monkeypatch.setattr(hand_fee_sql, "fee_posting", read_then_drain)
    before = _counts()
    with caplog.at_level(logging.WARNING, logger="games.services.hand_fees"), transaction.atomic():
        fees.hand_fees_post_in_recording(actor=dealer, hand=unposted_hand)
    assert "insufficient_balance" in caplog.text
    assert _counts()[0] == before[0] and _counts()[3] == before[3]  # no fee record, no summary change
    assert _counts()[1] == before[1] + 1  # only the drain's own entry
    assert drop_box(unposted_hand.table_id) == 0
    assert_fee_invariants()


def test_a_tables_first_fee_creates_its_drop_box_and_posts_in_the_two_statements(
    on_postgres, hand_table, holdem, make_dealer_user, floor_manager, monkeypatch
):
    def orm_path(**_: Any) -> None:
        raise AssertionError("the ORM path was taken")

    stock_chips()
    table = hand_table(holdem, make_dealer_user(), players=6)
    assert not Account.objects.filter(table_id=table.pk, kind=AccountKind.DROP_BOX).exists()
    monkeypatch.setattr(fees, "hand_fees_post", orm_path)
    hand = play_hand(floor_manager, table.pk, seed=0)
    while not hand.fee:
        hand = play_hand(floor_manager, table.pk, seed=hand.number)

    box = Account.objects.get(table_id=table.pk, kind=AccountKind.DROP_BOX)
    assert Balance.objects.filter(account=box).count() == Denomination.objects.count() + 1  # cash and each chip
    assert FeeCharge.objects.get(hand=hand).fee == hand.fee
    assert drop_box(table.pk) == hand.fee
    assert_fee_invariants()


def _fast_path_only(monkeypatch) -> None:
    """A completed hand's fee that leaves the two statements for the ORM path fails the test."""
    orm_post = fees.hand_fees_post

    def fast_only(*, actor: Any, hand_id: int) -> bool:
        if Hand.objects.get(pk=hand_id).status == HandStatus.COMPLETE:
            raise AssertionError("a completed hand's fee went to the ORM path")
        return orm_post(actor=actor, hand_id=hand_id)

    monkeypatch.setattr(fees, "hand_fees_post", fast_only)


def _play_both(fast, orm, floor_manager, monkeypatch, *, fast_only: bool) -> None:
    """The same hands at both tables, in turn; before each, the players again hold no chip under 1,000
    (the change a fee gave them goes back to the vault), so both tables post from the same chips."""
    for seed in range(HANDS):
        with monkeypatch.context() as patch:
            if fast_only:
                _fast_path_only(patch)
            players_keep_only(1000)
            play_hand(floor_manager, fast.pk, seed)
        with monkeypatch.context() as patch:
            patch.setattr(fees, "hand_fee_post_sql", lambda **_: None)
            players_keep_only(1000)
            play_hand(floor_manager, orm.pk, seed)


def test_both_paths_make_the_same_change_from_the_tray(
    on_postgres, hand_table, holdem, make_dealer_user, floor_manager, monkeypatch
):
    """The players hold only chips of 1,000 and more: a fee is posted with change from the tray, the same
    chips by both paths, and the fast path does it in its two statements."""
    ids = stock_chips()
    players_keep_only(1000)
    fast = hand_table(holdem, make_dealer_user(), players=6)
    orm = hand_table(holdem, make_dealer_user(), players=6)
    for table in (fast, orm):
        for value, pieces in ((500, 40), (100, 100), (25, 100), (5, 100), (1, 100)):
            fill_tray(table.pk, ids[value], value * pieces, floor_manager)
    tray_value = sum(tray_chips(fast.pk).values())
    _play_both(fast, orm, floor_manager, monkeypatch, fast_only=True)

    changed = [row for row in _fee_rows(fast.pk) if any(kind == AccountKind.TRAY for kind, *_ in row["legs"])]
    assert changed, "no fee needed change"
    assert _fee_rows(fast.pk) == _fee_rows(orm.pk)
    assert len(_fee_rows(fast.pk)) == HANDS
    assert _summaries(fast.pk) == _summaries(orm.pk)
    assert _box(fast.pk) == _box(orm.pk)
    assert tray_chips(fast.pk) == tray_chips(orm.pk)
    assert sum(tray_chips(fast.pk).values()) == tray_value
    assert not PendingFee.objects.exists()
    assert_fee_invariants()


def test_both_paths_record_the_same_pending_fees(
    on_postgres, hand_table, holdem, make_dealer_user, floor_manager, monkeypatch
):
    """Players with only chips of 1,000 and more, empty trays: what cannot post is pending, alike."""
    stock_chips()
    players_keep_only(1000)
    fast = hand_table(holdem, make_dealer_user(), players=6)
    orm = hand_table(holdem, make_dealer_user(), players=6)
    _play_both(fast, orm, floor_manager, monkeypatch, fast_only=False)

    def pending(table_id: int) -> list[tuple[Any, ...]]:
        return list(
            PendingFee.objects.filter(table_id=table_id)
            .order_by("hand__number")
            .values_list("hand__number", "gaming_day", "amount", "reason")
        )

    assert pending(fast.pk) and pending(fast.pk) == pending(orm.pk)
    assert _fee_rows(fast.pk) == _fee_rows(orm.pk)
    assert drop_box(fast.pk) == drop_box(orm.pk)
    assert_fee_invariants()
