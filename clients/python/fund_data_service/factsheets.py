"""Factsheet documents (HTML and PDF), which the generated modules read as JSON and so cannot return."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar
from uuid import UUID

import httpx

from .errors import error_of

DocumentFormat = Literal["html", "pdf"]
SharedKind = Literal["html", "embed", "pdf"]

#: What each format is asked for with: the server answers a PDF as application/octet-stream only when asked to.
ACCEPT = {"html": "text/html", "pdf": "application/pdf"}

D = TypeVar("D", str, bytes)


@dataclass(frozen=True)
class FactsheetDocument(Generic[D]):
    """A factsheet made by POST /factsheets with deliver=document.

    Attributes:
        id: the saved sheet (for get_factsheet, update_factsheet, delete_factsheet).
        url: its keyless HTML link (header X-Factsheet-Url).
        pdf_url: its keyless PDF link (header X-Factsheet-Pdf-Url).
        document: the HTML page (str) or the PDF (bytes).
    """

    id: UUID
    url: str | None
    pdf_url: str | None
    document: D


def raise_for_error(response: httpx.Response) -> None:
    """Raises the FundDataError of an error answer."""
    if response.status_code >= 400:
        raise error_of(response.status_code, response.headers, response.read())


def document_of(response: httpx.Response, format_: DocumentFormat) -> str | bytes:
    """The page or the PDF of a successful answer; the FundDataError of any other."""
    raise_for_error(response)
    return response.text if format_ == "html" else response.content


def factsheet_id_of(response: httpx.Response) -> UUID:
    """The saved sheet's id, from the X-Factsheet-Id header of POST /factsheets."""
    value = response.headers.get("X-Factsheet-Id")
    if value is None:
        raise ValueError("POST /factsheets answered without an X-Factsheet-Id header")
    return UUID(value)


def share_token(token_or_link: str) -> str:
    """The share token of a keyless link (``factsheet.links.html``, ``.pdf`` or ``.embed``), or the token itself."""
    found = re.search(r"/shared/factsheets/([A-Za-z0-9_-]+)", token_or_link)
    return found.group(1) if found else token_or_link
