"""Private files sent only by views that checked the reader's role: player photos, expulsion evidence, exports.

No URL maps ``MEDIA_ROOT``, with DEBUG on or off: a file leaves only through
a view that checked the role and names it by its record, never by its path.
``CARDROOM_FILES_SENDER`` says who sends the bytes once the view said yes:
Django itself (``FileResponse``, the default), or the proxy in front, told
where the file is by ``X-Accel-Redirect`` (nginx: an ``internal`` location at
``CARDROOM_FILES_ACCEL_PREFIX`` aliasing ``MEDIA_ROOT``) or ``X-Sendfile``
(Apache's mod_xsendfile, lighttpd), which frees the worker while a large
export downloads.
"""

from __future__ import annotations

from pathlib import Path
from typing import cast
from urllib.parse import quote

from django.conf import settings
from django.db.models.fields.files import FieldFile
from django.http import FileResponse, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from rest_framework.request import Request

from config.errors import NotFound
from config.uploads import kind_of_name

OCTET_STREAM = "application/octet-stream"


def send_file(path: Path, *, filename: str, content_type: str, inline: bool = False) -> HttpResponse:
    """``path`` (under ``MEDIA_ROOT``) as a download named ``filename``, or shown in the browser when ``inline``.

    Typed as an ``HttpResponse`` for the page decorators, which pass the response on untouched; with
    Django as the sender it is a ``FileResponse`` that streams the file.
    """
    # Paths come from records, never from the request; relative_to refuses one that left MEDIA_ROOT.
    name = path.resolve().relative_to(Path(settings.MEDIA_ROOT).resolve())
    if not path.is_file():
        raise NotFound(_("The file %(name)s is missing from the server.") % {"name": filename}, code="file_missing")
    sender = settings.CARDROOM_FILES_SENDER
    response: HttpResponse
    if sender == "django":
        response = cast(HttpResponse, FileResponse(path.open("rb"), content_type=content_type))
    else:
        response = HttpResponse(content_type=content_type)
        if sender == "x-accel-redirect":
            response["X-Accel-Redirect"] = settings.CARDROOM_FILES_ACCEL_PREFIX.rstrip("/") + "/" + quote(str(name))
        else:
            response["X-Sendfile"] = str(path.resolve())
    disposition = content_disposition_header(not inline, filename)
    assert disposition is not None  # None only for an inline response without a file name
    response["Content-Disposition"] = disposition
    # A file is never a page: nothing in it may run, even if a browser were to take it for one.
    response["Content-Security-Policy"] = "default-src 'none'; sandbox"
    patch_cache_control(response, private=True)
    return response


def file_url(file: FieldFile, view: str, pk: int, *, request: HttpRequest | Request) -> str | None:
    """Where a record's uploaded file is read (its guarded ``view``), as an absolute URL, or None when it has none."""
    return request.build_absolute_uri(reverse(view, args=[pk])) if file else None


def send_upload(file: FieldFile, *, stem: str) -> HttpResponse:
    """An uploaded file, with the content type of what its content was found to be (``config.uploads``)."""
    if not file:
        raise NotFound(_("There is no file here."), code="no_file")
    kind = kind_of_name(file.name or "")
    if kind is None:
        return send_file(Path(file.path), filename=stem, content_type=OCTET_STREAM)
    return send_file(
        Path(file.path), filename=f"{stem}.{kind.extension}", content_type=kind.content_type, inline=kind.inline
    )
