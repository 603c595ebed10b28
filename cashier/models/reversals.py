"""Reversal requests: a cage entry is reversed by two people.

A cashier asks, with the reason (``created_by``, ``created_at``); a floor
manager who is someone else approves, posting the reversing entry, or declines
with a reason (``decided_by``, ``decided_at``). A request is decided once. On
PostgreSQL a trigger refuses DELETE, any change to what was asked, and any
change at all once decided.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from config.models import Recorded
from config.triggers import no_delete, no_truncate, update_only_when
from ledger.models import JournalEntry


class ReversalStatus(models.TextChoices):
    PENDING = "pending", _("waiting for approval")
    APPROVED = "approved", _("approved")
    DECLINED = "declined", _("declined")


_FIXED = ["entry_id", "reason", "created_at", "created_by_id"]
# Only the pending -> decided step, once, and nothing of the request itself.
_UPDATE_ALLOWED = " AND ".join(
    ["OLD.status = 'pending'"] + [f'NEW."{c}" IS NOT DISTINCT FROM OLD."{c}"' for c in _FIXED]
)


class ReversalRequest(Recorded):
    """``created_by`` (a cashier) asked to reverse ``entry``; ``decided_by`` (a floor manager) decided."""

    entry = models.ForeignKey(
        JournalEntry, on_delete=models.PROTECT, related_name="reversal_requests", verbose_name=_("entry")
    )
    reason = models.CharField(_("reason"), max_length=200)
    status = models.CharField(
        _("status"), max_length=10, choices=ReversalStatus.choices, default=ReversalStatus.PENDING
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    decline_reason = models.CharField(_("why declined"), max_length=200, blank=True)
    reversal = models.OneToOneField(
        JournalEntry, on_delete=models.PROTECT, null=True, blank=True, related_name="+", verbose_name=_("reversal")
    )

    class Meta:
        ordering = ["-pk"]
        verbose_name = _("reversal request")
        constraints = [
            models.UniqueConstraint(
                fields=["entry"], condition=Q(status=ReversalStatus.PENDING), name="cashier_reversal_one_pending"
            ),
            models.CheckConstraint(name="cashier_reversal_reason_given", condition=~Q(reason="")),
            models.CheckConstraint(
                name="cashier_reversal_two_people",
                condition=Q(decided_by__isnull=True) | ~Q(decided_by=F("created_by")),
            ),
            models.CheckConstraint(
                name="cashier_reversal_decision_complete",
                condition=Q(
                    status=ReversalStatus.PENDING,
                    decided_by__isnull=True,
                    decided_at__isnull=True,
                    reversal__isnull=True,
                )
                | Q(
                    status=ReversalStatus.APPROVED,
                    decided_by__isnull=False,
                    decided_at__isnull=False,
                    reversal__isnull=False,
                )
                | (
                    Q(
                        status=ReversalStatus.DECLINED,
                        decided_by__isnull=False,
                        decided_at__isnull=False,
                        reversal__isnull=True,
                    )
                    & ~Q(decline_reason="")
                ),
            ),
        ]
        triggers = [
            no_delete("reversalrequest"),
            no_truncate("reversalrequest"),
            update_only_when("reversalrequest", _UPDATE_ALLOWED),
        ]

    def __str__(self) -> str:
        return f"reversal of #{self.entry_id} ({self.status})"
