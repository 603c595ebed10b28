"""REST API of the games app: one view per operation."""
