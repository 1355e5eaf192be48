"""Fund Data Service API client: the generated operations and models, with a client that sets them up.

    from fund_data_service import FundDataClient, FundDataError
    from fund_data_service.generated.api.funds import get_fund

    with FundDataClient("fds_...", "https://example.com/api/v1") as fds:
        fund = fds.ok(get_fund.sync_detailed("ZZSMPL000014", client=fds.api))  # a FundEnvelope
        print(fund.name, fund.data.key_facts.currency)

Names:
    FundDataClient: the client (auth, retries of 429/503, error bodies) and the calls the generated code cannot make
        (export_funds, factsheet_document, create_factsheet_document, shared_factsheet).
    FundDataError, ExportCutShort: what failed calls raise.
    ok: a generated ``sync_detailed`` answer to its result, or its FundDataError raised.
    api: the generated operations, one package per resource (``api.funds.get_fund``, ``api.webhooks.create_webhook``...);
        every one of them is imported, so attribute access works. Same modules as ``fund_data_service.generated.api.*``.
    models: the generated models (``models.FundEnvelope``, ``models.ErrorCode``...), i.e. ``fund_data_service.generated.models``.
    __version__: this client's version, from the API document's version label.
"""

from . import _operations  # noqa: F401  (imports every operation module: api.<resource>.<operation> resolves)
from ._version import __version__
from .client import FundDataClient
from .errors import ExportCutShort, FundDataError
from .factsheets import FactsheetDocument
from .generated import api, models
from .generated.types import UNSET, File, Response, Unset
from .responses import ok
from .retry import RetryPolicy

__all__ = [
    "UNSET",
    "ExportCutShort",
    "FactsheetDocument",
    "File",
    "FundDataClient",
    "FundDataError",
    "Response",
    "RetryPolicy",
    "Unset",
    "__version__",
    "api",
    "models",
    "ok",
]
