"""Reads of players and expulsions."""

from __future__ import annotations

from datetime import date, datetime

from django.db.models import Exists, F, OuterRef, Q, QuerySet, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import NotFound
from config.numbers import whole_number
from config.text import folded
from tables.models import Expulsion, Player, SeatSession

# A picker offers a handful of matches: the floor manager types more rather than scrolls.
PICK_LIMIT = 12


def expulsions_active(*, at: datetime | None = None) -> QuerySet[Expulsion]:
    """Expulsions in force at ``at``: started, not lifted, not past ``until``; expiry needs no stamp."""
    moment = at or timezone.now()
    return Expulsion.objects.filter(
        Q(until__isnull=True) | Q(until__gt=moment), lifted_at__isnull=True, starts_at__lte=moment
    )


def expulsion_active_for(*, player_id: int, at: datetime | None = None) -> Expulsion | None:
    """The expulsion barring a player now (the longest-lasting if several), or None.

    Used by the cashier before a chip sale and by seating and waitlisting here.
    """
    return (
        expulsions_active(at=at)
        .filter(player_id=player_id)
        .select_related("player")
        .order_by(F("until").desc(nulls_first=True), "-pk")
        .first()
    )


def players_likely_duplicates(
    *, first_name: str, last_name: str, date_of_birth: date | None, id_document_number: str
) -> QuerySet[Player]:
    """Same ID number, or same name with the same (or an unknown) date of birth."""
    same_name = Q(first_name__iexact=first_name, last_name__iexact=last_name)
    if date_of_birth is not None:
        same_name &= Q(date_of_birth=date_of_birth) | Q(date_of_birth__isnull=True)
    match = same_name
    if id_document_number:
        match |= Q(id_document_number__iexact=id_document_number)
    return Player.objects.filter(match).order_by("pk")[:5]


def search_text(query: str, *, limit: int = 80) -> str:
    """A search as typed, made safe to look up: control characters dropped (a NUL, which PostgreSQL refuses
    in text, can be no part of a name), blanks collapsed, at most ``limit`` characters."""
    return " ".join("".join(ch for ch in query[: limit * 2] if ch.isprintable()).split())[:limit]


def players_search(*, query: str = "") -> QuerySet[Player]:
    """By name, alias, ID number or registry number (the player's number); every word must match somewhere,
    whatever its case and accents.

    Each player carries ``barred``: an expulsion is in force now.
    """
    players = Player.objects.annotate(barred=Exists(expulsions_active().filter(player=OuterRef("pk"))))
    for word in search_text(query).split():
        # Folded on both sides (``config.text``): "žukau", "BUTKUTĖ" and "butkute" find Butkutė Žukauskas on
        # SQLite and PostgreSQL alike.
        match = Q(search_key__contains=folded(word))
        number = whole_number(word.lstrip("#"))
        if number is not None:
            match |= Q(pk=number)
        players = players.filter(match)
    return players.order_by("last_name", "first_name", "pk")


def players_pick(*, query: str) -> list[Player]:
    """Matches for a picker (seating, waitlists): at most ``PICK_LIMIT``, none for a blank query, so that
    no page lists the whole registry. Each carries ``barred`` and ``seated_at`` (the table number of the
    seat they hold now, or None)."""
    if not search_text(query):
        return []
    seated = SeatSession.objects.filter(player=OuterRef("pk"), ended_at__isnull=True).values("table__number")[:1]
    return list(players_search(query=query).annotate(seated_at=Subquery(seated))[:PICK_LIMIT])


def player_get(*, player_id: int) -> Player:
    player = Player.objects.filter(pk=player_id).first()
    if player is None:
        raise NotFound(_("Player %(player_id)s does not exist.") % {"player_id": player_id})
    return player


def expulsion_get(*, expulsion_id: int) -> Expulsion:
    expulsion = Expulsion.objects.select_related("player", "created_by", "lifted_by").filter(pk=expulsion_id).first()
    if expulsion is None:
        raise NotFound(_("Expulsion %(expulsion_id)s does not exist.") % {"expulsion_id": expulsion_id})
    return expulsion


def expulsions_report(*, current: bool | None = None, at: datetime | None = None) -> QuerySet[Expulsion]:
    """The barred-player report: current and past expulsions, with who decided and who lifted."""
    moment = at or timezone.now()
    rows = Expulsion.objects.select_related("player", "created_by", "lifted_by")
    if current is True:
        rows = rows.filter(pk__in=expulsions_active(at=moment).values("pk"))
    elif current is False:
        rows = rows.exclude(pk__in=expulsions_active(at=moment).values("pk"))
    return rows.order_by("-starts_at", "-pk")
