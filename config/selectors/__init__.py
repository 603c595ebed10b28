"""The project core's reads."""
