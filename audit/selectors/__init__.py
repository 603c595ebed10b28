"""Reads of the history; the names here are the public contract."""

from audit.selectors.history import HISTORY_READERS, Change, FieldChange, HistoryFilter, history_changes, history_events

__all__ = ["HISTORY_READERS", "Change", "FieldChange", "HistoryFilter", "history_changes", "history_events"]
