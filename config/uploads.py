"""What an uploaded file is, judged by its bytes: never by its name or the type the browser declared.

A photo must decode as a JPEG or PNG image (Pillow, limited to those two
decoders); a PDF must begin as one (``%PDF-``); a video must carry an MP4
``ftyp`` box; text must be UTF-8 without NUL bytes. A name that claims a
kind must also be right about it: a text file named ``.pdf`` is an impostor,
even where text is accepted, and so is one named ``.html`` (or ``.svg``,
``.js``: a page or a script, which no upload is). The file is then stored under a random name
with the extension of what it really is, so the name says nothing of the
player and ``config.files`` can send it with its real content type.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection
from dataclasses import dataclass

from django.core.files import File
from django.utils.translation import gettext as _

from config.errors import DomainError

MAX_UPLOAD_BYTES = 10 * 1024 * 1024
# A photo of a face needs a few megapixels; a small file claiming far more is a decompression bomb.
MAX_IMAGE_PIXELS = 50_000_000


@dataclass(frozen=True)
class FileKind:
    label: str
    extension: str
    content_type: str
    # Shown in the browser (an image), or only ever downloaded (whatever else a browser might run).
    inline: bool = False

    def stored_name(self) -> str:
        return f"{secrets.token_hex(16)}.{self.extension}"


JPEG = FileKind("JPEG", "jpg", "image/jpeg", inline=True)
PNG = FileKind("PNG", "png", "image/png", inline=True)
PDF = FileKind("PDF", "pdf", "application/pdf")
MP4 = FileKind("MP4", "mp4", "video/mp4")
TEXT = FileKind("UTF-8 text", "txt", "text/plain; charset=utf-8")
IMAGES = (JPEG, PNG)

# The extensions an upload's name may claim, and stored files carry (those stored before the content
# check kept the name they came with).
BY_EXTENSION = {"jpeg": JPEG} | {kind.extension: kind for kind in (JPEG, PNG, PDF, MP4, TEXT)}

# Names of what a browser renders or runs: no upload is one, so text named so is an impostor (its name claims
# a kind its content is not), refused rather than stored as text.
_PAGE_EXTENSIONS = frozenset({"html", "htm", "xhtml", "shtml", "svg", "js", "mjs", "xml"})


def kind_of_name(name: str) -> FileKind | None:
    """The kind a file's name claims, by its extension."""
    return BY_EXTENSION.get(name.rsplit(".", 1)[-1].lower()) if "." in name else None


def check_upload(upload: File[bytes], *, field: str, kinds: Collection[FileKind]) -> FileKind:
    """What ``upload`` is, read from its content; refused (naming ``field``) when it is none of ``kinds``."""
    if upload.size is not None and upload.size > MAX_UPLOAD_BYTES:
        raise DomainError(
            _("%(field)s: the file is larger than 10 MB.") % {"field": field}, code="bad_file", field=field
        )
    kind = _kind_of(upload, kinds)
    if kind is None or kind not in kinds:
        raise DomainError(
            _("%(field)s: the file's content is not %(kinds)s, whatever its name says.")
            % {"field": field, "kinds": ", ".join(k.label for k in kinds)},
            code="bad_file",
            field=field,
        )
    name = upload.name or ""
    claimed = kind_of_name(name)
    extension = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if (claimed is not None and claimed != kind) or extension in _PAGE_EXTENSIONS:
        raise DomainError(
            _("%(field)s: the file is named as %(claimed)s but its content is %(kind)s.")
            % {"field": field, "claimed": claimed.label if claimed else f".{extension}", "kind": kind.label},
            code="bad_file",
            field=field,
        )
    return kind


def _kind_of(upload: File[bytes], kinds: Collection[FileKind]) -> FileKind | None:
    upload.seek(0)
    try:
        head = upload.read(12)
        if head.startswith((b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n")):
            upload.seek(0)
            return _image(upload)
        if head.startswith(b"%PDF-"):
            return PDF
        if head[4:8] == b"ftyp":
            return MP4
        if TEXT in kinds:  # read whole (at most MAX_UPLOAD_BYTES) only where text is wanted
            upload.seek(0)
            return TEXT if _is_text(upload.read()) else None
        return None
    finally:
        upload.seek(0)  # the storage saves the file from its start


def _image(upload: File[bytes]) -> FileKind | None:
    from PIL import Image

    try:
        with Image.open(upload, formats=["JPEG", "PNG"]) as image:
            if image.width * image.height > MAX_IMAGE_PIXELS:
                return None
            image.load()
            return JPEG if image.format == "JPEG" else PNG
    # Pillow reports a damaged image with assorted errors (OSError, SyntaxError, struct.error, ...).
    except Exception:
        return None


def _is_text(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return b"\x00" not in data
