from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = "Floor"

    def ready(self) -> None:
        from tables import roles  # noqa: F401  (registers the floor's model permissions)
