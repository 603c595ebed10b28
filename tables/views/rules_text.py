"""The rules the room follows, shipped in tables/rules/, rendered to safe HTML for the rules pages.

A deliberately small Markdown subset (headings, paragraphs, lists, pipe
tables, **bold**, *italic*, `code`): everything is HTML-escaped first, so the
texts cannot inject markup.

The public pages (a player scans the sign's QR code) show each game's rules
for players: the translated regulation (the section of ``english`` under
``section``), the house rules written for players (``house``) and the
original text. The rest of ``english`` (where the text comes from, how the
software reads it) is for the people who maintain the room, and stays out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from django.conf import settings
from django.utils.functional import Promise
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify
from django.utils.translation import get_language, get_language_info, gettext_lazy
from django.utils.translation import gettext as _

from tables.services.waitlists import CALL_EXPIRY_REMOVE, call_expiry_action, missed_call_keeps_place

RULES_DIR = Path(__file__).resolve().parent.parent / "rules"


@dataclass(frozen=True)
class RulesText:
    slug: str
    title: Promise
    english: str
    original: str | None
    original_language: str | None
    # Players read these pages without a login; the others are the staff's reference.
    public: bool = True
    # The Markdown heading (``## ...``) of ``english`` that holds the rules themselves.
    section: str | None = None
    section_title: Promise | None = None
    house: str | None = None
    # Headings for the table of contents, put before the line that starts with the given text.
    marks: tuple[tuple[str, Promise], ...] = ()


RULES: dict[str, RulesText] = {
    "club-poker": RulesText(
        "club-poker",
        gettext_lazy("Club Poker"),
        "club-poker.md",
        "original/club-poker.hy.txt",
        "hy",
        section="The regulation",
        section_title=gettext_lazy("The regulation"),
        house="house/club-poker.md",
        marks=(
            ("The game uses a pack", gettext_lazy("The cards")),
            ("Combinations, lowest to highest", gettext_lazy("Combinations")),
            ("After judging the combination", gettext_lazy("Fold, play on or buy cards")),
            ("When all bets are made", gettext_lazy("Showdown")),
            ("- Up to 6 players", gettext_lazy("Conduct at the table")),
        ),
    ),
    "texas-holdem": RulesText(
        "texas-holdem",
        gettext_lazy("Texas Hold'em"),
        "texas-holdem.md",
        "original/texas-holdem.lt.txt",
        "lt",
        section="The rules",
        section_title=gettext_lazy("The rules"),
        house="house/texas-holdem.md",
    ),
    "rule-cases": RulesText(
        "rule-cases", gettext_lazy("Rule cases (cardroom standards)"), "rule-cases.md", None, None, public=False
    ),
}

_INLINE = [
    (re.compile(r"`([^`]+)`"), r"<code>\1</code>"),
    (re.compile(r"\*\*([^*]+)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"(?<![\w*])\*([^*\s][^*]*)\*(?![\w*])"), r"<em>\1</em>"),
]
# A paragraph that opens with a bold phrase ("**The flop.** When ...") starts a topic of its own.
_BOLD_LEAD = re.compile(r"\*\*([^*]{1,60}?)\.?\*\*")
_BLOCK_START = re.compile(r"(#{1,4}\s|\s*\||\s*([-*]|\d+\.)\s)")


@dataclass(frozen=True)
class TocEntry:
    anchor: str
    title: str


@dataclass(frozen=True)
class Part:
    """One section of a rules page: its anchor, heading, HTML, language and the topics inside it."""

    anchor: str
    title: str
    html: SafeString
    lang: str
    toc: tuple[TocEntry, ...] = ()


@dataclass
class _Anchors:
    prefix: str
    toc: list[TocEntry] = field(default_factory=list)
    used: set[str] = field(default_factory=set)

    def add(self, title: str) -> str:
        base = f"{self.prefix}-{slugify(title, allow_unicode=True) or 'topic'}"
        anchor, n = base, 2
        while anchor in self.used:
            anchor, n = f"{base}-{n}", n + 1
        self.used.add(anchor)
        self.toc.append(TocEntry(anchor, title))
        return anchor


def _inline(text: str) -> str:
    html = str(escape(text))
    for pattern, replacement in _INLINE:
        html = pattern.sub(replacement, html)
    return html


def _table(rows: list[str]) -> str:
    cells = [[c.strip() for c in row.strip().strip("|").split("|")] for row in rows]
    head, body = cells[0], [r for r in cells[1:] if not all(set(c) <= set("-: ") for c in r)]
    out = ["<table class='data rules-table'><thead><tr>"]
    out += [f"<th>{_inline(c)}</th>" for c in head]
    out.append("</tr></thead><tbody>")
    for row in body:
        out.append("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in row) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _list(lines: list[str], i: int) -> tuple[str, int]:
    ordered = bool(re.match(r"\s*\d+\.", lines[i]))
    items: list[str] = []
    while i < len(lines) and lines[i].strip():
        item = re.match(r"\s*(?:[-*]|\d+\.)\s+(.*)", lines[i])
        if item:
            items.append(item.group(1))
        elif items:
            items[-1] += " " + lines[i].strip()
        i += 1
    tag = "ol" if ordered else "ul"
    return f"<{tag}>" + "".join(f"<li>{_inline(x)}</li>" for x in items) + f"</{tag}>", i


def _render(text: str, anchors: _Anchors | None = None, *, top: int = 2) -> str:
    """The Markdown subset as HTML; ``#`` becomes ``<h{top}>``. With ``anchors``, headings and
    bold-led paragraphs get an id and a table-of-contents entry."""
    blocks: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if heading := re.match(r"(#{1,4})\s+(.*)", line):
            level = min(len(heading.group(1)) + top - 1, 6)
            title = heading.group(2).strip()
            attr = f' id="{escape(anchors.add(title))}"' if anchors else ""
            blocks.append(f"<h{level}{attr}>{_inline(title)}</h{level}>")
            i += 1
        elif line.lstrip().startswith("|"):
            rows = []
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                rows.append(lines[i])
                i += 1
            blocks.append(_table(rows))
        elif re.match(r"\s*([-*]|\d+\.)\s+", line):
            html, i = _list(lines, i)
            blocks.append(html)
        else:
            para = []
            while i < len(lines) and lines[i].strip() and not _BLOCK_START.match(lines[i]):
                para.append(lines[i].strip())
                i += 1
            joined = " ".join(para)
            lead = _BOLD_LEAD.match(joined)
            attr = f' id="{escape(anchors.add(lead.group(1)))}"' if anchors and lead else ""
            blocks.append(f"<p{attr}>{_inline(joined)}</p>")
    return "\n".join(blocks)


def markdown_to_html(text: str) -> SafeString:
    """Render the Markdown subset to HTML; every piece of text is escaped."""
    return mark_safe(_render(text))


def plain_to_html(text: str) -> SafeString:
    paragraphs = [p.strip() for p in text.split("\n\n") if p.strip()]
    return mark_safe("\n".join(f"<p>{escape(p)}</p>" for p in paragraphs))


def _read(name: str) -> str:
    return (RULES_DIR / name).read_text(encoding="utf-8")


def _section(text: str, heading: str) -> str:
    """The lines under ``## heading`` up to the next heading of that level."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if re.match(r"##?\s", line):
            if inside:
                break
            inside = line.lstrip("#").strip() == heading
            continue
        if inside:
            out.append(line)
    return "\n".join(out)


