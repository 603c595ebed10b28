"""Reads of drawer shifts: the one a cashier works at now."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from cashier.models import DrawerShift, ShiftStatus
from config.errors import DomainError


def open_shift_of(user: User) -> DrawerShift | None:
    """The user's open drawer shift, read without a lock (a page's view of it), or None."""
    return DrawerShift.objects.filter(cashier_id=user.pk, status=ShiftStatus.OPEN).first()


def no_open_drawer() -> DomainError:
    """The refusal of what needs the actor's own open drawer (a sale, a fill issued, a credit received)."""
    return DomainError(_("You have no open drawer: open one first."), code="no_open_drawer")
