from __future__ import annotations

from typing import Any

from django.apps import AppConfig
from django.contrib.admin.apps import AdminConfig
from django.db.models.signals import post_migrate
from django.urls import register_converter

from config.numbers import IdConverter


class ConfigConfig(AppConfig):
    """The project core: roles, auth pages, health, demo data."""

    name = "config"
    label = "config"
    verbose_name = "Cardroom"

    def ready(self) -> None:
        # Keeps the role groups' model permissions in step with ROLE_PERMISSIONS;
        # permissions only exist once every app has migrated, hence post_migrate.
        post_migrate.connect(_sync_roles, dispatch_uid="cardroom-sync-roles")
        # A migration that installs a trigger also writes pgtrigger's skipping function again.
        post_migrate.connect(_guards_seal, dispatch_uid="cardroom-guards-seal")
        # Before any URL module builds its patterns: every app's urls.py uses <id:...>.
        register_converter(IdConverter, "id")
        # Here, not in config.admin: that module defines the site itself, which is built lazily.
        from django.contrib import admin

        from config.admin import OutboxMessageAdmin
        from config.models import OutboxMessage

        admin.site.register(OutboxMessage, OutboxMessageAdmin)
        _token_admin(admin.site)
        _tokens_follow_credentials()
        # The room's system checks register as their module loads (the database role's: check --deploy).
        from config import checks  # noqa: F401


class CardroomAdminConfig(AdminConfig):
    default_site = "config.admin.CardroomAdminSite"


def _token_admin(site: Any) -> None:
    """knox registers an admin that lists every token's digest; the room's shows no secret, and adds none."""
    from knox.models import AuthToken

    from config.admin import TokenAdmin

    if site.is_registered(AuthToken):
        site.unregister(AuthToken)
    site.register(AuthToken, TokenAdmin)


def _tokens_follow_credentials() -> None:
    """A user's tokens die with a new password, a deactivation or a lockout (config.services.tokens)."""
    from axes.signals import user_locked_out
    from django.contrib.auth.models import User
    from django.db.models.signals import post_save, pre_save

    from config.services import tokens

    pre_save.connect(tokens.credentials_watch, sender=User, dispatch_uid="cardroom-token-credentials")
    post_save.connect(tokens.credentials_changed, sender=User, dispatch_uid="cardroom-token-credentials")
    user_locked_out.connect(tokens.lockout_revoke, dispatch_uid="cardroom-token-lockout")


def _sync_roles(sender: Any, **kwargs: Any) -> None:
    from config.services import roles_sync

    roles_sync(using=kwargs.get("using", "default"))


def _guards_seal(*, using: str, **_kwargs: Any) -> None:
    from config.triggers import guards_seal

    guards_seal(using)
