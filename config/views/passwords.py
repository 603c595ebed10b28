"""The password change page, locked out like the login.

Django's form checks the old password with ``check_password``, which django-axes
never sees: anyone holding a session could guess the password without limit.
Checking it with ``authenticate`` puts every wrong old password on the login's
counter for (username, address) (``AXES_FAILURE_LIMIT``, ``AXES_COOLOFF_MINUTES``),
and a locked-out pair is answered by the axes middleware, as the login is.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordChangeForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest


class LockedOutPasswordChangeForm(PasswordChangeForm):
    def __init__(self, user: Any, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        self.request = request
        super().__init__(user, *args, **kwargs)

    def clean_old_password(self) -> str:
        old_password: str = self.cleaned_data["old_password"]
        found = authenticate(self.request, username=self.user.get_username(), password=old_password)
        if found is None or found.pk != self.user.pk:
            raise ValidationError(self.error_messages["password_incorrect"], code="password_incorrect")
        return old_password


class PasswordChangeView(auth_views.PasswordChangeView):
    form_class = LockedOutPasswordChangeForm

    def get_form_kwargs(self) -> dict[str, Any]:
        kwargs = super().get_form_kwargs()
        kwargs["request"] = self.request
        return kwargs
