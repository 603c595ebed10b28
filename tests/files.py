"""Uploaded files for the tests: real small images and PDFs, and impostors under their names."""

from __future__ import annotations

import io

from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

# The smallest file a PDF reader opens: a header, an empty catalogue, the trailer.
PDF = b"%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"


def image(fmt: str = "PNG") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (4, 4), "red").save(buffer, fmt)
    return buffer.getvalue()


def upload(name: str, data: bytes, content_type: str) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type=content_type)
