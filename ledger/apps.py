from django.apps import AppConfig


class LedgerConfig(AppConfig):
    name = "ledger"
    verbose_name = "Ledger"

    def ready(self) -> None:
        from ledger import roles  # noqa: F401  (grants the roles' permissions at import)
