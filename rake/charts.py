"""Bar charts drawn as inline SVG on the server: no JavaScript library, printable, accessible."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from config.money import format_money


@dataclass(frozen=True)
class Bar:
    x: int
    y: int
    width: int
    height: int
    label: str
    value: str
    label_x: int


@dataclass(frozen=True)
class BarChart:
    title: str
    width: int
    height: int
    baseline: int
    bars: list[Bar]
    max_value: str

    @property
    def empty(self) -> bool:
        return not self.bars


def bar_chart(title: str, points: Sequence[tuple[str, int]], *, width: int = 640, height: int = 220) -> BarChart:
    """Bars scaled to the largest value; negative values (a net reversal) are drawn as zero."""
    top, bottom = 16, 40
    plot = height - top - bottom
    peak = max((v for _l, v in points), default=0)
    step = width / max(len(points), 1)
    bar_width = max(1, int(step * 0.7))
    bars = []
    for k, (label, value) in enumerate(points):
        h = int(plot * max(value, 0) / peak) if peak > 0 else 0
        x = int(k * step + (step - bar_width) / 2)
        bars.append(
            Bar(
                x=x,
                y=top + plot - h,
                width=bar_width,
                height=h,
                label=label,
                value=format_money(value),
                label_x=x + bar_width // 2,
            )
        )
    return BarChart(
        title=title, width=width, height=height, baseline=top + plot, bars=bars, max_value=format_money(peak)
    )
