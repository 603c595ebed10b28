"""The rules the room follows, shipped in tables/rules/, rendered to safe HTML.

A deliberately small Markdown subset (headings, paragraphs, lists, pipe
tables, **bold**, *italic*, `code`): everything is HTML-escaped first, so the
texts cannot inject markup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.utils.functional import Promise
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

RULES_DIR = Path(__file__).resolve().parent / "rules"


@dataclass(frozen=True)
class RulesText:
    slug: str
    title: Promise
    english: str
    original: str | None
    original_language: str | None


RULES: dict[str, RulesText] = {
    "club-poker": RulesText("club-poker", _("Club Poker"), "club-poker.md", "original/club-poker.hy.txt", "hy"),
    "texas-holdem": RulesText(
        "texas-holdem", _("Texas Hold'em"), "texas-holdem.md", "original/texas-holdem.lt.txt", "lt"
    ),
    "rule-cases": RulesText("rule-cases", _("Rule cases (cardroom standards)"), "rule-cases.md", None, None),
}

_INLINE = [
    (re.compile(r"`([^`]+)`"), r"<code>\1</code>"),
    (re.compile(r"\*\*([^*]+)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"(?<![\w*])\*([^*\s][^*]*)\*(?![\w*])"), r"<em>\1</em>"),
]


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


def markdown_to_html(text: str) -> SafeString:
    """Render the Markdown subset to HTML; every piece of text is escaped."""
    blocks: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if heading := re.match(r"(#{1,4})\s+(.*)", line):
            level = len(heading.group(1)) + 1
            blocks.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
            i += 1
        elif line.lstrip().startswith("|"):
            rows = []
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                rows.append(lines[i])
                i += 1
            blocks.append(_table(rows))
        elif re.match(r"\s*([-*]|\d+\.)\s+", line):
            ordered = bool(re.match(r"\s*\d+\.", line))
            items: list[str] = []
            while i < len(lines) and lines[i].strip():
                item = re.match(r"\s*(?:[-*]|\d+\.)\s+(.*)", lines[i])
                if item:
                    items.append(item.group(1))
                elif items:
                    items[-1] += " " + lines[i].strip()
                i += 1
            tag = "ol" if ordered else "ul"
            blocks.append(f"<{tag}>" + "".join(f"<li>{_inline(x)}</li>" for x in items) + f"</{tag}>")
        else:
            para = []
            while i < len(lines) and lines[i].strip() and not re.match(r"(#{1,4}\s|\s*\||\s*([-*]|\d+\.)\s)", lines[i]):
                para.append(lines[i].strip())
                i += 1
            blocks.append(f"<p>{_inline(' '.join(para))}</p>")
    return mark_safe("\n".join(blocks))  # noqa: S308  (every text piece went through escape())


def plain_to_html(text: str) -> SafeString:
    paragraphs = [p.strip() for p in text.split("\n\n") if p.strip()]
    return mark_safe("\n".join(f"<p>{escape(p)}</p>" for p in paragraphs))  # noqa: S308


@cache
def rules_rendered(slug: str) -> tuple[SafeString, SafeString | None]:
    """(English HTML, original-language HTML or None) for a rules page."""
    rules = RULES[slug]
    english = markdown_to_html((RULES_DIR / rules.english).read_text(encoding="utf-8"))
    original = None
    if rules.original:
        original = plain_to_html((RULES_DIR / rules.original).read_text(encoding="utf-8"))
    return english, original
