"""REST API of the floor: one view per operation, split by concept."""
