"""End to end: a new user calls every operation of the Fund Data Service through the official Python client.

    PYTHONPATH=clients/python $V/bin/python test/clients/e2e.py

Reads FDS_API_URL (.../api/v1), FDS_KEY (scale), FDS_KEY_FREE (free), FDS_KEY_EXHAUSTED (free, credits used up),
FDS_KEY_OPERATOR (operator, enterprise), FDS_ISIN, FDS_ISIN_2, FDS_KID_PDF (a KID of FDS_ISIN) and FDS_WEBHOOK_URL
(a receiver answering 200). Prints `called <operationId>` for each operation of the document once it answered as
expected; stops at the first failure with a message and exit status 1. Deletes only what it created.
"""

from __future__ import annotations

import hashlib
import io
import os
import sys
import time
import traceback
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import httpx

from fund_data_service import FundDataClient, FundDataError
from fund_data_service.generated.api.account import get_account
from fund_data_service.generated.api.changes import list_changes
from fund_data_service.generated.api.documents import (
    delete_document,
    file_documents,
    list_documents,
)
from fund_data_service.generated.api.extraction import extract_document
from fund_data_service.generated.api.factsheets import (
    create_factsheet,
    delete_factsheet,
    get_factsheet,
    list_factsheets,
    update_factsheet,
)
from fund_data_service.generated.api.funds import (
    batch_funds,
    get_demo_fund,
    get_fund,
    get_fund_holdings,
    search_funds,
)
from fund_data_service.generated.api.portfolios import (
    compare_overlap,
    look_through_portfolio,
)
from fund_data_service.generated.api.scpi import get_scpi, search_scpi
from fund_data_service.generated.api.service import get_health, get_open_api_document
from fund_data_service.generated.api.webhooks import (
    create_webhook,
    delete_webhook,
    list_webhooks,
    run_webhook_action,
)
from fund_data_service.generated.models import (
    BatchItemStatus,
    BatchRequest,
    DocumentsUpload,
    ErrorCode,
    ErrorReason,
    ExtractJsonRequest,
    ExtractKind,
    ExtractMultipartRequest,
    FactsheetCreateRequest,
    FactsheetCreateRequestDeliver,
    FactsheetFormat,
    FactsheetPatchRequest,
    HealthStatus,
    IngestResultStatus,
    PlanId,
    PortfolioPosition,
    PortfolioRequest,
    QueryFlag,
    WebhookActionRequest,
    WebhookActionRequestAction,
    WebhookCreateRequest,
)
from fund_data_service.generated.types import File

#: Cold funds and SCPIs take up to 300 s on the server; a new user raises the 30 s default for them.
TIMEOUT = 300.0


class CheckFailed(Exception):
    """An answer that came back, but not as the document and the spec say it should."""


@dataclass(frozen=True)
class Settings:
    api_url: str
    key: str
    key_free: str
    key_exhausted: str
    key_operator: str
    isin: str
    isin_2: str
    kid_pdf: Path
    webhook_url: str

    @classmethod
    def from_environment(cls) -> Settings:
        missing = [name for name in ENVIRONMENT if not os.environ.get(name)]
        if missing:
            raise CheckFailed(f"environment variables not set: {', '.join(missing)}")
        env = os.environ
        return cls(
            api_url=env["FDS_API_URL"],
            key=env["FDS_KEY"],
            key_free=env["FDS_KEY_FREE"],
            key_exhausted=env["FDS_KEY_EXHAUSTED"],
            key_operator=env["FDS_KEY_OPERATOR"],
            isin=env["FDS_ISIN"],
            isin_2=env["FDS_ISIN_2"],
            kid_pdf=Path(env["FDS_KID_PDF"]),
            webhook_url=env["FDS_WEBHOOK_URL"],
        )


ENVIRONMENT = [
    "FDS_API_URL",
    "FDS_KEY",
    "FDS_KEY_FREE",
    "FDS_KEY_EXHAUSTED",
    "FDS_KEY_OPERATOR",
    "FDS_ISIN",
    "FDS_ISIN_2",
    "FDS_KID_PDF",
    "FDS_WEBHOOK_URL",
]


def check(condition: bool, what: str) -> None:
    if not condition:
        raise CheckFailed(what)


def called(operation_id: str) -> None:
    print(f"called {operation_id}", flush=True)


