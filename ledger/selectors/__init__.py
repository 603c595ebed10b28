"""Reads of the ledger: balances of places, the room's invariants, and whether a gaming day is closed."""
