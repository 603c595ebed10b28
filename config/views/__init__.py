"""Pages of the project core: the start page, the error pages, ``/healthz``, the login and the password change."""

from config.views.errors import page_not_found, permission_denied, server_error
from config.views.health import healthz
from config.views.home import home
from config.views.passwords import LoginView, PasswordChangeView

__all__ = ["LoginView", "PasswordChangeView", "healthz", "home", "page_not_found", "permission_denied", "server_error"]