def expect_error(
    call: Callable[[], object], *, status: int, code: str
) -> FundDataError:
    """The FundDataError ``call`` raises, checked for its status, code and request id."""
    try:
        result = call()
    except FundDataError as error:
        check(error.status == status, f"expected HTTP {status} {code}, got {error}")
        check(error.code == code, f"expected code {code}, got {error}")
        check(
            isinstance(error.code, ErrorCode),
            f"{error.code!r} is not an ErrorCode of the document",
        )
        check(bool(error.request_id), f"the {code} error has no request id")
        return error
    raise CheckFailed(f"expected HTTP {status} {code}, got a result: {result!r:.200}")


def valid_isin(payload: str) -> str:
    """``payload`` (11 characters) with its ISIN check digit: letters become numbers (A=10...), then Luhn."""
    digits = "".join(str(int(char, 36)) for char in payload.upper())
    total = 0
    for position, char in enumerate(reversed(digits)):
        doubled = int(char) * (2 if position % 2 == 0 else 1)
        total += doubled - 9 if doubled > 9 else doubled
    return payload + str((10 - total % 10) % 10)


# --- Service --------------------------------------------------------------------------------------------------------


def service(fds: FundDataClient, settings: Settings) -> None:
    health = fds.ok(get_health.sync_detailed(client=fds.keyless))
    check(
        health.status in (HealthStatus.OK, HealthStatus.DEGRADED),
        f"health is {health.status}",
    )
    called("getHealth")
    document = fds.ok(get_open_api_document.sync_detailed(client=fds.keyless))
    check(
        document.openapi.startswith("3.1"),
        "GET /openapi.json is not an OpenAPI 3.1 document",
    )
    check(
        "/funds/{isin}" in document.paths,
        "the OpenAPI document has no /funds/{isin}",
    )
    called("getOpenApiDocument")


# --- Errors ---------------------------------------------------------------------------------------------------------


def errors(fds: FundDataClient, settings: Settings) -> None:
    with FundDataClient(
        "fds_" + "x" * 45, settings.api_url, timeout=TIMEOUT
    ) as stranger:
        expect_error(
            lambda: stranger.ok(
                get_fund.sync_detailed(settings.isin, client=stranger.api)
            ),
            status=401,
            code=ErrorCode.INVALID_API_KEY,
        )
    with FundDataClient(
        settings.key_free, settings.api_url, timeout=TIMEOUT
    ) as free:  # 10 a minute: this call only
        refused = expect_error(
            lambda: list(free.export_funds()), status=403, code=ErrorCode.PLAN_REQUIRED
        )
        check(
            refused.error is not None and refused.error.required_plan == PlanId.SCALE,
            f"plan_required names no required plan scale: {refused}",
        )
    unknown = valid_isin("ZZSMPL99999")
    missing = expect_error(
        lambda: fds.ok(get_fund.sync_detailed(unknown, client=fds.api)),
        status=404,
        code=ErrorCode.FUND_NOT_FOUND,
    )
    check(
        missing.error is not None and missing.error.data is not None,
        "fund_not_found carries no data skeleton",
    )
    with FundDataClient(
        settings.key_exhausted, settings.api_url, timeout=TIMEOUT
    ) as spent:
        started = time.monotonic()
        limited = expect_error(
            lambda: spent.ok(get_fund.sync_detailed(settings.isin, client=spent.api)),
            status=429,
            code=ErrorCode.RATE_LIMITED,
        )
        elapsed = time.monotonic() - started
    check(
        limited.reason == ErrorReason.CREDITS_EXHAUSTED,
        f"429 reason is {limited.reason}, not credits_exhausted",
    )
    check(
        limited.retry_after is not None and limited.retry_after > 60,
        f"429 retry_after is {limited.retry_after}",
    )
    check(
        elapsed < 10,
        f"a 429 asking for {limited.retry_after} s was retried ({elapsed:.1f} s)",
    )


# --- Funds ----------------------------------------------------------------------------------------------------------


