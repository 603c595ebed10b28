"""Exports under a lease (config.services.jobs): one attempt at a time, taken over when its worker goes silent,
re-queued a bounded number of times, then failed with the reason the page shows, and tried again from
the page. Real processes being killed are in tests/faults; here the clock is moved by the rows."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import override

from config.models import JobFailure, JobStatus
from config.services.jobs import LeaseLost, job_claim, job_heartbeat, job_retry, jobs_requeue
from rake.models import ReportExport
from rake.selectors import ReportFilters
from tests.factories import home_room

pytestmark = pytest.mark.django_db


@pytest.fixture
def export(accountant: User) -> ReportExport:
    now = timezone.now()
    filters = ReportFilters(room_ids=(home_room().pk,), day_from=now.date(), day_to=now.date()).as_json()
    return ReportExport.objects.create(
        format="csv",
        content="summary",
        filters=filters,
        deadline=now + timedelta(minutes=1),
        created_at=now,
        created_by=accountant,
    )


def _expire(export: ReportExport) -> None:
    ReportExport.objects.filter(pk=export.pk).update(deadline=timezone.now() - timedelta(seconds=1))


def test_one_attempt_holds_the_lease_until_it_goes_silent(export: ReportExport) -> None:
    assert job_claim(ReportExport, export.pk) == 1
    assert job_claim(ReportExport, export.pk) is None  # a duplicate delivery while the lease is live
    job_heartbeat(ReportExport, export.pk, 1, done=10)
    _expire(export)
    assert job_claim(ReportExport, export.pk) == 2  # the silent attempt is taken over
    with pytest.raises(LeaseLost):
        job_heartbeat(ReportExport, export.pk, 1, done=20)  # and stops at its next heartbeat
    ReportExport.objects.filter(pk=export.pk).update(status=JobStatus.DONE)
    assert job_claim(ReportExport, export.pk) is None


def test_overdue_work_is_requeued_a_bounded_number_of_times_then_failed(export: ReportExport, settings: Any) -> None:
    sent: list[int] = []
    job_claim(ReportExport, export.pk)
    _expire(export)
    assert jobs_requeue(ReportExport, sent.append) == (1, 0)
    assert jobs_requeue(ReportExport, sent.append) == (0, 0)  # not overdue again yet: nothing reported twice
    export.refresh_from_db()
    assert (export.status, export.requeues, export.error) == (JobStatus.RETRYING, 1, JobFailure.WORKER_STOPPED)
    for _ in range(settings.CARDROOM_JOB_REQUEUES):
        _expire(export)
        jobs_requeue(ReportExport, sent.append)
    export.refresh_from_db()
    assert export.status == JobStatus.FAILED and export.error == JobFailure.NO_PICKUP
    assert sent == [export.pk] * settings.CARDROOM_JOB_REQUEUES
    assert job_retry(ReportExport, export.pk, sent.append)
    assert not job_retry(ReportExport, export.pk, sent.append)  # only a failed job is tried again
    export.refresh_from_db()
    assert (export.status, export.requeues) == (JobStatus.RETRYING, 0)


def test_the_page_shows_why_an_export_failed_and_tries_it_again(
    export: ReportExport,
    accountant: User,
    dealer: User,
    client_for: Any,
    settings: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    ReportExport.objects.filter(pk=export.pk).update(status=JobStatus.FAILED, requeues=3, error=JobFailure.NO_PICKUP)
    page = client_for(accountant)
    page.cookies[settings.LANGUAGE_COOKIE_NAME] = "lt"
    card = page.get(reverse("rake:export_progress", args=[export.pk])).content.decode()
    with override("lt"):
        reason = str(JobFailure.NO_PICKUP.label)
    assert reason in card and JobFailure.NO_PICKUP not in card  # the reason in words, in the reader's language
    retry = reverse("rake:export_retry", args=[export.pk])
    assert retry in card
    page.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"

    assert client_for(dealer).post(retry).status_code == 403
    export.refresh_from_db()
    assert export.status == JobStatus.FAILED

    with django_capture_on_commit_callbacks(execute=True):  # eager Celery: the export runs on commit
        answer = page.post(retry)
    assert answer.status_code == 200
    export.refresh_from_db()
    assert export.status == JobStatus.DONE and export.attempts == 1
    refused = page.post(retry).content.decode()
    assert "Only a failed export can be tried again." in refused
