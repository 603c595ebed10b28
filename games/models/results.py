"""The rows a finished hand's result is stored as: built from the engine's result, not inserted.

``games.services.completion`` inserts them; ``games.selectors.verification``
builds them again from a replay and compares them with what is stored, so the
two can never disagree about what a result's rows are.
"""

from __future__ import annotations

from datetime import datetime

from config.db import Rows
from games.engine import Hand
from games.models.hands import Hand as HandRow
from games.models.hands import HandResult, PotAward


def result_rows(*, hand: HandRow, state: Hand, now: datetime) -> list[Rows]:
    """The result and the pots of a finished ``state``, not inserted yet; sets the hand's pot, fee and end."""
    result = state.result
    assert result is not None, "only a finished hand is completed"
    total = sum(p.amount for p in result.pots if not p.carried)
    hand.pot, hand.fee, hand.ended_at = total, result.fees, now
    row = HandResult(
        hand=hand,
        total_pot=total,
        fee=result.fees,
        uncontested=result.uncontested,
        tie=result.tie or "",
        misdeal=result.misdeal,
        carried_out=result.carried_out,
        data=result.to_dict(),
        completed_at=now,
    )
    pots = [
        PotAward(
            hand=hand,
            index=k,
            amount=p.amount,
            eligible=list(p.eligible),
            winners=list(p.winners),
            shares=list(p.shares),
            fee=p.fee,
            carried=p.carried,
        )
        for k, p in enumerate(result.pots)
    ]
    return [(HandResult, [row]), (PotAward, pots)]