def _marked(text: str, marks: tuple[tuple[str, Promise], ...]) -> str:
    """``text`` with a ``###`` heading put before the first line that starts with each mark."""
    lines = text.splitlines()
    for start, title in marks:
        for n, line in enumerate(lines):
            if line.startswith(start):
                lines[n:n] = [f"### {title}", ""]
                break
    return "\n".join(lines)


def _room_rules() -> tuple[tuple[str, str], ...]:
    """The house rules' words for the room's settings, put where the texts name them (``{missed call place}``)."""
    if call_expiry_action() == CALL_EXPIRY_REMOVE:
        place = "A missed call takes the player off the list."
    elif missed_call_keeps_place(missed_calls=1):
        place = (
            "The first missed call keeps the player's place on the list; after a second one, they go to the end of it."
        )
    else:
        place = "A missed call puts the player at the end of the list."
    return (("{call minutes}", str(settings.CARDROOM_WAITLIST_CALL_MINUTES)), ("{missed call place}", place))


def _house(name: str, room: tuple[tuple[str, str], ...]) -> str:
    text = _read(name)
    for token, words in room:
        text = text.replace(token, words)
    return text


@cache
def _rules_page(slug: str, language: str, room: tuple[tuple[str, str], ...]) -> tuple[Part, ...]:
    rules = RULES[slug]
    english = _read(rules.english)
    if rules.section is None:
        # A staff reference: the whole text, its own title left to the page.
        anchors = _Anchors("text")
        body = re.sub(r"\A#\s[^\n]*\n", "", english.lstrip())
        html = mark_safe(_render(body, anchors, top=1))
        return (Part("text", "", html, "en", tuple(anchors.toc)),)
    parts: list[Part] = []
    anchors = _Anchors("rules")
    body = _marked(_section(english, rules.section), rules.marks)
    # The marks are ### headings; under the part's <h2> they read as <h3>.
    html = mark_safe(_render(body, anchors, top=1))
    parts.append(Part("rules", str(rules.section_title), html, "en", tuple(anchors.toc)))
    if rules.house:
        anchors = _Anchors("house")
        html = mark_safe(_render(_house(rules.house, room), anchors, top=2))
        parts.append(Part("house", _("House rules"), html, "en", tuple(anchors.toc)))
    if rules.original and rules.original_language:
        name = get_language_info(rules.original_language)["name_translated"]
        title = _("Original text (%(language)s)") % {"language": name}
        original = Part("original", title, plain_to_html(_read(rules.original)), rules.original_language)
        # A reader of the original's language reads it first.
        parts.insert(0 if language == rules.original_language else len(parts), original)
    return tuple(parts)


def rules_page(slug: str) -> tuple[Part, ...]:
    """The sections of a rules page, in the active language's headings (cached per language)."""
    return _rules_page(slug, get_language() or "en", _room_rules())


def rules_rendered(slug: str) -> tuple[SafeString, SafeString | None]:
    """(English HTML, original-language HTML or None) of a rules text, whole."""
    rules = RULES[slug]
    english = markdown_to_html(_read(rules.english))
    original = plain_to_html(_read(rules.original)) if rules.original else None
    return english, original
