"""Unit tests of the Python client's hand-written parts, against a scripted HTTP server on 127.0.0.1 (no stack).

PYTHONPATH=clients/python $V/bin/python -m unittest discover -s test/clients -p 'test_*.py'
"""

from __future__ import annotations

import asyncio
import gzip
import json
import socket
import threading
import time
import unittest
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

from fund_data_service import ExportCutShort, FundDataClient, FundDataError, __version__
from fund_data_service.export import export_lines
from fund_data_service.factsheets import share_token
from fund_data_service.generated.api.funds import get_fund
from fund_data_service.generated.api.webhooks import delete_webhook
from fund_data_service.generated.models import ErrorCode, ErrorReason, ExportLine

DOCUMENT = Path(__file__).resolve().parents[2] / "clients" / "openapi.json"
ISIN = "ZZSMPL000014"


def skeleton(schema: dict[str, Any], schemas: dict[str, Any]) -> Any:
    """The smallest value ``schema`` accepts (required properties only): stands in for a server's FundData."""
    if "$ref" in schema:
        return skeleton(schemas[schema["$ref"].rsplit("/", 1)[-1]], schemas)
    options = schema.get("anyOf") or schema.get("oneOf")
    if options:
        nullable = any(option.get("type") == "null" for option in options)
        return None if nullable else skeleton(options[0], schemas)
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type")
    if isinstance(kind, list):
        if "null" in kind:
            return None
        kind = kind[0]
    if kind == "object" or "properties" in schema:
        properties = schema.get("properties", {})
        return {
            name: skeleton(properties[name], schemas)
            for name in schema.get("required", [])
        }
    if kind == "string":
        return {"date-time": "2026-11-27T08:00:00Z", "date": "2026-11-27"}.get(
            schema.get("format", ""), ""
        )
    return {"array": [], "integer": 0, "number": 0, "boolean": False}.get(str(kind))


def export_line(isin: str, name: str) -> bytes:
    """One NDJSON line of GET /export, line feed included."""
    schemas = json.loads(DOCUMENT.read_text())["components"]["schemas"]
    line = skeleton(schemas["ExportLine"], schemas) | {"isin": isin, "name": name}
    return json.dumps(line, ensure_ascii=False).encode() + b"\n"


# --- A scripted server ----------------------------------------------------------------------------------------------


@dataclass
class Answer:
    """What the server answers to one request: a body at once, or chunks (chunked), optionally cut short."""

    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    chunks: list[bytes] | None = None
    cut: bool = False  # close the connection instead of ending the chunked body

    @classmethod
    def json(cls, status: int, value: object, **headers: str) -> Answer:
        return cls(
            status,
            json.dumps(value).encode(),
            {"Content-Type": "application/json", **headers},
        )

    @classmethod
    def error(cls, status: int, code: str, **headers: str) -> Answer:
        return cls.json(
            status, {"code": code, "message": f"{code} for the test"}, **headers
        )


@dataclass
class Seen:
    method: str
    path: str
    headers: dict[str, str]
    at: float


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: ScriptedServer

    def do_GET(self) -> None:
        self.answer()

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.answer()

    def do_DELETE(self) -> None:
        self.answer()

    def answer(self) -> None:
        script = self.server.script
        self.server.seen.append(
            Seen(self.command, self.path, dict(self.headers), time.monotonic())
        )
        answer = script.pop(0) if len(script) > 1 else script[0]
        self.send_response(answer.status)
        for name, value in answer.headers.items():
            self.send_header(name, value)
        if answer.chunks is None:
            self.send_header("Content-Length", str(len(answer.body)))
            self.end_headers()
            self.wfile.write(answer.body)
            return
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for chunk in answer.chunks:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            self.wfile.flush()
            time.sleep(0.01)  # separate reads on the client
        if answer.cut:
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        self.wfile.write(b"0\r\n\r\n")

    def log_message(self, format: str, *args: Any) -> None:
        pass


class ScriptedServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.script: list[Answer] = [Answer()]
        self.seen: list[Seen] = []

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/api/v1"


