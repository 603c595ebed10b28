"""Pages of the hand record (HTML + htmx): the log and one hand, PHH files and statistics (``hands``);
the dealer's screen at the table (``dealer``)."""
