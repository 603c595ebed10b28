"""The API docs page (Swagger UI) loads only the room's own static files: no CDN, and no inline script."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from django.contrib.auth.models import User
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from tests.csp import read

pytestmark = pytest.mark.django_db


def test_the_docs_page_loads_swagger_ui_from_the_rooms_static_files(accountant: User, client: Client) -> None:
    client.force_login(accountant)
    page = read(client.get(reverse("swagger-ui")).content.decode())
    assert page.inline == []
    urls = [urlsplit(source) for source in page.sources]
    assert {url.path for url in urls if url.path != reverse("swagger-ui")} >= {
        "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js",
        "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui.css",
    }
    assert [url.geturl() for url in urls if url.netloc or url.scheme] == []
    for url in urls:
        if url.path.startswith("/static/"):
            assert finders.find(url.path.removeprefix("/static/")), url.path


def test_the_docs_start_up_script_is_a_file_of_its_own(accountant: User, client: Client) -> None:
    client.force_login(accountant)
    response = client.get(reverse("swagger-ui"), {"script": ""})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle(" in response.content.decode()