class ServerTest(unittest.TestCase):
    server: ClassVar[ScriptedServer]

    @classmethod
    def setUpClass(cls) -> None:
        cls.server = ScriptedServer()
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.shutdown()
        cls.server.server_close()

    def answer(self, *answers: Answer) -> None:
        """The answers to the next requests, in order (the last one repeats)."""
        self.server.script = list(answers)
        self.server.seen = []

    def client(self, **options: Any) -> FundDataClient:
        fds = FundDataClient("fds_test_key", self.server.base_url, **options)
        self.addCleanup(fds.close)
        return fds

    def get_fund(self, fds: FundDataClient) -> object:
        return fds.ok(get_fund.sync_detailed(ISIN, client=fds.api))

    def raised(self, call: Any) -> FundDataError:
        with self.assertRaises(FundDataError) as caught:
            call()
        return caught.exception


# --- Retries --------------------------------------------------------------------------------------------------------


class RetryTest(ServerTest):
    def test_a_429_is_sent_again_after_its_retry_after(self) -> None:
        self.answer(
            Answer.error(429, "rate_limited", **{"Retry-After": "1"}),
            Answer.error(404, "fund_not_found"),
        )
        error = self.raised(lambda: self.get_fund(self.client()))
        self.assertEqual(
            error.code, ErrorCode.FUND_NOT_FOUND
        )  # the answer to the second request
        first, second = self.server.seen
        self.assertGreaterEqual(second.at - first.at, 0.95)

    def test_a_503_is_sent_again_after_its_retry_after(self) -> None:
        self.answer(
            Answer.error(503, "service_unavailable", **{"Retry-After": "1"}),
            Answer.error(404, "not_found"),
        )
        self.assertEqual(
            self.raised(lambda: self.get_fund(self.client())).code, "not_found"
        )
        self.assertEqual(len(self.server.seen), 2)

    def test_a_retry_after_longer_than_max_retry_wait_is_handed_over_at_once(
        self,
    ) -> None:
        body = {
            "code": "rate_limited",
            "message": "spent",
            "reason": "credits_exhausted",
            "retryAfter": 314419,
        }
        self.answer(Answer.json(429, body, **{"Retry-After": "314419"}))
        started = time.monotonic()
        error = self.raised(lambda: self.get_fund(self.client(max_retry_wait=60)))
        self.assertLess(time.monotonic() - started, 0.5)
        self.assertEqual(len(self.server.seen), 1)
        self.assertEqual(
            (error.status, error.code, error.reason),
            (429, ErrorCode.RATE_LIMITED, "credits_exhausted"),
        )
        self.assertEqual(error.reason, ErrorReason.CREDITS_EXHAUSTED)
        self.assertEqual(error.retry_after, 314419)

    def test_retries_stop_after_max_retries(self) -> None:
        self.answer(Answer.error(503, "service_unavailable", **{"Retry-After": "0"}))
        error = self.raised(lambda: self.get_fund(self.client(max_retries=2)))
        self.assertEqual((error.status, len(self.server.seen)), (503, 3))

    def test_a_post_is_not_sent_again_after_a_503_that_saved_something(self) -> None:
        self.answer(Answer.error(503, "pdf_unavailable", **{"Retry-After": "0"}))
        error = self.raised(
            lambda: self.client().create_factsheet_document(ISIN, "pdf")
        )
        self.assertEqual(
            (error.code, len(self.server.seen)), (ErrorCode.PDF_UNAVAILABLE, 1)
        )

    def test_a_post_is_sent_again_after_a_503_service_unavailable(self) -> None:
        self.answer(
            Answer.error(503, "service_unavailable", **{"Retry-After": "0"}),
            Answer.error(404, "fund_not_found"),
        )
        error = self.raised(
            lambda: self.client().create_factsheet_document(ISIN, "html")
        )
        self.assertEqual(
            (error.code, len(self.server.seen)), (ErrorCode.FUND_NOT_FOUND, 2)
        )

    def test_the_wait_is_read_from_a_gzipped_body_without_retry_after(self) -> None:
        body = gzip.compress(
            json.dumps(
                {"code": "rate_limited", "message": "burst", "retryAfter": 0}
            ).encode()
        )
        gzipped = {"Content-Type": "application/json", "Content-Encoding": "gzip"}
        self.answer(Answer(429, body, gzipped), Answer.error(404, "fund_not_found"))
        error = self.raised(
            lambda: self.get_fund(self.client(max_retry_wait=0.5))
        )  # the 1 s fallback would not do
        self.assertEqual(
            (error.code, len(self.server.seen)), (ErrorCode.FUND_NOT_FOUND, 2)
        )

    def test_an_answer_handed_over_reads_as_any_other(self) -> None:
        self.answer(Answer.error(429, "rate_limited", **{"Retry-After": "3600"}))
        response = self.client().api.get_httpx_client().get("/funds/" + ISIN)
        self.assertEqual(
            (response.status_code, response.json()["code"]), (429, "rate_limited")
        )
        self.assertGreaterEqual(response.elapsed.total_seconds(), 0)

    def test_the_async_client_retries_too(self) -> None:
        self.answer(
            Answer.error(429, "rate_limited", **{"Retry-After": "0"}), Answer(204)
        )

        async def delete() -> None:
            async with FundDataClient("fds_test_key", self.server.base_url) as fds:
                fds.ok(await delete_webhook.asyncio_detailed("hook", client=fds.api))

        asyncio.run(delete())
        self.assertEqual(
            [seen.method for seen in self.server.seen], ["DELETE", "DELETE"]
        )


