"""Bar charts drawn as SVG on the server: no JavaScript library, printable, accessible.

The chart is laid out in percentages of its width and in pixels of its height,
with no ``viewBox``: the SVG is never scaled, so its text is drawn at exactly
``FONT_PX`` whatever the width of the card (a scaled ``viewBox`` shrank 10 px
labels to 9 px on a half-width card). Every point gets a tick on the axis;
labels and values turn vertical when side by side they would not fit in
``MIN_WIDTH`` pixels, and past one vertical label every ``FONT_PX + 4`` pixels
only every n-th point is labelled (the tick stays, and each bar keeps its
value in its tooltip).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from config.money import format_money

FONT_PX = 13
# The narrowest the chart is drawn: a full row of the report page (reports.css) on a tablet held upright.
MIN_WIDTH = 640
PLOT_PX = 180
# An estimate of a digit's or letter's advance at FONT_PX in the page's sans-serif font.
_CHAR_PX = 0.62 * FONT_PX
_TICK_PX = 5


@dataclass(frozen=True)
class Bar:
    label: str
    value: str
    amount: int
    centre: float  # percent of the width
    x: float  # percent of the width
    width: float  # percent of the width
    y: int
    height: int
    labelled: bool


@dataclass(frozen=True)
class BarChart:
    title: str
    bars: list[Bar]
    max_value: str
    height: int
    baseline: int
    vertical_labels: bool
    vertical_values: bool
    show_values: bool

    @property
    def empty(self) -> bool:
        return not any(bar.amount > 0 for bar in self.bars)

    @property
    def svg(self) -> SafeString:
        return _svg(self)


def days_between(day_from: date, day_to: date) -> list[date]:
    """Every day of the range, both ends included: a day without fees is still on the axis."""
    return [day_from + timedelta(days=k) for k in range((day_to - day_from).days + 1)]


def _fits(count: int, chars: int, gap: int) -> bool:
    return count * (chars * _CHAR_PX + gap) <= MIN_WIDTH


def bar_chart(title: str, points: Sequence[tuple[str, int]], *, places: int | None = None) -> BarChart:
    """Bars scaled to the largest value; negative values (a net reversal) are drawn as zero. Amounts in
    a currency of ``places`` decimals (default: the room's)."""
    count = len(points)
    values = [format_money(v, places=places) for _l, v in points]
    label_chars = max((len(label) for label, _v in points), default=0)
    value_chars = max((len(text) for text in values), default=0)
    vertical_labels = not _fits(count, label_chars, 8)
    vertical_values = not _fits(count, value_chars, 6)
    # Vertical text needs a line's height per point; past that, values live in the tooltips only.
    show_values = not vertical_values or count * (FONT_PX + 4) <= MIN_WIDTH
    every = 1 if not vertical_labels else max(1, math.ceil(count * (FONT_PX + 4) / MIN_WIDTH))
    top = 8 + (math.ceil(value_chars * _CHAR_PX) if vertical_values and show_values else FONT_PX + 4)
    below = 6 + _TICK_PX + (math.ceil(label_chars * _CHAR_PX) if vertical_labels else FONT_PX + 4)
    baseline = top + PLOT_PX
    peak = max((v for _l, v in points), default=0)
    slot = 100 / max(count, 1)
    bars = []
    for k, ((label, value), text) in enumerate(zip(points, values, strict=True)):
        h = PLOT_PX * max(value, 0) // peak if peak > 0 else 0
        bars.append(
            Bar(
                label=label,
                value=text,
                amount=value,
                centre=round((k + 0.5) * slot, 4),
                x=round((k + 0.15) * slot, 4),
                width=round(0.7 * slot, 4),
                y=baseline - h,
                height=h,
                labelled=k % every == 0,
            )
        )
    return BarChart(
        title=title,
        bars=bars,
        max_value=format_money(peak, places=places),
        height=baseline + below,
        baseline=baseline,
        vertical_labels=vertical_labels,
        vertical_values=vertical_values,
        show_values=show_values,
    )


def _text(x: str, y: int, text: str, *, css: str, anchor: str, vertical: bool) -> SafeString:
    # writing-mode turns the text a quarter (read top to bottom) without a transform, which could not
    # rotate about a point given in percent.
    mode = ' writing-mode="vertical-rl"' if vertical else ""
    return format_html(
        '<text class="{}" x="{}" y="{}" font-size="{}" text-anchor="{}"{}>{}</text>',
        css,
        x,
        y,
        FONT_PX,
        anchor,
        SafeString(mode),
        text,
    )


def _bar_svg(chart: BarChart, bar: Bar) -> SafeString:
    centre = f"{bar.centre}%"
    parts = [
        format_html(
            '<line class="tick" x1="{0}" y1="{1}" x2="{0}" y2="{2}"></line>',
            centre,
            chart.baseline,
            chart.baseline + _TICK_PX,
        )
    ]
    if bar.height > 0:
        parts.append(
            format_html(
                '<rect class="bar" x="{}%" y="{}" width="{}%" height="{}"><title>{}: {}</title></rect>',
                bar.x,
                bar.y,
                bar.width,
                bar.height,
                bar.label,
                bar.value,
            )
        )
        if chart.show_values:
            vertical = chart.vertical_values
            y = bar.y - 4
            anchor = "end" if vertical else "middle"
            parts.append(_text(centre, y, bar.value, css="value", anchor=anchor, vertical=vertical))
    if bar.labelled:
        vertical = chart.vertical_labels
        y = chart.baseline + _TICK_PX + (3 if vertical else FONT_PX + 2)
        anchor = "start" if vertical else "middle"
        parts.append(_text(centre, y, bar.label, css="label", anchor=anchor, vertical=vertical))
    return format_html('<g class="point">{}</g>', SafeString("".join(parts)))


def _svg(chart: BarChart) -> SafeString:
    axes = format_html(
        '<line class="axis" x1="0" y1="{0}" x2="100%" y2="{0}"></line>'
        '<line class="axis" x1="0" y1="{1}" x2="0" y2="{0}"></line>',
        chart.baseline,
        chart.baseline - PLOT_PX,
    )
    points = format_html_join("", "{}", ((_bar_svg(chart, bar),) for bar in chart.bars))
    return format_html(
        '<svg class="bar-chart" width="100%" height="{}" role="img" aria-label="{}" font-size="{}">{}{}</svg>',
        chart.height,
        chart.title,
        FONT_PX,
        axes,
        points,
    )
