"""Reads of the cashier app."""
