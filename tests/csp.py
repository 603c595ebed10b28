"""Reading a page the way the Content Security Policy does: its header, and the inline code in its HTML."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

# URL attributes a javascript: address would run from.
_URL_ATTRIBUTES = frozenset({"href", "src", "action", "formaction"})


def policy(header: str) -> dict[str, list[str]]:
    """``"script-src 'self'; object-src 'none'"`` -> ``{"script-src": ["'self'"], "object-src": ["'none'"]}``."""
    directives = [d.split() for d in header.split(";") if d.strip()]
    return {name: values for name, *values in directives}


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.inline: list[str] = []
        self.links: list[str] = []
        self.sources: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name, value in attrs:
            if name.startswith("on"):
                self.inline.append(f"<{tag} {name}=...> handler")
            if name == "style":
                self.inline.append(f"<{tag} style=...> attribute")
            if name in _URL_ATTRIBUTES and value and value.strip().lower().startswith("javascript:"):
                self.inline.append(f"<{tag} {name}=javascript:...>")
        if tag == "style":
            self.inline.append("<style> element")
        # A JSON data block is never run; any other script must come from a file.
        if tag == "script" and "src" not in values and not (values.get("type") or "").endswith("json"):
            self.inline.append("inline <script>")
        if tag == "a" and values.get("href"):
            self.links.append(values["href"] or "")
        for name in ("src", "href"):
            if tag in ("script", "link", "img") and values.get(name):
                self.sources.append(values[name] or "")


def read(html: str) -> _Page:
    """The page's inline code (what the policy refuses to run), its links, and the files it loads."""
    page = _Page()
    page.feed(html)
    page.close()
    return page


# Chromium reports each refusal as a securitypolicyviolation event; the init script runs before the page's
# own scripts (Playwright injects it past the policy) and turns each event into a console error.
_REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (e) =>
  console.error("CSP violation: " + e.violatedDirective + " blocked " + (e.blockedURI || "inline code")));
"""


def watch_violations(context: Any) -> list[str]:
    """Every Content Security Policy refusal in the browser ``context`` from now on, as Chromium words it."""
    seen: list[str] = []
    context.add_init_script(_REPORT_VIOLATIONS)

    def on_console(message: Any) -> None:
        if "Content Security Policy" in message.text or message.text.startswith("CSP violation"):
            seen.append(message.text)

    context.on("console", on_console)
    return seen


def assert_policy_enforced(page: Any) -> None:
    """The control that makes "no violation seen" mean something: an inline script added to the page is
    refused and reported. Call it once the page's own violations have been checked."""
    with page.expect_console_message(lambda m: m.text.startswith("CSP violation"), timeout=5_000):
        page.evaluate(
            """() => { const s = document.createElement("script");
                       s.textContent = "window.__inlineRan = true"; document.head.appendChild(s); }"""
        )
    assert page.evaluate("window.__inlineRan") is None
