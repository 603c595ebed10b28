from django.apps import AppConfig


class CashierConfig(AppConfig):
    name = "cashier"
    verbose_name = "Cashier"

    def ready(self) -> None:
        from cashier import roles  # noqa: F401  (grants the roles' permissions at import)
