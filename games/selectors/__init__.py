"""Reads of the hand record; the names here are the public contract (the floor map calls
``current_hand_summary`` / ``current_hands_summary``)."""

from games.selectors.access import check_may_amend, check_may_read_table, check_may_record, readable_table_ids
from games.selectors.hands import (
    HandFilters,
    current_hand_summary,
    current_hands_summary,
    describe_event,
    hand_detail,
    hand_get_for_user,
    hands_list,
)
from games.selectors.stats import DealerTableStats, dealer_stats

__all__ = [
    "DealerTableStats",
    "HandFilters",
    "check_may_amend",
    "check_may_read_table",
    "check_may_record",
    "current_hand_summary",
    "current_hands_summary",
    "dealer_stats",
    "describe_event",
    "hand_detail",
    "hand_get_for_user",
    "hands_list",
    "readable_table_ids",
]
