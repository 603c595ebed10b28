"""The report's charts: text of at least 12 px that is never scaled down, a tick for every day of the range
(days without fees included), values on the bars and labels on the axis."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import date, timedelta
from pathlib import Path

import pytest
from django.urls import reverse

from config.gaming_day import current_gaming_day
from games.services.hand_fees import hand_fees_post
from rake.views.charts import bar_chart, days_between

SVG = "{http://www.w3.org/2000/svg}"
CSS = Path(__file__).resolve().parents[2] / "rake" / "static" / "rake" / "reports.css"


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))


def _ten_days() -> list[tuple[str, int]]:
    days = days_between(date(2026, 12, 1), date(2026, 12, 10))
    return [(d.strftime("%d.%m"), 1_234_500 if d.day % 3 == 0 else 0) for d in days]


def test_every_day_of_a_ten_day_range_has_a_tick_and_a_label() -> None:
    days = days_between(date(2026, 11, 28), date(2026, 12, 7))
    assert len(days) == 10 and days[0] == date(2026, 11, 28) and days[-1] == date(2026, 12, 7)
    svg = _parse(bar_chart("Fees per gaming day", _ten_days()).svg)
    ticks = svg.findall(f".//{SVG}line[@class='tick']")
    assert len(ticks) == 10
    assert len({t.get("x1") for t in ticks}) == 10  # one per day, each at its own place
    labels = [t.text for t in svg.findall(f".//{SVG}text[@class='label']")]
    assert labels == [f"{d:02d}.12" for d in range(1, 11)]
    assert len(svg.findall(f".//{SVG}rect[@class='bar']")) == 3  # days without fees: a tick, no bar
    assert [t.text for t in svg.findall(f".//{SVG}text[@class='value']")] == ["1,234,500"] * 3


def test_all_chart_text_is_at_least_12px_and_never_scaled() -> None:
    for points in (_ten_days(), [(f"{k:02d}.01", k * 1000) for k in range(1, 32)], [("Table 1", 5)]):
        svg = _parse(bar_chart("Fees", points).svg)
        assert svg.get("viewBox") is None  # a viewBox would scale the text with the card's width
        texts = svg.findall(f".//{SVG}text")
        assert texts and all(float(t.get("font-size", "0")) >= 12 for t in texts)
    rules = CSS.read_text()
    sizes = [float(px) for px in re.findall(r"font-size:\s*([0-9.]+)px", rules)]
    assert all(size >= 12 for size in sizes), "a stylesheet rule would shrink the chart text"


def test_a_long_range_keeps_every_tick_and_labels_fit() -> None:
    year = days_between(date(2026, 1, 1), date(2026, 12, 31))
    chart = bar_chart("Fees", [(d.strftime("%d.%m"), 1000) for d in year])
    svg = _parse(chart.svg)
    assert len(svg.findall(f".//{SVG}line[@class='tick']")) == 365
    labels = svg.findall(f".//{SVG}text[@class='label']")
    assert 0 < len(labels) < 365 and all(t.get("writing-mode") == "vertical-rl" for t in labels)


def test_labels_and_values_escape_markup() -> None:
    svg = bar_chart("<b>", [("<script>", 5)]).svg
    assert "<script>" not in svg and "&lt;script&gt;" in svg


@pytest.mark.django_db
def test_the_page_draws_a_tick_for_each_day_of_the_range(
    open_table, holdem_ring, quick_hand, floor_manager, dealer, accountant, client_for
) -> None:
    table = open_table(holdem_ring)
    hand_fees_post(actor=floor_manager, hand_id=quick_hand(table, pot=40_000, fee=2_000, dealer=dealer).pk)
    today = current_gaming_day()
    start = today - timedelta(days=9)
    page = client_for(accountant).get(
        reverse("rake:reports"), {"day_from": start.isoformat(), "day_to": today.isoformat(), "group_by": "table"}
    )
    assert page.status_code == 200
    html = page.content.decode()
    per_day = re.search(r'data-chart="1".*?</figure>', html, re.S)
    assert per_day
    assert per_day.group(0).count('class="tick"') == 10 and per_day.group(0).count('class="bar"') == 1
    assert f">{start.strftime('%d.%m')}<" in per_day.group(0) and f">{today.strftime('%d.%m')}<" in per_day.group(0)
