from django.apps import AppConfig


class RakeConfig(AppConfig):
    name = "rake"
    verbose_name = "Fees and reports"

    def ready(self) -> None:
        # roles registers the fee app's model permissions. tasks is registered at start-up: the export
        # service sends its task by name (config.services.outbox.send_on_commit).
        from rake import roles, tasks  # noqa: F401
