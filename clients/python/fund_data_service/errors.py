"""FundDataError: a failed call, as the Fund Data Service (or a proxy in front of it) answered it."""

from __future__ import annotations

import email.utils
import json
import math
import re
import time
from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

import httpx

from .generated.models.error import Error
from .generated.models.error_code import ErrorCode

#: ``code`` of an export whose body ended before its last line did (retry the export).
EXPORT_CUT_SHORT = "export_cut_short"


class FundDataError(Exception):
    """An error answer.

    Attributes:
        status: the HTTP status (400, 401, 403, 404, 429, 502, 503...).
        code: what went wrong, to switch on. An ``ErrorCode`` member (a ``str``: ``err.code == "plan_required"`` and
            ``err.code == ErrorCode.PLAN_REQUIRED`` both hold) for the codes the API documents; the string sent for a
            code newer than this client; ``http_<status>`` (``http_502``) when the body was not the API's JSON error
            (a proxy's page); ``export_cut_short`` for an export whose body ended early.
        message: what went wrong, for people.
        request_id: the request's id in the service's logs (body ``requestId``, else header ``X-Request-Id``): quote it
            to support.
        retry_after: seconds to wait before trying again (body ``retryAfter``, else header ``Retry-After``), or None.
        reason: why a 429 happened: ``credits_exhausted``, ``overage_cap`` or ``burst``; None otherwise.
        error: the parsed ``Error`` body, for the fields some codes carry (``batch_max``, ``issues``, ``required_plan``,
            ``factsheet`` of pdf_unavailable...); None when the body was not one.
        body: the raw body.
    """

    def __init__(
        self,
        *,
        status: int,
        code: str,
        message: str,
        request_id: str | None = None,
        retry_after: float | None = None,
        reason: str | None = None,
        error: Error | None = None,
        body: bytes = b"",
    ) -> None:
        self.status = status
        self.code = code
        self.message = message
        self.request_id = request_id
        self.retry_after = retry_after
        self.reason = reason
        self.error = error
        self.body = body
        super().__init__(self._summary())

    def _summary(self) -> str:
        summary = f"{self.status} {self.code}: {self.message}"
        if self.retry_after is not None:
            summary += f" (retry after {self.retry_after:g} s)"
        if self.request_id:
            summary += f" [request {self.request_id}]"
        return summary


class ExportCutShort(FundDataError):
    """An export whose body ended before its last line did: the export failed on the way, retry it.

    Attributes:
        lines_read: how many complete lines were read (and yielded) before the cut.
    """

    def __init__(self, *, lines_read: int, request_id: str | None, detail: str) -> None:
        self.lines_read = lines_read
        super().__init__(
            status=200,
            code=EXPORT_CUT_SHORT,
            message=f"the export was cut short after {lines_read} complete lines ({detail}); retry it",
            request_id=request_id,
        )


def error_of(
    status: int, headers: Mapping[str, str], content: bytes, parsed: Error | None = None
) -> FundDataError:
    """The FundDataError of an error answer: its JSON body when it is the API's, else what the status says."""
    headers = httpx.Headers(headers)
    body = json_object_of(content)
    if body is None or not isinstance(body.get("code"), str):
        return _not_an_api_error(status, headers, content)
    retry_after = _seconds(body.get("retryAfter"))
    return FundDataError(
        status=status,
        code=_known_code(body["code"]),
        message=str(body.get("message", "")),
        request_id=_text(body.get("requestId")) or headers.get("X-Request-Id"),
        retry_after=retry_after
        if retry_after is not None
        else retry_after_seconds(headers.get("Retry-After")),
        reason=_text(body.get("reason")),
        error=parsed if parsed is not None else error_model_of(body),
        body=content,
    )


def json_object_of(content: bytes) -> dict[str, Any] | None:
    """The body as a JSON object, or None when it is something else (an HTML page, a cut body, a list)."""
    try:
        value = json.loads(content)
    except ValueError:  # JSONDecodeError and UnicodeDecodeError both are
        return None
    return value if isinstance(value, dict) else None


def error_model_of(body: Mapping[str, Any]) -> Error | None:
    """The generated Error model of a body, or None when the generated parser refuses it (an unknown code)."""
    try:
        return Error.from_dict(body)
    except (KeyError, ValueError, TypeError, AttributeError):
        return None


def retry_after_seconds(value: str | None) -> float | None:
    """A Retry-After header in seconds: either delay-seconds or an HTTP date (RFC 9110 section 10.2.3)."""
    if value is None:
        return None
    value = value.strip()
    if re.fullmatch(r"\d+(\.\d+)?", value):
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def _not_an_api_error(
    status: int, headers: httpx.Headers, content: bytes
) -> FundDataError:
    content_type = headers.get("Content-Type") or "no Content-Type"
    return FundDataError(
        status=status,
        code=f"http_{status}",
        message=f"{_phrase(status)}, and the body is not the API's JSON error ({content_type}): {_gist(content)}",
        request_id=headers.get("X-Request-Id"),
        retry_after=retry_after_seconds(headers.get("Retry-After")),
        body=content,
    )


def _known_code(code: str) -> str:
    """The ErrorCode member when the document lists the code; the string itself for a newer one."""
    try:
        return ErrorCode(code)
    except ValueError:
        return code


def _phrase(status: int) -> str:
    try:
        return f"HTTP {status} {HTTPStatus(status).phrase}"
    except ValueError:
        return f"HTTP {status}"


def _gist(content: bytes, limit: int = 200) -> str:
    """The first words of a page, tags dropped: enough to recognise a proxy's error page in a log."""
    text = re.sub(r"<[^>]*>", " ", content.decode("utf-8", "replace"))
    words = " ".join(text.split())
    return (words[:limit] + "...") if len(words) > limit else (words or "(empty body)")


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _seconds(value: object) -> float | None:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
    ):
        return None
    return float(value)
