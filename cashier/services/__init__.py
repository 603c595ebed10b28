"""Writes of the cashier app: keyword-only functions taking the acting user, split by sub-domain.

Every movement is posted through the ledger (``ledger.services``).

- ``reversals``: a reversal asked for by a cashier and approved by a floor manager
- ``vault``: the vault's stock
- ``drawers``: drawer shifts (open, close, supervisor sign-off)
- ``sales``: chip sales and redemptions
- ``slips``: fill and credit slips
- ``trays``: table openers and closers
- ``idempotency``: Idempotency-Key handling
"""