# --- Errors ---------------------------------------------------------------------------------------------------------


class ErrorTest(ServerTest):
    def test_fields_come_from_the_body(self) -> None:
        body = {
            "code": "rate_limited",
            "message": "burst",
            "reason": "burst",
            "retryAfter": 90,
            "requestId": "req-body",
        }
        self.answer(
            Answer.json(
                429, body, **{"Retry-After": "75", "X-Request-Id": "req-header"}
            )
        )
        error = self.raised(lambda: self.get_fund(self.client()))
        self.assertEqual(
            (error.request_id, error.retry_after, error.message),
            ("req-body", 90, "burst"),
        )
        self.assertIsNotNone(error.error)
        self.assertEqual(json.loads(error.body), body)
        self.assertIn("req-body", str(error))

    def test_fields_come_from_the_headers_when_the_body_has_none(self) -> None:
        self.answer(
            Answer.error(401, "invalid_api_key", **{"X-Request-Id": "req-header"})
        )
        error = self.raised(lambda: self.get_fund(self.client()))
        self.assertEqual(
            (error.status, error.code, error.request_id),
            (401, ErrorCode.INVALID_API_KEY, "req-header"),
        )
        self.assertIsInstance(error.code, ErrorCode)
        self.assertIsNone(error.retry_after)

    def test_a_non_json_502_page_is_a_fund_data_error(self) -> None:
        page = b"<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1>nginx</body></html>"
        self.answer(
            Answer(502, page, {"Content-Type": "text/html", "X-Request-Id": "proxy-1"})
        )
        error = self.raised(lambda: self.get_fund(self.client()))
        self.assertEqual(
            (error.status, error.code, error.request_id), (502, "http_502", "proxy-1")
        )
        self.assertIn("502 Bad Gateway", error.message)
        self.assertIsNone(error.error)
        self.assertEqual(error.body, page)

    def test_a_code_newer_than_the_client_is_kept_as_a_string(self) -> None:
        self.answer(Answer.error(409, "brand_new_code"))
        error = self.raised(lambda: self.get_fund(self.client()))
        self.assertEqual((error.status, error.code), (409, "brand_new_code"))
        self.assertNotIsInstance(error.code, ErrorCode)


# --- Export ---------------------------------------------------------------------------------------------------------


