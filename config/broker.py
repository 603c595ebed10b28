"""Celery's transport to Redis (``CELERY_BROKER_TRANSPORT``): kombu's, with the one repair that keeps a
worker alive when Redis dies under a task it holds (docs/production.md, "The worker and beat").

When the consumer loses Redis, Celery collects the connection (``kombu.Connection.collect``), which unlinks
the transport from the connection's settings but can leave the default channel open, then closes the
connection, and with it that channel. A channel that was waiting on Redis for the next task (a free pool
process) while it held an unacknowledged one (``CELERY_TASK_ACKS_LATE``) gives that task back as it closes,
through a new client made from the settings that are gone: ``AttributeError: 'NoneType' object has no
attribute 'hostname'``, which no retry takes, and the worker stopped (kombu 5.7, celery 5.7). Here that
channel raises the connection error it is, which the close ignores, and the consumer connects again. With
Redis gone the task could not have been given back anyway: it runs on to its end, and a Redis that kept its
data gives it again after the visibility timeout, to a task that finds its work done. The fault test:
``tests/faults/test_exports_survive_redis_and_worker_kills.py``.
"""

from __future__ import annotations

from typing import Any

from kombu.transport import redis as kombu_redis
from redis.exceptions import ConnectionError as RedisConnectionError


class Channel(kombu_redis.Channel):
    def _connparams(self, asynchronous: bool = False) -> dict[str, Any]:
        """The settings of a new client, refused with a connection error once the connection is collected."""
        transport = self.connection
        if transport is None or transport.client is None:
            raise RedisConnectionError("the channel's connection to Redis is closed")
        params: dict[str, Any] = super()._connparams(asynchronous=asynchronous)  # type: ignore[misc]  # kombu's stubs leave it out
        return params


class Transport(kombu_redis.Transport):
    Channel = Channel
