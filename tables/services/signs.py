"""The sign every open table must show (rules: "a sign on the table that names the game")."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.utils import translation
from django.utils.translation import gettext as _

from config.money import format_money
from rake.selectors.policies import fee_policy_in_force, hourly_fee_for, percentage_fee_for
from tables.models import GameKind, SignVersion, Table, TableStatus
from tables.selectors.signage import room_language
from tables.selectors.words import fee_text, game_title, stakes_text


def sign_fields(table: Table, *, language: str | None = None) -> dict[str, Any]:
    """What the sign says, as fields, in ``language`` (default: the room's language)."""
    game = table.game
    assert game is not None, "only a table with a game has a sign"
    language = language or room_language()
    version = fee_policy_in_force(table_id=table.pk)
    policy = percentage_fee_for(version) or hourly_fee_for(version)
    with translation.override(language):
        fee = fee_text(policy, has_flop=game.kind != GameKind.CLUB_POKER) if policy is not None else None
        return {
            "language": language,
            "table_number": table.number,
            "table_name": table.name,
            "game_id": game.pk,
            "game_name": game.name,
            "game": game_title(game),
            "stakes": stakes_text(game),
            "buy_in": _("Buy-in %(min)s – %(max)s %(cur)s")
            % {
                "min": format_money(game.min_buy_in),
                "max": format_money(game.max_buy_in),
                "cur": settings.CARDROOM_CURRENCY,
            },
            "seats": _("Up to %(n)d players") % {"n": table.seats},
            "fee": fee,
            "fee_line": _("Fee: %(fee)s") % {"fee": fee} if fee else _("Fee: posted by the room"),
            "rules_slug": game.rules_slug,
        }


def sign_text(fields: dict[str, Any]) -> str:
    with translation.override(fields.get("language") or settings.LANGUAGE_CODE):
        heading = _("Table %(n)s") % {"n": fields["table_number"]}
    lines = [heading, fields["game_name"], fields["game"], fields["stakes"], fields["buy_in"], fields["seats"]]
    return "\n".join([*lines, fields["fee_line"]])


def sign_refresh(*, actor: User, table: Table, at: datetime) -> SignVersion | None:
    """Record a new sign version when the table's sign text changes; a closed table shows none.

    The caller holds the table's row lock, so two refreshes cannot both open a version.
    """
    current = SignVersion.objects.select_for_update().filter(table=table, valid_to__isnull=True).first()
    if table.status == TableStatus.CLOSED or table.game is None:
        if current is not None:
            current.valid_to = at
            current.save(update_fields=["valid_to"])
        return None
    fields = sign_fields(table)
    content = sign_text(fields)
    if current is not None and current.content == content and current.game_id == table.game_id:
        return current
    if current is not None:
        current.valid_to = at
        current.save(update_fields=["valid_to"])
    return SignVersion.objects.create(
        table=table, game=table.game, content=content, data=fields, valid_from=at, created_at=at, created_by=actor
    )