class ExportTest(ServerTest):
    NDJSON: ClassVar[dict[str, str]] = {
        "Content-Type": "application/x-ndjson",
        "X-Request-Id": "export-1",
    }

    def test_lines_are_parsed_as_they_arrive_across_chunks(self) -> None:
        body = export_line("ZZSMPL000014", "Fund\u2028One") + export_line(
            "ZZSMPL000055", "Fund Two"
        )
        chunks = [body[:7], body[7:150], body[150:-3], body[-3:]]
        self.answer(Answer(200, headers=self.NDJSON, chunks=chunks))
        lines = list(self.client().export_funds(currency="EUR"))
        self.assertTrue(all(isinstance(line, ExportLine) for line in lines))
        self.assertEqual(
            [(line.isin, line.name) for line in lines],
            [(ISIN, "Fund\u2028One"), ("ZZSMPL000055", "Fund Two")],
        )
        self.assertEqual(self.server.seen[0].path, "/api/v1/export?currency=EUR")

    def test_a_gzipped_export_is_read_line_by_line(self) -> None:
        body = gzip.compress(
            b"".join(export_line(f"ZZSMPL00{n:03d}0", f"Fund {n}") for n in range(50))
        )
        chunks = [body[i : i + 500] for i in range(0, len(body), 500)]
        self.answer(
            Answer(
                200, headers={**self.NDJSON, "Content-Encoding": "gzip"}, chunks=chunks
            )
        )
        self.assertEqual(
            [line.name for line in self.client().export_funds()],
            [f"Fund {n}" for n in range(50)],
        )

    def test_a_body_ending_inside_a_line_is_cut_short(self) -> None:
        body = export_line(ISIN, "One") + export_line("ZZSMPL000055", "Two")[:40]
        self.answer(Answer(200, headers=self.NDJSON, chunks=[body]))
        isins: list[str] = []
        with self.assertRaises(ExportCutShort) as caught:
            isins.extend(line.isin for line in self.client().export_funds())
        self.assertEqual(
            (isins, caught.exception.lines_read, caught.exception.request_id),
            ([ISIN], 1, "export-1"),
        )

    def test_a_connection_closed_midway_is_cut_short(self) -> None:
        self.answer(
            Answer(
                200,
                headers=self.NDJSON,
                chunks=[export_line(ISIN, "One"), b'{"isin": "ZZ'],
                cut=True,
            )
        )
        with self.assertRaises(ExportCutShort) as caught:
            list(self.client().export_funds())
        self.assertEqual(caught.exception.lines_read, 1)
        self.assertIsInstance(caught.exception, FundDataError)

    def test_a_refused_export_is_a_fund_data_error(self) -> None:
        self.answer(
            Answer.json(
                403,
                {"code": "plan_required", "message": "scale", "requiredPlan": "scale"},
            )
        )
        error = self.raised(lambda: list(self.client().export_funds()))
        self.assertEqual((error.status, error.code), (403, ErrorCode.PLAN_REQUIRED))

    def test_export_lines_splits_on_line_feeds_only(self) -> None:
        lines = list(export_lines([export_line(ISIN, "A\rB\u2028C")]))
        self.assertEqual([line.name for line in lines], ["A\rB\u2028C"])


# --- Authentication, headers, factsheets ----------------------------------------------------------------------------


class HeaderTest(ServerTest):
    def test_x_api_key_sends_the_key_alone_in_its_header(self) -> None:
        self.answer(Answer(204))
        fds = self.client(auth="x-api-key")
        fds.ok(delete_webhook.sync_detailed("hook", client=fds.api))
        headers = {
            name.lower(): value for name, value in self.server.seen[0].headers.items()
        }
        self.assertEqual(headers["x-api-key"], "fds_test_key")
        self.assertNotIn("authorization", headers)
        self.assertEqual(
            headers["user-agent"], f"fund-data-service-python/{__version__}"
        )

    def test_bearer_is_the_default(self) -> None:
        self.answer(Answer(204))
        fds = self.client()
        fds.ok(delete_webhook.sync_detailed("hook", client=fds.api))
        headers = {
            name.lower(): value for name, value in self.server.seen[0].headers.items()
        }
        self.assertEqual(headers["authorization"], "Bearer fds_test_key")
        self.assertNotIn("x-api-key", headers)

    def test_keyless_calls_send_no_key(self) -> None:
        self.answer(Answer(200, b"<html>shared</html>", {"Content-Type": "text/html"}))
        page = self.client().shared_factsheet(
            "https://x.example/api/v1/shared/factsheets/" + "t" * 43 + "/embed", "embed"
        )
        self.assertEqual(page, "<html>shared</html>")
        seen = self.server.seen[0]
        self.assertEqual(seen.path, "/api/v1/shared/factsheets/" + "t" * 43 + "/embed")
        self.assertNotIn("authorization", {name.lower() for name in seen.headers})

    def test_a_factsheet_pdf_is_asked_for_as_pdf_and_read_as_bytes(self) -> None:
        self.answer(Answer(200, b"%PDF-1.7 test", {"Content-Type": "application/pdf"}))
        sheet = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e"
        self.assertEqual(
            self.client().factsheet_document(sheet, "pdf"), b"%PDF-1.7 test"
        )
        seen = self.server.seen[0]
        self.assertEqual(seen.path, f"/api/v1/factsheets/{sheet}?format=pdf")
        self.assertEqual(
            {n.lower(): v for n, v in seen.headers.items()}["accept"], "application/pdf"
        )

    def test_share_token_reads_links_and_tokens(self) -> None:
        token = "B7qFYumqXTHjcJuJPMkLZpk9XV3A-lZNN3kgiz80avw"
        self.assertEqual(
            share_token(f"http://h/api/v1/shared/factsheets/{token}/pdf"), token
        )
        self.assertEqual(share_token(token), token)


if __name__ == "__main__":
    unittest.main()
