from django.apps import AppConfig


class CashierConfig(AppConfig):
    name = "cashier"
    verbose_name = "Cashier"

    def ready(self) -> None:
        # roles grants the roles' permissions at import. tasks is registered at start-up: the services send
        # them by name (config.services.outbox.send_on_commit), and a task found only at its first send would have
        # Celery import its modules (and set up its logging) in the middle of a request.
        from cashier import roles, tasks  # noqa: F401
