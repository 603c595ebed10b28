"""The project core's records: the abstract bases every app's records build on, the outbox, the periodic runs."""

from config.models.jobs import JobFailure, JobStatus, Leased
from config.models.outbox import OutboxMessage
from config.models.periodic import PeriodicRun
from config.models.records import Recorded

__all__ = ["JobFailure", "JobStatus", "Leased", "OutboxMessage", "PeriodicRun", "Recorded"]