def funds(fds: FundDataClient, settings: Settings) -> None:
    fund = fds.ok(get_fund.sync_detailed(settings.isin, client=fds.api))
    check(
        fund.isin == settings.isin, f"getFund answered {fund.isin} for {settings.isin}"
    )
    check(
        bool(fund.name) and fund.plan == PlanId.SCALE,
        f"getFund: name {fund.name!r}, plan {fund.plan}",
    )
    called("getFund")

    holdings = fds.ok(get_fund_holdings.sync_detailed(settings.isin, client=fds.api))
    check(
        holdings.isin == settings.isin and holdings.count == len(holdings.holdings),
        "getFundHoldings mismatch",
    )
    called("getFundHoldings")

    batch = fds.ok(
        batch_funds.sync_detailed(
            client=fds.api, body=BatchRequest(isins=[settings.isin, settings.isin_2])
        )
    )
    check(
        [item.isin for item in batch.results] == [settings.isin, settings.isin_2],
        "batchFunds results out of order",
    )
    check(
        all(item.status == BatchItemStatus.OK for item in batch.results),
        f"batchFunds statuses: {[(item.input_, str(item.status)) for item in batch.results]}",
    )
    called("batchFunds")

    found = fds.ok(
        search_funds.sync_detailed(client=fds.api, q=settings.isin[:8], limit=50)
    )
    check(
        settings.isin in [hit.isin for hit in found.results],
        f"searchFunds {found.query!r} misses {settings.isin}",
    )
    called("searchFunds")

    demo = fds.ok(get_demo_fund.sync_detailed(settings.isin, client=fds.keyless))
    check(
        demo.isin == settings.isin and demo.demo,
        "getDemoFund answered another fund, or not a demo",
    )
    called("getDemoFund")


# --- Portfolios -----------------------------------------------------------------------------------------------------


def portfolios(fds: FundDataClient, settings: Settings) -> None:
    positions = [
        PortfolioPosition(isin=settings.isin, weight=60),
        PortfolioPosition(isin=settings.isin_2, weight=40),
    ]
    portfolio = fds.ok(
        look_through_portfolio.sync_detailed(
            client=fds.api, body=PortfolioRequest(positions=positions)
        )
    )
    check(
        {p.isin for p in portfolio.positions} == {settings.isin, settings.isin_2},
        "lookThroughPortfolio positions",
    )
    check(
        abs(sum(p.weight for p in portfolio.positions) - 100) < 0.01,
        "portfolio weights do not add up to 100",
    )
    called("lookThroughPortfolio")

    overlap = fds.ok(
        compare_overlap.sync_detailed(
            client=fds.api, isins=f"{settings.isin},{settings.isin_2}"
        )
    )
    check(
        {f.isin for f in overlap.funds} == {settings.isin, settings.isin_2},
        "compareOverlap funds",
    )
    check(
        len(overlap.pairs) == 1 and 0 <= overlap.pairs[0].overlap <= 100,
        "compareOverlap: not one pair in 0-100",
    )
    called("compareOverlap")


# --- Changes --------------------------------------------------------------------------------------------------------


def changes(fds: FundDataClient, settings: Settings) -> None:
    feed = fds.ok(list_changes.sync_detailed(client=fds.api, limit=50))
    check(
        feed.count == len(feed.changes),
        f"listChanges count {feed.count} for {len(feed.changes)} changes",
    )
    called("listChanges")


# --- Webhooks -------------------------------------------------------------------------------------------------------


def webhooks(fds: FundDataClient, settings: Settings) -> None:
    body = WebhookCreateRequest(url=settings.webhook_url, isins=[settings.isin])
    created = fds.ok(create_webhook.sync_detailed(client=fds.api, body=body))
    check(
        created.url == settings.webhook_url and bool(created.secret) and created.active,
        "createWebhook",
    )
    called("createWebhook")
    try:
        action = run_webhook_action.sync_detailed
        tested = fds.ok(
            action(
                created.id,
                client=fds.api,
                body=WebhookActionRequest(action=WebhookActionRequestAction.TEST),
            )
        )
        check(
            tested.delivered and tested.status == 200,
            f"test delivery: delivered {tested.delivered}, {tested.status}",
        )
        off = fds.ok(
            action(
                created.id,
                client=fds.api,
                body=WebhookActionRequest(action=WebhookActionRequestAction.DISABLE),
            )
        )
        on = fds.ok(
            action(
                created.id,
                client=fds.api,
                body=WebhookActionRequest(action=WebhookActionRequestAction.ENABLE),
            )
        )
        check(
            not off.active and on.active,
            "disable then enable did not switch the endpoint off and on",
        )
        called("runWebhookAction")

        listed = fds.ok(list_webhooks.sync_detailed(client=fds.api))
        check(
            created.id in [hook.id for hook in listed.webhooks],
            "listWebhooks misses the endpoint just created",
        )
        called("listWebhooks")
    finally:
        fds.ok(delete_webhook.sync_detailed(created.id, client=fds.api))
    called("deleteWebhook")
    expect_error(
        lambda: fds.ok(delete_webhook.sync_detailed(created.id, client=fds.api)),
        status=404,
        code=ErrorCode.NOT_FOUND,
    )


