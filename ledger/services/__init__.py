"""Writes of the ledger, one module per concept.

- ``posting``: ``post_entry`` and the legs of an entry (the API every app posts through)
- ``fees``: a collected fee into a table's drop box, change made from the tray
- ``reversals``: the reversing entry of an entry
- ``accounts``: the ledger's places and their balance rows; ``chips``: denominations and chip counts
- ``balances``: legs applied to the balance rows, locked in primary-key order
- ``change``: making up an amount in chips
- ``memory``: what committed rows never change
- ``entry_sql``, ``balance_sql``: the PostgreSQL fast paths of the entry insert and the balance update
- ``fee_sql``: a fee into a drop box as the ledger's part of a statement another app composes
  (``config.statements``), as the fast path of a hand's fee does
"""
