"""Schemathesis hooks for test/openapi-fuzz.test.ts (loaded through `hooks` in the config it writes).

1. No request of the fuzz run may make the service reach out to the internet: the URLs it generates
   for POST /extract (a document to fetch) and POST /webhooks (where events are delivered) get their
   host replaced by 127.0.0.1:9, a loopback port nothing listens on. The service refuses loopback
   documents (400 url_not_allowed); webhook endpoints on loopback are accepted on the test stack
   (WEBHOOKS_ALLOW_LOOPBACK_HTTP=1) and their deliveries fail at once. Scheme, path and query stay
   as generated; values that are no http(s) URL at all are left alone (the service refuses them).
2. GET /export answers NDJSON, which Schemathesis cannot deserialize: the check below validates every
   line against the schema documented for the response (one ExportLine per line).
"""

import json
import re
from urllib.parse import urlsplit, urlunsplit

import schemathesis

LOOPBACK_AUTHORITY = "127.0.0.1:9"
URL_BODIES = {("POST", "/extract"), ("POST", "/webhooks")}
NDJSON = "application/x-ndjson"


def _to_loopback(url):
    """Any URL a WHATWG parser (the service's) would read as http(s), pointed at LOOPBACK_AUTHORITY."""
    # WHATWG URL parsing strips leading and trailing C0 controls and spaces, removes tabs and newlines
    # anywhere, reads the scheme in any case and backslashes as slashes ("HTTPS:\\host" is https://host/).
    cleaned = re.sub(r"[\t\n\r]", "", url).strip("".join(map(chr, range(0x21)))).replace("\\", "/")
    scheme = re.match(r"(?i)(https?):", cleaned)
    if not scheme:
        return url  # any other scheme is refused before anything is fetched
    try:
        parts = urlsplit(cleaned)
        path, query = (parts.path, parts.query) if parts.netloc else ("/", "")
    except ValueError:
        path, query = "/", ""
    return urlunsplit((scheme.group(1).lower(), LOOPBACK_AUTHORITY, path or "/", query, ""))


@schemathesis.hook
def map_case(context, case):
    if (case.operation.method.upper(), case.operation.path) in URL_BODIES and isinstance(case.body, dict):
        url = case.body.get("url")
        if isinstance(url, str):
            case.body = {**case.body, "url": _to_loopback(url)}
    return case


@schemathesis.check
def ndjson_lines_conformance(ctx, response, case):
    """Every line of an NDJSON answer matches the schema documented for it (OpenAPI 3.1: the schema of one item)."""
    media_type = response.headers.get("content-type", [""])[0].split(";")[0].strip().lower()
    if media_type != NDJSON:
        return None
    definition = case.operation.responses.find_by_status_code(response.status_code)
    if definition is None:
        return None
    resolved = definition.get_schema(NDJSON)
    if resolved.schema is None:
        return None
    validator = definition.get_validator(resolved.media_type, resolved.schema, validate_formats=True)
    for number, line in enumerate(response.content.decode("utf-8").split("\n"), start=1):
        if line == "":
            continue
        errors = list(validator.iter_errors(json.loads(line)))
        if errors:
            first = errors[0]
            raise AssertionError(
                f"NDJSON line {number} does not match the documented schema: {first.message} "
                f"(at /{'/'.join(str(p) for p in first.instance_path)})"
            )
    return None
