"""The sign every open table must show (rules: "a sign on the table that names the game").

The sign names the fee in force, which is the fee app's to word: every caller that records or shows a
sign passes those words in (``fee_words``: ``rake.selectors.sign_fee_words``, from the floor's pages and
API, rake's own refresh after a fee change, the demo and the test scenarios), so the floor never reads
the fee app.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.utils import translation
from django.utils.translation import gettext as _

from config import money
from config.money import currency_code, format_money
from tables.models import SignVersion, Table, TableStatus
from tables.selectors.signage import room_language
from tables.selectors.words import game_title, stakes_text

# The fee a table's sign names, in the active language ("5% of each pot, up to 2,000 AMD"); None while no
# fee is in force, when the sign says the room posts it. Called with the table as its caller read it
# (locked, with its game), inside the sign's language.
SignFeeWords = Callable[[Table], str | None]


def sign_fields(table: Table, *, fee_words: SignFeeWords, language: str | None = None) -> dict[str, Any]:
    """What the sign says, as fields, in ``language`` (default: the language of the table's room), in the
    money of the table's room, whoever prints it (the fee's words too)."""
    game = table.game
    assert game is not None, "only a table with a game has a sign"
    language = language or room_language(room_id=table.room_id)
    with translation.override(language), money.using(money.Currency.of(table.room)):
        fee = fee_words(table)
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
                "cur": currency_code(),
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


def _current(table: Table) -> SignVersion | None:
    return SignVersion.objects.select_for_update().filter(table=table, valid_to__isnull=True).first()


def _end(current: SignVersion | None, at: datetime) -> None:
    if current is not None:
        current.valid_to = at
        current.save(update_fields=["valid_to"])


def sign_take_down(*, table: Table, at: datetime) -> None:
    """End the sign of a table that closed: a closed table shows none.

    The caller holds the table's row lock.
    """
    _end(_current(table), at)


def sign_refresh(*, actor: User, table: Table, at: datetime, fee_words: SignFeeWords) -> SignVersion | None:
    """Record a new sign version when the table's sign text changes; a closed table shows none.

    The caller holds the table's row lock, so two refreshes cannot both open a version.
    """
    current = _current(table)
    if table.status == TableStatus.CLOSED or table.game is None:
        _end(current, at)
        return None
    fields = sign_fields(table, fee_words=fee_words)
    content = sign_text(fields)
    if current is not None and current.content == content and current.game_id == table.game_id:
        return current
    _end(current, at)
    return SignVersion.objects.create(
        table=table, game=table.game, content=content, data=fields, valid_from=at, created_at=at, created_by=actor
    )
