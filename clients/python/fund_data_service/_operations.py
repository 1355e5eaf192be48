"""Imports every generated operation module, so that ``fund_data_service.api.<resource>.<operation>`` resolves.

The names bound here are not for use: import the operations from ``fund_data_service.generated.api.<resource>``.
"""

from .generated.api.account import get_account
from .generated.api.changes import list_changes
from .generated.api.documents import delete_document, file_documents, list_documents
from .generated.api.export import export_funds
from .generated.api.extraction import extract_document
from .generated.api.factsheets import (
    create_factsheet,
    delete_factsheet,
    get_factsheet,
    get_shared_factsheet,
    get_shared_factsheet_embed,
    get_shared_factsheet_pdf,
    list_factsheets,
    update_factsheet,
)
from .generated.api.funds import (
    batch_funds,
    get_demo_fund,
    get_fund,
    get_fund_holdings,
    search_funds,
)
from .generated.api.portfolios import compare_overlap, look_through_portfolio
from .generated.api.scpi import get_scpi, search_scpi
from .generated.api.service import get_health
from .generated.api.webhooks import (
    create_webhook,
    delete_webhook,
    list_webhooks,
    run_webhook_action,
)

__all__ = [
    "batch_funds",
    "compare_overlap",
    "create_factsheet",
    "create_webhook",
    "delete_document",
    "delete_factsheet",
    "delete_webhook",
    "export_funds",
    "extract_document",
    "file_documents",
    "get_account",
    "get_demo_fund",
    "get_factsheet",
    "get_fund",
    "get_fund_holdings",
    "get_health",
    "get_scpi",
    "get_shared_factsheet",
    "get_shared_factsheet_embed",
    "get_shared_factsheet_pdf",
    "list_changes",
    "list_documents",
    "list_factsheets",
    "list_webhooks",
    "look_through_portfolio",
    "run_webhook_action",
    "search_funds",
    "search_scpi",
    "update_factsheet",
]