# --- Export ---------------------------------------------------------------------------------------------------------


def export(fds: FundDataClient, settings: Settings) -> None:
    exported = [line.isin for line in fds.export_funds()]
    check(
        settings.isin in exported,
        f"the export ({len(exported)} lines) misses {settings.isin}",
    )
    check(exported == sorted(exported), "the export is not in ISIN order")
    called("exportFunds")


# --- Extraction -----------------------------------------------------------------------------------------------------


def extraction(fds: FundDataClient, settings: Settings) -> None:
    pdf = File(
        payload=io.BytesIO(settings.kid_pdf.read_bytes()),
        file_name="kid.pdf",
        mime_type="application/pdf",
    )
    upload = ExtractMultipartRequest(file=pdf, kind=ExtractKind.KID)
    from_pdf = fds.ok(extract_document.sync_detailed(client=fds.api, body=upload))
    check(
        from_pdf.isin == settings.isin,
        f"the KID was read as {from_pdf.isin}, not {settings.isin}",
    )
    check(
        from_pdf.document.pages >= 1 and from_pdf.fields_filled > 0,
        "nothing was read from the KID",
    )

    text = (
        f"Key Information Document. ISIN: {settings.isin}. Risk indicator: 4 on a scale of 1 to 7. "
        "Ongoing costs: 0.20% of the value of your investment per year. Recommended holding period: 5 years."
    )
    from_text = fds.ok(
        extract_document.sync_detailed(
            client=fds.api, body=ExtractJsonRequest(text=text)
        )
    )
    check(
        from_text.isin == settings.isin and from_text.fields_filled > 0,
        "nothing was read from the text",
    )
    called("extractDocument")


# --- Factsheets -----------------------------------------------------------------------------------------------------


def factsheets(fds: FundDataClient, settings: Settings) -> None:
    request = FactsheetCreateRequest(
        isin=settings.isin,
        format_=FactsheetFormat.HTML,
        deliver=FactsheetCreateRequestDeliver.LINK,
    )
    sheet = fds.ok(create_factsheet.sync_detailed(client=fds.api, body=request))
    check(
        sheet.isin == settings.isin and sheet.format_ == FactsheetFormat.HTML,
        "createFactsheet (link)",
    )
    printed = fds.create_factsheet_document(settings.isin, "pdf")
    check(
        printed.document.startswith(b"%PDF"),
        "createFactsheet (document) did not answer a PDF",
    )
    called("createFactsheet")
    try:
        listed = fds.ok(list_factsheets.sync_detailed(client=fds.api, limit=500))
        check(
            sheet.id in [s.id for s in listed.factsheets],
            "listFactsheets misses the sheet just made",
        )
        called("listFactsheets")

        again = fds.ok(get_factsheet.sync_detailed(sheet.id, client=fds.api))
        check(
            again.id == sheet.id and again.links == sheet.links,
            "getFactsheet (json) answered another sheet",
        )
        check(
            "<html" in fds.factsheet_document(sheet.id, "html").lower(),
            "getFactsheet (html) is no page",
        )
        check(
            fds.factsheet_document(sheet.id, "pdf").startswith(b"%PDF"),
            "getFactsheet (pdf) is no PDF",
        )
        called("getFactsheet")

        starred = fds.ok(
            update_factsheet.sync_detailed(
                sheet.id, client=fds.api, body=FactsheetPatchRequest(favorite=True)
            )
        )
        check(starred.favorite, "updateFactsheet did not star the sheet")
        favorites = fds.ok(
            list_factsheets.sync_detailed(
                client=fds.api, favorites=QueryFlag.VALUE_1, limit=500
            )
        )
        check(
            sheet.id in [s.id for s in favorites.factsheets],
            "the starred sheet is not among the favorites",
        )
        called("updateFactsheet")

        check(
            "<html" in fds.shared_factsheet(sheet.links.html, "html").lower(),
            "shared page is no page",
        )
        called("getSharedFactsheet")
        check(
            "<html" in fds.shared_factsheet(sheet.links.embed, "embed").lower(),
            "shared embed page is no page",
        )
        called("getSharedFactsheetEmbed")
        check(
            fds.shared_factsheet(sheet.links.pdf, "pdf").startswith(b"%PDF"),
            "shared PDF is no PDF",
        )
        called("getSharedFactsheetPdf")
    finally:
        fds.ok(delete_factsheet.sync_detailed(printed.id, client=fds.api))
        deleted = fds.ok(delete_factsheet.sync_detailed(sheet.id, client=fds.api))
    check(deleted.deleted and deleted.id == str(sheet.id), "deleteFactsheet")
    expect_error(
        lambda: fds.shared_factsheet(sheet.links.html),
        status=404,
        code=ErrorCode.NOT_FOUND,
    )
    called("deleteFactsheet")


