"""The project core's records: the abstract bases every app's records build on, the outbox, leased jobs,
the periodic runs and the idempotency keys of every money-moving request."""

from config.models.idempotency import IdempotencyKey
from config.models.jobs import JobFailure, JobStatus, Leased
from config.models.outbox import OutboxMessage
from config.models.periodic import PeriodicRun
from config.models.records import Recorded

__all__ = ["IdempotencyKey", "JobFailure", "JobStatus", "Leased", "OutboxMessage", "PeriodicRun", "Recorded"]
