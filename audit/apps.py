from django.apps import AppConfig
from django.db import connection


class AuditConfig(AppConfig):
    name = "audit"
    verbose_name = "History"

    def ready(self) -> None:
        from audit import context, recorder, roles  # noqa: F401  (roles: grants the readers' permissions at import)

        # PostgreSQL writes the history itself (pghistory's triggers); any other database gets it from here.
        if connection.vendor != "postgresql":
            recorder.install()
        context.install_task_context()
