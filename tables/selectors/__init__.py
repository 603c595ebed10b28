"""Reads of the floor, split by concept; the names here are the public contract."""

from tables.selectors.away import away_intervals, aways_by_session, aways_open, seat_aways, seat_is_away
from tables.selectors.dealers import (
    check_deals_table,
    dealer_assigned_at,
    dealer_assigned_now,
    dealer_is_assigned,
    rotation_board,
)
from tables.selectors.players import expulsion_active_for, expulsions_active, expulsions_report, players_search
from tables.selectors.tables import sign_current, sign_history, sign_in_force, table_get, tables_list
from tables.selectors.waitlists import waitlist_analytics, waitlist_entries, waitlists_by_game

__all__ = [
    "away_intervals",
    "aways_by_session",
    "aways_open",
    "check_deals_table",
    "dealer_assigned_at",
    "dealer_assigned_now",
    "dealer_is_assigned",
    "expulsion_active_for",
    "expulsions_active",
    "expulsions_report",
    "players_search",
    "rotation_board",
    "seat_aways",
    "seat_is_away",
    "sign_current",
    "sign_history",
    "sign_in_force",
    "table_get",
    "tables_list",
    "waitlist_analytics",
    "waitlist_entries",
    "waitlists_by_game",
]
