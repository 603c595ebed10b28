"""Core services: roles and users."""

from __future__ import annotations

from django.contrib.auth.models import Group, Permission, User
from django.db import transaction

from config.roles import ROLE_PERMISSIONS, Role


def roles_sync(*, using: str = "default") -> None:
    """Create the role groups and give each exactly the permissions listed for it."""
    for role in Role:
        group, _ = Group.objects.using(using).get_or_create(name=role.value)
        wanted = ROLE_PERMISSIONS[role]
        perms = Permission.objects.using(using).all()
        if "*" not in wanted:
            labels = [w.split(".", 1) for w in wanted]
            ids = [
                p.pk for p in perms.select_related("content_type") if [p.content_type.app_label, p.codename] in labels
            ]
            perms = perms.filter(pk__in=ids)
        group.permissions.set(perms)


@transaction.atomic
def user_create(*, username: str, password: str, roles: list[str], full_name: str = "") -> User:
    first, _, last = full_name.partition(" ")
    user = User.objects.create_user(username=username, password=password, first_name=first, last_name=last)
    user.groups.set(Group.objects.filter(name__in=roles))
    if Role.ADMIN in roles:
        user.is_staff = True
        user.save(update_fields=["is_staff"])
    return user
