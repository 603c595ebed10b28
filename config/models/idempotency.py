"""Idempotency keys: a request's outcome, stored in the transaction that moved the money."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

# The longest key a client may send (``config.services.idempotency.check_key``).
KEY_MAX_LENGTH = 255


class IdempotencyKey(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    key = models.CharField(_("key"), max_length=KEY_MAX_LENGTH)
    # The operation the key was used for, and a SHA-256 of method, path and canonical body.
    scope = models.CharField(_("scope"), max_length=100)
    request_hash = models.CharField(max_length=64)
    created_at = models.DateTimeField(_("created at"))
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    response_body = models.BinaryField(null=True, blank=True)
    content_type = models.CharField(max_length=100, blank=True)

    class Meta:
        verbose_name = _("idempotency key")
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="idempotency_key_unique")]

    def __str__(self) -> str:
        return self.key
