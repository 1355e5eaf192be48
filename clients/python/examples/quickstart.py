"""The README's quick start: FDS_API_KEY=fds_... FDS_API_URL=https://.../api/v1 python examples/quickstart.py"""

import os

from fund_data_service import FundDataClient
from fund_data_service.generated.api.funds import get_fund

with FundDataClient(os.environ["FDS_API_KEY"], os.environ["FDS_API_URL"]) as fds:
    fund = fds.ok(get_fund.sync_detailed("ZZSMPL000014", client=fds.api))
    print(fund.isin, fund.name, fund.data.key_facts.currency, fund.quota.remaining)
