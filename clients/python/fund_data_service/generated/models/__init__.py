"""Contains all the data models used in inputs/outputs"""

from .account import Account
from .account_plan import AccountPlan
from .account_usage import AccountUsage
from .annualised_return import AnnualisedReturn
from .batch_item import BatchItem
from .batch_item_status import BatchItemStatus
from .batch_request import BatchRequest
from .batch_response import BatchResponse
from .change import Change
from .change_event import ChangeEvent
from .change_feed_response import ChangeFeedResponse
from .costs import Costs
from .cumulative_return import CumulativeReturn
from .demo_envelope import DemoEnvelope
from .dependency_health import DependencyHealth
from .dependency_status import DependencyStatus
from .document_kind import DocumentKind
from .documents_upload import DocumentsUpload
from .error import Error
from .error_code import ErrorCode
from .error_issue import ErrorIssue
from .error_reason import ErrorReason
from .export_funds_gzip import ExportFundsGzip
from .export_line import ExportLine
from .exposure_block import ExposureBlock
from .extract_json_request import ExtractJsonRequest
from .extract_kind import ExtractKind
from .extract_multipart_request import ExtractMultipartRequest
from .extract_response import ExtractResponse
from .extracted_document import ExtractedDocument
from .factsheet import Factsheet
from .factsheet_create_request import FactsheetCreateRequest
from .factsheet_create_request_deliver import FactsheetCreateRequestDeliver
from .factsheet_deleted import FactsheetDeleted
from .factsheet_format import FactsheetFormat
from .factsheet_language import FactsheetLanguage
from .factsheet_links import FactsheetLinks
from .factsheet_list import FactsheetList
from .factsheet_patch_request import FactsheetPatchRequest
from .field_conflict import FieldConflict
from .field_source import FieldSource
from .field_source_method import FieldSourceMethod
from .field_sources import FieldSources
from .filed_document import FiledDocument
from .filed_document_list import FiledDocumentList
from .fund_data import FundData
from .fund_data_calendar_returns import FundDataCalendarReturns
from .fund_data_indexed_performance import FundDataIndexedPerformance
from .fund_envelope import FundEnvelope
from .fund_holding import FundHolding
from .get_factsheet_format import GetFactsheetFormat
from .headline_metrics import HeadlineMetrics
from .health import Health
from .health_dependencies import HealthDependencies
from .health_status import HealthStatus
from .holding import Holding
from .holdings_disclosure import HoldingsDisclosure
from .holdings_response import HoldingsResponse
from .holdings_response_source import HoldingsResponseSource
from .indexed_point import IndexedPoint
from .ingest_response import IngestResponse
from .ingest_result import IngestResult
from .ingest_result_status import IngestResultStatus
from .key_facts import KeyFacts
from .metrics import Metrics
from .open_api_document import OpenApiDocument
from .open_api_document_components import OpenApiDocumentComponents
from .open_api_document_info import OpenApiDocumentInfo
from .open_api_document_paths import OpenApiDocumentPaths
from .other_share_class import OtherShareClass
from .overlap_fund import OverlapFund
from .overlap_pair import OverlapPair
from .overlap_pair_disclosed import OverlapPairDisclosed
from .overlap_response import OverlapResponse
from .plan_id import PlanId
from .portfolio_position import PortfolioPosition
from .portfolio_position_result import PortfolioPositionResult
from .portfolio_request import PortfolioRequest
from .portfolio_response import PortfolioResponse
from .portfolio_response_fees import PortfolioResponseFees
from .portfolio_response_risk import PortfolioResponseRisk
from .portfolio_response_top_holdings import PortfolioResponseTopHoldings
from .profile import Profile
from .profile_concentration import ProfileConcentration
from .profile_credit_quality import ProfileCreditQuality
from .profile_kind import ProfileKind
from .profile_rate_sensitivity import ProfileRateSensitivity
from .profile_valuation import ProfileValuation
from .query_flag import QueryFlag
from .quota import Quota
from .quota_burst import QuotaBurst
from .recipe_health import RecipeHealth
from .removed_document import RemovedDocument
from .risk_band import RiskBand
from .scpi_capital_type import ScpiCapitalType
from .scpi_category import ScpiCategory
from .scpi_data import ScpiData
from .scpi_debt import ScpiDebt
from .scpi_distribution_detail import ScpiDistributionDetail
from .scpi_envelope import ScpiEnvelope
from .scpi_fees import ScpiFees
from .scpi_key_facts import ScpiKeyFacts
from .scpi_liquidity import ScpiLiquidity
from .scpi_performance import ScpiPerformance
from .scpi_performance_tri import ScpiPerformanceTri
from .scpi_portfolio import ScpiPortfolio
from .scpi_search_hit import ScpiSearchHit
from .scpi_search_response import ScpiSearchResponse
from .scpi_year_value import ScpiYearValue
from .search_hit import SearchHit
from .search_response import SearchResponse
from .sfdr_article import SfdrArticle
from .share_price import SharePrice
from .shared_holding import SharedHolding
from .target_market import TargetMarket
from .target_market_ability_to_bear_losses import TargetMarketAbilityToBearLosses
from .target_market_distribution_strategies import TargetMarketDistributionStrategies
from .target_market_investor_types import TargetMarketInvestorTypes
from .target_market_knowledge_and_experience import TargetMarketKnowledgeAndExperience
from .target_market_return_profile import TargetMarketReturnProfile
from .target_market_risk_tolerance import TargetMarketRiskTolerance
from .webhook_action_request import WebhookActionRequest
from .webhook_action_request_action import WebhookActionRequestAction
from .webhook_action_result import WebhookActionResult
from .webhook_create_request import WebhookCreateRequest
from .webhook_created import WebhookCreated
from .webhook_endpoint import WebhookEndpoint
from .webhook_list import WebhookList
from .weighted import Weighted

