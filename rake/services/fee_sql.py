"""Fast path: a hand's fee record and its daily summary, as rake's part of a statement another app composes.

ORM twin: ``rake.services.fees.fee_charge_record`` with the kind a hand's fee record takes
(``games.services.hand_fees``), the path SQLite runs, and PostgreSQL too with
``CARDROOM_FAST_PATHS`` off. Composed by the fast path of a hand's fee
(``games.services.hand_fee_sql``) with the ledger's posting (``ledger.services.fee_sql``) into one
statement (``config.statements``); differential test: ``tests/games/test_fee_posted_in_two_statements.py``.

Rules restated here: one fee record in force per hand (a hand whose record is there is
``posted``: nothing is left to do); no record in a closed gaming day; the daily summary's
increments (``rake.services.summaries.summary_add``: a hand's record adds a hand, its pot and its
fee, and no time charge); a hand at an hourly table, which charges no fee of its own, counted
under the hourly kind. Table and column names come from the models' ``_meta``
(``config.db.sql_text``); every value, the kinds and the source among them, is a parameter.
"""

from __future__ import annotations

import re
from datetime import date, datetime

from django.contrib.auth.models import User

from config.db import sql_text
from config.statements import Bound, Part, Refusal
from ledger.models import GamingDayClose
from rake.models import DailyFeeSummary, FeeCharge, FeeKind, FeePolicyVersion, FeeSource
from rake.models.summaries import SUMMARY_KEYS

_CHECKS = sql_text(
    """fee_kind AS (
    SELECT CASE WHEN %(fee_amount)s::bigint = 0 AND EXISTS (
        SELECT FROM {Policy} WHERE {Policy.id} = %(fee_policy)s::bigint AND {Policy.kind} = %(fee_hourly)s)
        THEN %(fee_hourly)s ELSE %(fee_percentage)s END AS kind
)""",
    Policy=FeePolicyVersion,
)

_REFUSALS = (
    Refusal(
        "posted",
        sql_text(
            "EXISTS (SELECT FROM {Charge} WHERE {Charge.hand} = %(fee_hand)s::bigint AND {Charge.reverses} IS NULL)",
            Charge=FeeCharge,
        ),
    ),
    Refusal(
        "gaming_day_closed",
        sql_text(
            "EXISTS (SELECT FROM {Close} WHERE {Close.gaming_day} = %(fee_day)s::date)",
            Close=GamingDayClose,
        ),
    ),
)

# ``{{entry}}``: the CTE of the composed statement that returns the journal entry's id (none when
# no entry was posted), named by the composer.
_WRITES = sql_text(
    """charge AS (
    INSERT INTO {Charge} (
        {Charge.created_at}, {Charge.created_by}, {Charge.source}, {Charge.kind}, {Charge.hand},
        {Charge.time_charge}, {Charge.table}, {Charge.game}, {Charge.dealer}, {Charge.gaming_day}, {Charge.shift},
        {Charge.hands}, {Charge.pots}, {Charge.fee}, {Charge.seconds}, {Charge.journal_entry}, {Charge.reverses})
    SELECT %(fee_at)s::timestamptz, %(fee_actor)s::integer, %(fee_source)s, fee_kind.kind, %(fee_hand)s::bigint,
        NULL, %(fee_table)s::bigint, %(fee_game)s::bigint, %(fee_dealer)s::integer, %(fee_day)s::date,
        %(fee_shift)s::smallint, 1, %(fee_pots)s::bigint, %(fee_amount)s::bigint, 0,
        (SELECT {{entry}}.id FROM {{entry}}), NULL
    FROM verdict CROSS JOIN fee_kind WHERE verdict.outcome = 'ok'
    RETURNING {Charge.kind} AS kind
), summary AS (
    INSERT INTO {Summary} (
        {Summary.gaming_day}, {Summary.shift}, {Summary.table_id}, {Summary.game_id}, {Summary.dealer_id},
        {Summary.kind}, {Summary.hands}, {Summary.pots}, {Summary.fees}, {Summary.seconds}, {Summary.time_charges},
        {Summary.expected}, {Summary.counted}, {Summary.variance})
    SELECT %(fee_day)s::date, %(fee_shift)s::smallint, %(fee_table)s::bigint, COALESCE(%(fee_game)s::bigint, 0),
        COALESCE(%(fee_dealer)s::integer, 0), charge.kind, 1, %(fee_pots)s::bigint, %(fee_amount)s::bigint,
        0, 0, 0, 0, 0
    FROM charge
    ON CONFLICT ("""
    + ", ".join(f"{{Summary.{key}}}" for key in SUMMARY_KEYS)
    + """) DO UPDATE SET
        {Summary.hands} = {Summary}.{Summary.hands} + EXCLUDED.{Summary.hands},
        {Summary.pots} = {Summary}.{Summary.pots} + EXCLUDED.{Summary.pots},
        {Summary.fees} = {Summary}.{Summary.fees} + EXCLUDED.{Summary.fees}
)""",
    Charge=FeeCharge,
    Summary=DailyFeeSummary,
)


def hand_fee_record_part(*, entry: str) -> Part:
    """Rake's part: a hand's fee record pointing at the journal entry that the CTE ``entry`` of another
    part returns (its column ``id``; the record has none when that CTE has no row), and its summary.
    Built once, where the statement is composed: the text is the same on every call."""
    if not re.fullmatch(r"[a-z_]+", entry):
        raise ValueError(f"not the name of a CTE: {entry!r}")
    return Part(
        owner="rake",
        defines=("fee_kind", "charge", "summary"),
        checks=_CHECKS,
        refusals=_REFUSALS,
        writes=_WRITES.replace("{entry}", entry),
        reads=(entry,),
    )


def hand_fee_record(
    part: Part,
    *,
    actor: User,
    hand_id: int,
    table_id: int,
    game_id: int | None,
    dealer_id: int | None,
    policy_id: int | None,
    gaming_day: date,
    shift: int,
    pots: int,
    fee: int,
    at: datetime,
) -> Bound:
    """``part`` (``hand_fee_record_part``) bound to record the fee of hand ``hand_id`` as
    ``fee_charge_record`` records it, of the kind ``games.services.hand_fees`` gives it."""
    return part.bind(
        {
            "fee_hand": hand_id,
            "fee_table": table_id,
            "fee_game": game_id,
            "fee_dealer": dealer_id,
            "fee_policy": policy_id,
            "fee_day": gaming_day,
            "fee_shift": shift,
            "fee_pots": pots,
            "fee_amount": fee,
            "fee_at": at,
            "fee_actor": actor.pk,
            "fee_source": FeeSource.HAND.value,
            "fee_hourly": FeeKind.HOURLY.value,
            "fee_percentage": FeeKind.PERCENTAGE.value,
        }
    )
