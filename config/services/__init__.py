"""Writes of the project core, one module per concept.

- ``users``: the role groups kept in step with ``config.roles``, and a user with roles
- ``outbox``: ``send_on_commit``, the one way a service sends a task, and the relay that publishes what
  the broker could not take
- ``tokens``: API tokens created (the key shown once), revoked, and killed with their user's credentials
- ``jobs``: long work under a lease (claim, heartbeat, failure, re-queue, retry)
- ``database_roles``: the privileges of the PostgreSQL role the room's processes connect as
"""

from config.services.database_roles import runtime_role_grant
from config.services.outbox import outbox_relay, send_on_commit
from config.services.tokens import token_create, tokens_revoke
from config.services.users import roles_sync, user_create

__all__ = [
    "outbox_relay",
    "roles_sync",
    "runtime_role_grant",
    "send_on_commit",
    "token_create",
    "tokens_revoke",
    "user_create",
]
