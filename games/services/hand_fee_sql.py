"""Fast path: a completed hand's fee on PostgreSQL in two statements, what ``hand_fees._hand_charge`` posts.

ORM twin: ``games.services.hand_fees.hand_fees_post`` (the path SQLite runs, and PostgreSQL too
with ``CARDROOM_FAST_PATHS`` off). Differential test: ``tests/games/test_fee_posted_in_two_statements.py``.

The ORM path (``hand_fees_post``) runs about twenty statements with five
savepoints; a table deals a hand a minute and a room of 100 tables up to two
a second, so the common case is written as one read and one conditional
write. Each app writes the SQL of its own tables and rules, and this module
composes them (``config.statements``) without knowing it:

- the ledger's part (``ledger.services.fee_sql``): its read gives the chips
  outstanding and the table's drop box and tray with their balance rows, and
  the ledger's own arithmetic the legs, the players' chips exactly or with
  change from the tray, the same legs the ORM path posts; in the write, the
  balance rows locked, then the journal entry, its legs and the balances
  moved (no entry in a closed day, one per reason and reference, balances
  never below zero);
- rake's part (``rake.services.fee_sql``): the fee record and the daily
  summary's increments (one record in force per hand, its day open, an
  hourly table's hand under the hourly kind).

The write decides, under the balance rows' locks, whether the fee can be
posted, rake's rules first (a fee recorded already is done, not refused),
then the ledger's, and then writes both parts, or nothing at all and names
why. Whatever the ledger's part does not cover (an account or balance row to
create, chips that cannot make up the fee) goes back to the ORM path, which
creates what is missing or refuses with its message. The whole suite runs on
SQLite (the ORM path) and on PostgreSQL (this path) with the same
assertions, and a test compares the two on one database.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils import timezone

from config.db import prepared_cursor
from config.shifts import shift_in
from config.statements import compose
from games.models import Hand
from ledger.services.fee_sql import FEE_POSTING, fee_posting
from rake.services.fee_sql import hand_fee_record, hand_fee_record_part

# Rake's rules first: a hand whose fee is recorded is done ("posted"), whatever the ledger would say
# of its entry (posted too, "already_posted"). Rake's record points at the ledger's entry, so its
# writes come after the ledger's (``compose`` orders them).
_FEE_RECORD = hand_fee_record_part(entry=FEE_POSTING.returns)
_WRITE = compose(_FEE_RECORD, FEE_POSTING)
STATEMENTS = (_WRITE.sql,)


def hand_fee_post_sql(*, actor: User, hand: Hand) -> str | None:
    """Post the fee of ``hand`` (completed, its row locked by the caller) in two statements.

    Returns ``"ok"`` (posted), ``"posted"`` (already posted: nothing done) or
    why nothing was posted (``gaming_day_closed``, ``already_posted``,
    ``insufficient_balance``). None when the ORM path must do it: an account
    or balance row to create, or chips that do not make up the fee (its
    refusal says which).
    """
    now = timezone.now()
    posting = fee_posting(
        actor=actor, room=hand.table.room, table_id=hand.table_id, amount=hand.fee, ref=f"hand:{hand.pk}", at=now
    )
    if posting is None:
        return None
    record = hand_fee_record(
        _FEE_RECORD,
        actor=actor,
        hand_id=hand.pk,
        table_id=hand.table_id,
        game_id=hand.game_id,
        dealer_id=hand.dealer_id,
        policy_id=hand.fee_policy_id,
        gaming_day=hand.gaming_day,
        shift=shift_in(hand.gaming_day, hand.ended_at or now, room=hand.table.room),
        pots=hand.pot,
        fee=hand.fee,
        at=now,
    )
    with prepared_cursor() as cursor:
        cursor.execute(_WRITE.sql, _WRITE.params(record, posting))
        (outcome,) = cursor.fetchone()
    return str(outcome)
