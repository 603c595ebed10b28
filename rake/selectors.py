"""Reads of the rake app."""

from __future__ import annotations


def table_fee_line(table_id: int) -> str | None:
    """The fee line a table's sign shows ("5% up to 20", "1,000 per player per hour").

    None while no fee policy is set for the table; the fee policies of the
    rake app fill it in.
    """
    return None
