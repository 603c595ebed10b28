from django.apps import AppConfig


class RakeConfig(AppConfig):
    name = "rake"
    verbose_name = "Fees and reports"

    def ready(self) -> None:
        from rake import roles  # noqa: F401  (registers the fee app's model permissions)
