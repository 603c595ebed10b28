"""The history pages: the searchable log of every change, and its CSV export."""

from __future__ import annotations

import io
from collections.abc import Iterator
from datetime import date, datetime, time, timedelta
from itertools import batched
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from audit.models import TRACKED
from audit.selectors import HISTORY_READERS, Change, HistoryFilter, history_changes, history_events
from config.exports import CSV_TYPE, CsvWriter
from config.permissions import roles_allowed

PAGE_SIZE = 50
# Rows read and written at a time by the export, so its memory stays flat however long the log.
EXPORT_CHUNK = 500
CSV_HEADER = [
    "at", "record", "object_id", "action", "user_id", "username", "method", "url", "request_id", "task",
    "field", "before", "after",
]  # fmt: skip


class HistoryFilterForm(forms.Form):
    model = forms.ChoiceField(label=gettext_lazy("Record"), required=False)
    object = forms.IntegerField(label=gettext_lazy("Id"), required=False, min_value=1, max_value=10**12 - 1)
    user = forms.CharField(label=gettext_lazy("User"), required=False, max_length=150)
    since = forms.DateField(label=gettext_lazy("From"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    until = forms.DateField(label=gettext_lazy("To"), required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["model"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", "—"), *((key, entry.label) for key, entry in TRACKED.items())]

    def clean_user(self) -> int | None:
        name: str = self.cleaned_data["user"].strip()
        if not name:
            return None
        found = get_user_model()._default_manager.filter(username__iexact=name).values_list("pk", flat=True).first()
        if found is None:
            raise forms.ValidationError(_("There is no user %(name)s.") % {"name": name})
        return int(found)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        since, until = data.get("since"), data.get("until")
        if since and until and since > until:
            raise forms.ValidationError(_("The first day comes after the last."))
        return data

    def filters(self) -> HistoryFilter | None:
        """The filter the valid form describes (days are the room's local days), or None."""
        if not self.is_valid():
            return None
        data = self.cleaned_data
        until: date | None = data["until"]
        return HistoryFilter(
            kind=data["model"],
            object_id=data["object"],
            user_id=data["user"],
            since=_start_of(data["since"]),
            until=_start_of(until + timedelta(days=1)) if until else None,
        )


def _start_of(day: date | None) -> datetime | None:
    return None if day is None else timezone.make_aware(datetime.combine(day, time.min))


@roles_allowed(*HISTORY_READERS).page
def history_log(request: HttpRequest) -> HttpResponse:
    form = HistoryFilterForm(request.GET)
    filters = form.filters()
    query = request.GET.copy()
    query.pop("page", None)
    context: dict[str, Any] = {"form": form, "query": query.urlencode(), "changes": [], "page": None}
    if filters is not None:
        page = Paginator(history_events(filters), PAGE_SIZE).get_page(request.GET.get("page"))
        context |= {"page": page, "changes": history_changes(list(page.object_list))}
    return render(request, "audit/log.html", context, status=200 if filters is not None else 400)


@roles_allowed(*HISTORY_READERS).page
def history_csv(request: HttpRequest) -> HttpResponse | StreamingHttpResponse:
    form = HistoryFilterForm(request.GET)
    filters = form.filters()
    if filters is None:
        return render(request, "audit/log.html", {"form": form, "changes": [], "page": None}, status=400)
    response = StreamingHttpResponse(_csv(filters), content_type=CSV_TYPE)
    response["Content-Disposition"] = 'attachment; filename="history.csv"'
    return response


def _csv(filters: HistoryFilter) -> Iterator[str]:
    """One line per changed column (one for a row that changed none), newest first."""
    out = io.StringIO()
    writer = CsvWriter(out)
    writer.writerow(CSV_HEADER)
    for chunk in batched(history_events(filters).iterator(chunk_size=EXPORT_CHUNK), EXPORT_CHUNK):
        for change in history_changes(chunk):
            writer.writerows(_csv_rows(change))
        yield out.getvalue()
        out.seek(0)
        out.truncate()
    yield out.getvalue()


def _csv_rows(change: Change) -> Iterator[list[object]]:
    head = [
        timezone.localtime(change.at).isoformat(),
        change.kind,
        change.object_id,
        change.label,
        change.user_id,
        change.username,
        change.method,
        change.url,
        str(change.request_id or ""),
        change.task,
    ]
    if not change.fields:
        yield [*head, "", "", ""]
    for field in change.fields:
        yield [*head, field.name, field.before, field.after]
