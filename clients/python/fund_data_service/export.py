"""GET /export: NDJSON, one ExportLine a line, read as it streams."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

import httpx

from .errors import ExportCutShort
from .generated.models.export_line import ExportLine

#: What a body read can fail with when the server or the network stops midway (a chunked body never finished, a
#: connection reset, a gzip stream cut off).
CUT_SHORT_ERRORS = (httpx.TransportError, httpx.DecodingError)


def export_lines(
    chunks: Iterable[bytes], request_id: str | None = None
) -> Iterator[ExportLine]:
    """The ExportLines of an NDJSON body given in chunks, each yielded as soon as its line feed arrives.

    Every line the server writes ends with a line feed: a body whose last line has none was cut short.
    Lines are split on b"\\n" only (not str.splitlines, which would also split on a U+2028 inside a JSON string).

    Raises:
        ExportCutShort: the body ended inside a line, or the connection failed before its end.
        ValueError: a complete line is not an ExportLine (a server fault).
    """
    lines_read = 0
    unfinished: list[bytes] = []  # the pieces of the line being received
    try:
        for chunk in chunks:
            *ends, rest = chunk.split(b"\n")
            for end in ends:
                line = b"".join([*unfinished, end])
                unfinished = []
                if line.strip():
                    yield export_line_of(line, lines_read + 1)
                    lines_read += 1
            if rest:
                unfinished.append(rest)
    except CUT_SHORT_ERRORS as failure:
        raise ExportCutShort(
            lines_read=lines_read, request_id=request_id, detail=str(failure)
        ) from failure
    if b"".join(unfinished).strip():
        raise ExportCutShort(
            lines_read=lines_read,
            request_id=request_id,
            detail="the last line has no line feed",
        )


def export_line_of(line: bytes, number: int) -> ExportLine:
    """One NDJSON line as the generated ExportLine model."""
    try:
        value = json.loads(line)
        if not isinstance(value, dict):
            raise TypeError(f"a JSON {type(value).__name__}, not an object")
        return ExportLine.from_dict(value)
    except (ValueError, KeyError, TypeError) as fault:
        raise ValueError(
            f"export line {number} is not an ExportLine: {fault}"
        ) from fault
