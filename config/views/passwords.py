"""The pages that check a password: the login (and the admin's), and the password change.

**The login.** Each check costs a password hash (slow on purpose). django-axes locks a (username,
address) pair out after ``AXES_FAILURE_LIMIT`` failures, which a stream of new usernames never reaches,
so an address that asks for more than ``CARDROOM_LOGINS_PER_MINUTE`` checks in a minute is refused
before the next one is made (``config.auth.login_rate_limited``): the page says so, with a 429.

**The password change** is for the person at an open session, who may not be its owner. Its wrong
current passwords are counted for the session, not on the login's counter: were they (as django-axes
counts a login), a stranger at an unattended screen could lock the owner out of logging in for
``AXES_COOLOFF_MINUTES``. After ``CARDROOM_PASSWORD_CHANGE_FAILURES`` wrong ones the session ends: the
guessing stops there, and the owner logs in again with their password.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext_lazy as _

from config.auth import login_rate_limited

RATE_LIMITED = _("Too many login attempts from this address. Wait a minute, then try again.")
_FAILURES = "cardroom_password_change_failures"


class _RateLimited:
    """A login form that asks ``login_rate_limited`` before it checks a password (``super().clean``)."""

    request: HttpRequest | None
    data: Any

    def clean(self) -> dict[str, Any]:
        asks = self.data.get("username") and self.data.get("password")
        if asks and self.request is not None and login_rate_limited(self.request):
            raise ValidationError(RATE_LIMITED, code="rate_limited")
        cleaned: dict[str, Any] = super().clean()  # type: ignore[misc]
        return cleaned


class LoginForm(_RateLimited, AuthenticationForm):
    pass


class AdminLoginForm(_RateLimited, AdminAuthenticationForm):
    pass


def rate_limited(form: Any) -> bool:
    """Whether a login form was refused by the per-address limit (its page then answers 429)."""
    return form is not None and form.is_bound and form.has_error("__all__", code="rate_limited")


class LoginView(auth_views.LoginView):
    form_class = LoginForm
    redirect_authenticated_user = True

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        if not rate_limited(form):
            return super().form_invalid(form)
        return self.render_to_response(self.get_context_data(form=form, rate_limited=RATE_LIMITED), status=429)


class SessionPasswordChangeForm(PasswordChangeForm):
    """The current password checked against the user's hash, and each wrong one counted for the session."""

    def __init__(self, user: Any, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        self.request = request
        super().__init__(user, *args, **kwargs)

    def clean_old_password(self) -> str:
        try:
            old_password: str = super().clean_old_password()
        except ValidationError:
            session = self.request.session
            session[_FAILURES] = session.get(_FAILURES, 0) + 1
            raise
        return old_password

    @property
    def too_many_failures(self) -> bool:
        return int(self.request.session.get(_FAILURES, 0)) >= settings.CARDROOM_PASSWORD_CHANGE_FAILURES


class PasswordChangeView(auth_views.PasswordChangeView):
    form_class = SessionPasswordChangeForm

    def get_form_kwargs(self) -> dict[str, Any]:
        kwargs = super().get_form_kwargs()
        kwargs["request"] = self.request
        return kwargs

    def form_invalid(self, form: SessionPasswordChangeForm) -> HttpResponse:  # type: ignore[override]
        if not form.too_many_failures:
            return super().form_invalid(form)
        logout(self.request)
        messages.error(
            self.request, _("Too many wrong current passwords: the session has ended. Log in again to go on.")
        )
        return redirect(settings.LOGIN_URL)