# --- SCPI -----------------------------------------------------------------------------------------------------------


def scpi(fds: FundDataClient, settings: Settings) -> None:
    found = fds.ok(search_scpi.sync_detailed(client=fds.api, q="sc"))
    check(found.count == len(found.results) > 0, "searchScpi found nothing for 'sc'")
    called("searchScpi")
    first = found.results[0]
    envelope = fds.ok(get_scpi.sync_detailed(first.id, client=fds.api))
    check(
        envelope.id == first.id and envelope.name == first.name,
        f"getScpi {first.id} answered {envelope.id}",
    )
    called("getScpi")


# --- Account --------------------------------------------------------------------------------------------------------


def account(fds: FundDataClient, settings: Settings) -> None:
    me = fds.ok(get_account.sync_detailed(client=fds.api))
    check(
        me.plan.id == PlanId.SCALE and "@" in me.email,
        f"getAccount: plan {me.plan.id}, email {me.email!r}",
    )
    check(me.quota.used >= 1, "getAccount counts no use after the calls made")
    called("getAccount")


# --- Documents (operators) ------------------------------------------------------------------------------------------


def documents(fds: FundDataClient, settings: Settings) -> None:
    # A copy of the KID marked as ours (a PDF comment after %%EOF): its own bytes, so its own hash. Deleting it
    # leaves alone the same KID filed by anyone else (another client's run against the same stack).
    ours = (
        settings.kid_pdf.read_bytes()
        + f"\n%fund-data-service-python e2e {uuid.uuid4()}\n".encode()
    )
    sha256 = hashlib.sha256(ours).hexdigest()
    with FundDataClient(
        settings.key_operator, settings.api_url, auth="x-api-key", timeout=TIMEOUT
    ) as operator:
        upload = DocumentsUpload(
            file=[
                File(
                    payload=io.BytesIO(ours),
                    file_name="kid.pdf",
                    mime_type="application/pdf",
                )
            ]
        )
        filed = operator.ok(
            file_documents.sync_detailed(client=operator.api, body=upload)
        )
        check(
            len(filed.documents) == 1,
            f"fileDocuments answered {len(filed.documents)} results for one file",
        )
        result = filed.documents[0]
        check(
            result.status == IngestResultStatus.FILED,
            f"the KID was {result.status}: {result.reason}",
        )
        check(
            result.sha256 == sha256 and settings.isin in result.isins,
            f"filed as {result.sha256} {result.isins}",
        )
        called("fileDocuments")
        try:
            listed = operator.ok(
                list_documents.sync_detailed(client=operator.api, isin=settings.isin)
            )
            check(
                sha256 in [d.sha256 for d in listed.documents],
                "listDocuments misses the KID just filed",
            )
            called("listDocuments")
        finally:
            removed = operator.ok(
                delete_document.sync_detailed(sha256, client=operator.api)
            )
        check(
            removed.removed and removed.sha256 == sha256,
            "deleteDocument did not remove the KID",
        )
        called("deleteDocument")


STEPS = [
    service,
    errors,
    funds,
    portfolios,
    changes,
    webhooks,
    export,
    extraction,
    factsheets,
    scpi,
    account,
    documents,
]


def main() -> int:
    try:
        settings = Settings.from_environment()
    except CheckFailed as failure:
        print(f"e2e: {failure}", file=sys.stderr)
        return 1
    with FundDataClient(settings.key, settings.api_url, timeout=TIMEOUT) as fds:
        for step in STEPS:
            try:
                step(fds, settings)
            except (
                CheckFailed,
                FundDataError,
                httpx.HTTPError,
                ValueError,
                KeyError,
            ) as failure:
                print(
                    f"e2e: FAILED in {step.__name__}: {type(failure).__name__}: {failure}",
                    file=sys.stderr,
                )
                if not isinstance(failure, CheckFailed):
                    traceback.print_exc(file=sys.stderr)
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
