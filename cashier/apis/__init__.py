"""REST API of the cashier app: one view per operation."""
