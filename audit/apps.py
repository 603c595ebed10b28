from django.apps import AppConfig

from config.db import on_postgresql


class AuditConfig(AppConfig):
    name = "audit"
    verbose_name = "History"

    def ready(self) -> None:
        from audit import roles  # noqa: F401  (grants the readers' permissions at import)
        from audit.services import context, recorder

        # PostgreSQL writes the history itself (pghistory's triggers); any other database gets it from here.
        if not on_postgresql():
            recorder.install()
        context.install_task_context()
        # A read no trigger sees: config's token list tells the history who was shown which tokens.
        from config.services.tokens import tokens_listed

        tokens_listed.connect(recorder.tokens_listed, dispatch_uid="audit-tokens-listed")
