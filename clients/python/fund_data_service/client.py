"""FundDataClient: the generated client, configured (auth, retries, error bodies), plus the calls it cannot make."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from types import TracebackType
from typing import Literal, Self, TypeVar, overload
from uuid import UUID

import httpx

from ._version import __version__
from .errors import error_of
from .export import export_lines
from .factsheets import (
    ACCEPT,
    DocumentFormat,
    FactsheetDocument,
    SharedKind,
    document_of,
    factsheet_id_of,
    raise_for_error,
    share_token,
)
from .generated.api.export import export_funds as export_funds_operation
from .generated.api.factsheets import (
    create_factsheet,
    get_factsheet,
    get_shared_factsheet,
    get_shared_factsheet_embed,
    get_shared_factsheet_pdf,
)
from .generated.client import AuthenticatedClient, Client
from .generated.models.error import Error
from .generated.models.export_line import ExportLine
from .generated.models.factsheet_create_request import FactsheetCreateRequest
from .generated.models.factsheet_create_request_deliver import (
    FactsheetCreateRequestDeliver,
)
from .generated.models.factsheet_format import FactsheetFormat
from .generated.models.factsheet_language import FactsheetLanguage
from .generated.models.get_factsheet_format import GetFactsheetFormat
from .generated.types import UNSET, Response, Unset
from .responses import araise_unparseable_error, ok, raise_unparseable_error
from .retry import AsyncRetryingTransport, RetryingTransport, RetryPolicy

DEFAULT_BASE_URL = "http://127.0.0.1:8080/api/v1"
USER_AGENT = f"fund-data-service-python/{__version__}"

AuthScheme = Literal["bearer", "x-api-key"]
#: Where each scheme puts the key: (header, prefix before the key).
AUTH_HEADERS: dict[str, tuple[str, str]] = {
    "bearer": ("Authorization", "Bearer"),
    "x-api-key": ("X-Api-Key", ""),
}

T = TypeVar("T")


class FundDataClient:
    """A client of the Fund Data Service.

    ``api`` is the generated ``AuthenticatedClient`` to pass as ``client=`` to the generated operations
    (``fund_data_service.api.funds.get_fund.sync_detailed(isin, client=fds.api)``); ``keyless`` the generated
    ``Client`` for the keyless ones (demo, shared factsheets, health, the OpenAPI document). Both retry 429 and 503
    answers after their Retry-After, never waiting longer than ``max_retry_wait`` seconds (a 429 asking for more, as
    credits_exhausted does, is handed over at once), at most ``max_retries`` times. ``ok()`` turns an answer into its
    result or raises ``FundDataError``.

    Args:
        api_key: the account's key.
        base_url: the API, version prefix included.
        auth: "bearer" sends ``Authorization: Bearer <key>``; "x-api-key" sends ``X-Api-Key: <key>``.
        max_retries: retries of a 429 or 503 (0: none).
        max_retry_wait: the longest Retry-After, in seconds, worth waiting for.
        timeout: seconds to wait between bytes of an answer (connecting: 10 s at most). The default outlasts the
            server's own limit (300 s) for a fund never loaded before, which takes 15 s to 3 min.
        proxy: an HTTP(S) proxy URL (the HTTP_PROXY environment variables are not read).
    """

    def __init__(
        self,
        api_key: str,
        base_url: str = DEFAULT_BASE_URL,
        *,
        auth: AuthScheme = "bearer",
        max_retries: int = 3,
        max_retry_wait: float = 60.0,
        timeout: float = 310.0,
        proxy: str | None = None,
    ) -> None:
        if auth not in AUTH_HEADERS:
            raise ValueError(f"auth must be 'bearer' or 'x-api-key', not {auth!r}")
        self.base_url = base_url.rstrip("/")
        self.retry_policy = RetryPolicy(
            max_retries=max_retries, max_retry_wait=max_retry_wait
        )
        self._timeout = httpx.Timeout(timeout, connect=min(timeout, 10.0))
        self._proxy = proxy
        header, prefix = AUTH_HEADERS[auth]
        credentials = {header: f"{prefix} {api_key}" if prefix else api_key}
        self.api = AuthenticatedClient(
            base_url=self.base_url,
            token=api_key,
            prefix=prefix,
            auth_header_name=header,
        )
        # Set rather than built by the generated client: it would give the async client the sync transport.
        self.api.set_httpx_client(self._http_client(credentials))
        self.api.set_async_httpx_client(self._async_http_client(credentials))
        self._keyless: Client | None = None

    @property
    def keyless(self) -> Client:
        """The generated ``Client`` without credentials, for get_demo_fund, get_shared_factsheet*, get_health."""
        if self._keyless is None:
            keyless = Client(base_url=self.base_url)
            keyless.set_httpx_client(self._http_client({}))
            keyless.set_async_httpx_client(self._async_http_client({}))
            self._keyless = keyless
        return self._keyless

    @staticmethod
    def ok(response: Response[T | Error]) -> T:
        """The result of a generated ``sync_detailed`` call, or its FundDataError raised (see ``ok()``)."""
        return ok(response)

    def export_funds(
        self,
        *,
        issuer: str | None = None,
        asset_class: str | None = None,
        currency: str | None = None,
        since: datetime.datetime | None = None,
    ) -> Iterator[ExportLine]:
        """GET /export: every stored fund matching the filters, one ExportLine at a time, as the body streams.

        The request is sent when iteration starts; gzip is negotiated and undone by httpx.

        Raises:
            FundDataError: the export was refused (403 plan_required below scale, 429...).
            ExportCutShort: the body ended before its last line did; the lines already yielded were complete.
        """
        request = export_funds_operation._get_kwargs(
            issuer=_unset_if_none(issuer),
            asset_class=_unset_if_none(asset_class),
            currency=_unset_if_none(currency),
            since=_unset_if_none(since),
        )
        http = self.api.get_httpx_client()
        with http.stream(
            **request, headers={"Accept": "application/x-ndjson"}
        ) as response:
            if response.status_code >= 400:
                raise error_of(response.status_code, response.headers, response.read())
            yield from export_lines(
                response.iter_bytes(), response.headers.get("X-Request-Id")
            )

    @overload
    def factsheet_document(
        self, factsheet_id: UUID | str, format: Literal["html"]
    ) -> str: ...
    @overload
    def factsheet_document(
        self, factsheet_id: UUID | str, format: Literal["pdf"]
    ) -> bytes: ...
    def factsheet_document(
        self, factsheet_id: UUID | str, format: DocumentFormat
    ) -> str | bytes:
        """GET /factsheets/{id}?format=html|pdf: a saved sheet's page (str) or PDF (bytes), from its snapshot."""
        request = get_factsheet._get_kwargs(
            _uuid(factsheet_id), format_=GetFactsheetFormat(format)
        )
        response = self.api.get_httpx_client().request(
            **request, headers={"Accept": ACCEPT[format]}
        )
        return document_of(response, format)

    @overload
    def create_factsheet_document(
        self,
        isin: str,
        format: Literal["html"],
        *,
        language: Literal["en", "fr"] | None = None,
    ) -> FactsheetDocument[str]: ...
    @overload
    def create_factsheet_document(
        self,
        isin: str,
        format: Literal["pdf"],
        *,
        language: Literal["en", "fr"] | None = None,
    ) -> FactsheetDocument[bytes]: ...
    def create_factsheet_document(
        self,
        isin: str,
        format: DocumentFormat,
        *,
        language: Literal["en", "fr"] | None = None,
    ) -> FactsheetDocument[str] | FactsheetDocument[bytes]:
        """POST /factsheets with deliver=document: saves a sheet and answers its page or PDF (1 or 2 credits).

        For the saved sheet as JSON with its keyless links, call the generated ``create_factsheet`` with
        ``deliver=FactsheetCreateRequestDeliver.LINK``.

        Raises:
            FundDataError: 404 fund_not_found, 503 pdf_unavailable (the HTML sheet is saved: ``err.error.factsheet``)...
        """
        body = FactsheetCreateRequest(
            isin=isin,
            format_=FactsheetFormat(format),
            deliver=FactsheetCreateRequestDeliver.DOCUMENT,
            language=FactsheetLanguage(language) if language else UNSET,
        )
        request = create_factsheet._get_kwargs(body=body)
        request["headers"] = {**request.get("headers", {}), "Accept": ACCEPT[format]}
        response = self.api.get_httpx_client().request(**request)
        raise_for_error(response)
        sheet_id = factsheet_id_of(response)
        links = (
            response.headers.get("X-Factsheet-Url"),
            response.headers.get("X-Factsheet-Pdf-Url"),
        )
        if format == "html":
            return FactsheetDocument(sheet_id, *links, document=response.text)
        return FactsheetDocument(sheet_id, *links, document=response.content)

    @overload
    def shared_factsheet(
        self, token_or_link: str, kind: Literal["html", "embed"] = "html"
    ) -> str: ...
    @overload
    def shared_factsheet(self, token_or_link: str, kind: Literal["pdf"]) -> bytes: ...
    def shared_factsheet(
        self, token_or_link: str, kind: SharedKind = "html"
    ) -> str | bytes:
        """A saved sheet through its keyless share link: the page, the embeddable page, or the PDF.

        ``token_or_link`` is the token, or one of the sheet's ``links`` (html, pdf, embed).
        """
        token = share_token(token_or_link)
        if kind == "pdf":
            return ok(
                get_shared_factsheet_pdf.sync_detailed(token, client=self.keyless)
            ).payload.read()
        if kind == "embed":
            return ok(
                get_shared_factsheet_embed.sync_detailed(token, client=self.keyless)
            )
        if kind == "html":
            return ok(get_shared_factsheet.sync_detailed(token, client=self.keyless))
        raise ValueError(f"kind must be 'html', 'embed' or 'pdf', not {kind!r}")

    def close(self) -> None:
        """Closes the connections of the sync clients (``aclose()`` closes the async ones too)."""
        self.api.get_httpx_client().close()
        if self._keyless is not None:
            self._keyless.get_httpx_client().close()

    async def aclose(self) -> None:
        """Closes every connection, sync and async."""
        self.close()
        await self.api.get_async_httpx_client().aclose()
        if self._keyless is not None:
            await self._keyless.get_async_httpx_client().aclose()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.aclose()

    def _http_client(self, credentials: dict[str, str]) -> httpx.Client:
        return httpx.Client(
            base_url=self.base_url,
            headers={"User-Agent": USER_AGENT, **credentials},
            timeout=self._timeout,
            transport=RetryingTransport(
                self.retry_policy, httpx.HTTPTransport(proxy=self._proxy_config())
            ),
            event_hooks={"response": [raise_unparseable_error]},
        )

    def _async_http_client(self, credentials: dict[str, str]) -> httpx.AsyncClient:
        return httpx.AsyncClient(
            base_url=self.base_url,
            headers={"User-Agent": USER_AGENT, **credentials},
            timeout=self._timeout,
            transport=AsyncRetryingTransport(
                self.retry_policy, httpx.AsyncHTTPTransport(proxy=self._proxy_config())
            ),
            event_hooks={"response": [araise_unparseable_error]},
        )

    def _proxy_config(self) -> httpx.Proxy | None:
        return httpx.Proxy(self._proxy) if self._proxy else None


def _unset_if_none(value: T | None) -> T | Unset:
    """The generated functions take UNSET, not None, for a parameter left out."""
    return UNSET if value is None else value


def _uuid(value: UUID | str) -> UUID:
    return value if isinstance(value, UUID) else UUID(value)
