"""Writes of the cashier app: keyword-only functions taking the acting user, split by sub-domain.

- ``ledger``: ``post_entry``, ``fee_to_drop_box`` (the public API other apps use)
- ``reversals``: a reversal asked for by a cashier and approved by a floor manager
- ``accounts``: the ledger's places and their balance rows
- ``balances``: legs applied to the balance rows, locked in primary-key order
- ``chips``, ``vault``: denominations, the vault's stock
- ``drawers``: drawer shifts (open, close, supervisor sign-off)
- ``sales``: chip sales and redemptions
- ``slips``: fill and credit slips
- ``trays``: table openers and closers
- ``idempotency``: Idempotency-Key handling
- ``tx``: one retried transaction per operation
- ``memory``: per-process memory of committed rows that never change
"""
