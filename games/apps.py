from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Hands"

    def ready(self) -> None:
        from games import roles  # noqa: F401  (registers the hand record's model permissions)
