"""The ledger's tests post through the cage's fixtures: chips issued, a vault, a drawer shift, a table."""

from tests.cashier.conftest import (  # noqa: F401  (pytest finds fixtures by the names in this module)
    chips,
    drawer,
    make_drawer,
    make_table,
    open_shift,
    room_admin,
    shift,
    table,
    vault,
)
