"""REST API of the rake app: one view per operation (``rake.apis.views``)."""
