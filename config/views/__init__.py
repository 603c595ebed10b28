"""Pages of the project core: the start page, the error pages, ``/healthz``, the password change."""

from config.views.errors import page_not_found, permission_denied, server_error
from config.views.health import healthz
from config.views.home import home
from config.views.passwords import PasswordChangeView

__all__ = ["PasswordChangeView", "healthz", "home", "page_not_found", "permission_denied", "server_error"]
