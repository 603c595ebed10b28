from django.apps import AppConfig


class FloorConfig(AppConfig):
    """The floor manager's pages that compose several apps: the floor map, a table, seating, the waitlists,
    the sign. No models and no services of its own: its pages read through the apps' selectors and write
    through their services."""

    name = "floor"
    verbose_name = "Floor pages"