__all__ = (
    "Account",
    "AccountPlan",
    "AccountUsage",
    "AnnualisedReturn",
    "BatchItem",
    "BatchItemStatus",
    "BatchRequest",
    "BatchResponse",
    "Change",
    "ChangeEvent",
    "ChangeFeedResponse",
    "Costs",
    "CumulativeReturn",
    "DemoEnvelope",
    "DependencyHealth",
    "DependencyStatus",
    "DocumentKind",
    "DocumentsUpload",
    "Error",
    "ErrorCode",
    "ErrorIssue",
    "ErrorReason",
    "ExportFundsGzip",
    "ExportLine",
    "ExposureBlock",
    "ExtractJsonRequest",
    "ExtractKind",
    "ExtractMultipartRequest",
    "ExtractResponse",
    "ExtractedDocument",
    "Factsheet",
    "FactsheetCreateRequest",
    "FactsheetCreateRequestDeliver",
    "FactsheetDeleted",
    "FactsheetFormat",
    "FactsheetLanguage",
    "FactsheetLinks",
    "FactsheetList",
    "FactsheetPatchRequest",
    "FieldConflict",
    "FieldSource",
    "FieldSourceMethod",
    "FieldSources",
    "FiledDocument",
    "FiledDocumentList",
    "FundData",
    "FundDataCalendarReturns",
    "FundDataIndexedPerformance",
    "FundEnvelope",
    "FundHolding",
    "GetFactsheetFormat",
    "HeadlineMetrics",
    "Health",
    "HealthDependencies",
    "HealthStatus",
    "Holding",
    "HoldingsDisclosure",
    "HoldingsResponse",
    "HoldingsResponseSource",
    "IndexedPoint",
    "IngestResponse",
    "IngestResult",
    "IngestResultStatus",
    "KeyFacts",
    "Metrics",
    "OpenApiDocument",
    "OpenApiDocumentComponents",
    "OpenApiDocumentInfo",
    "OpenApiDocumentPaths",
    "OtherShareClass",
    "OverlapFund",
    "OverlapPair",
    "OverlapPairDisclosed",
    "OverlapResponse",
    "PlanId",
    "PortfolioPosition",
    "PortfolioPositionResult",
    "PortfolioRequest",
    "PortfolioResponse",
    "PortfolioResponseFees",
    "PortfolioResponseRisk",
    "PortfolioResponseTopHoldings",
    "Profile",
    "ProfileConcentration",
    "ProfileCreditQuality",
    "ProfileKind",
    "ProfileRateSensitivity",
    "ProfileValuation",
    "QueryFlag",
    "Quota",
    "QuotaBurst",
    "RecipeHealth",
    "RemovedDocument",
    "RiskBand",
    "ScpiCapitalType",
    "ScpiCategory",
    "ScpiData",
    "ScpiDebt",
    "ScpiDistributionDetail",
    "ScpiEnvelope",
    "ScpiFees",
    "ScpiKeyFacts",
    "ScpiLiquidity",
    "ScpiPerformance",
    "ScpiPerformanceTri",
    "ScpiPortfolio",
    "ScpiSearchHit",
    "ScpiSearchResponse",
    "ScpiYearValue",
    "SearchHit",
    "SearchResponse",
    "SfdrArticle",
    "SharePrice",
    "SharedHolding",
    "TargetMarket",
    "TargetMarketAbilityToBearLosses",
    "TargetMarketDistributionStrategies",
    "TargetMarketInvestorTypes",
    "TargetMarketKnowledgeAndExperience",
    "TargetMarketReturnProfile",
    "TargetMarketRiskTolerance",
    "WebhookActionRequest",
    "WebhookActionRequestAction",
    "WebhookActionResult",
    "WebhookCreateRequest",
    "WebhookCreated",
    "WebhookEndpoint",
    "WebhookList",
    "Weighted",
)
