"""Reads the floor's pages compose from several apps; each writes nothing."""
