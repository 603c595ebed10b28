"""Posting a pending hand fee, as the floor asks for it: done by the app that posts hand fees.

rake keeps the records (``PendingFee``, ``FeeCharge``) but does not read hands; the posting is
registered with ``rake.selectors.pending`` by ``games.apps`` (``games.services.hand_fees``).
"""

from __future__ import annotations

from django.contrib.auth.models import User

from rake.models import FeeCharge
from rake.selectors.pending import pending_hand_fees


def pending_fee_post(*, actor: User, pending_id: int) -> FeeCharge:
    """Post a pending fee now, with change from the tray as at completion; refused as the ledger refuses."""
    return pending_hand_fees().pending_fee_post(actor=actor, pending_id=pending_id)
