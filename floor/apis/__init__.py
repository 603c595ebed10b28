"""The floor's API operations that compose several apps: one view per operation."""
