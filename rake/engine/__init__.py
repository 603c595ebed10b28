"""The fee arithmetic, plain Python like ``games.engine``: no Django, no database, no other app.

An import-linter contract in pyproject.toml keeps it so.
"""
