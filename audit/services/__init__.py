"""Writes of the history: the context every row carries (``context``) and, where the database has no
history triggers (SQLite), the rows themselves from model signals (``recorder``)."""
