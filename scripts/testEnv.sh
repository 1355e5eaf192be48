# The settings `npm test` and `npm run faults` run the test-profile stack with (sourced by both).
export STACK_PROFILE=test
# The scheduled universe refresh must not run in the middle of the suite (test/refresh.test.ts starts its own runs).
export REFRESH_INTERVAL="${REFRESH_INTERVAL:-30d}"
# The site's sign-up and log-in limits count per client IP: suites that sign up send X-Forwarded-For with an address of
# their own, so their attempts do not add up in one window (the limit tests send one address on purpose).
export TRUST_PROXY=1
# Webhook tests deliver to a receiver on 127.0.0.1 over plain http (a development setting, off by default).
export WEBHOOKS_ALLOW_LOOPBACK_HTTP=1
# Retries after 1 s instead of minutes to hours, so the whole schedule runs within a test.
export WEBHOOK_RETRY_DELAYS="${WEBHOOK_RETRY_DELAYS:-1s,1s,1s,1s,1s,1s}"
# The worker looks for new FinDatEx files every 2 s instead of 30, so a test sees a dropped file's ISINs known at once.
export FINDATEX_SCAN_SECONDS="${FINDATEX_SCAN_SECONDS:-2}"
export INBOX_SCAN_SECONDS="${INBOX_SCAN_SECONDS:-1}"
# The suites run with no website reachable: the shared stack asks no manager (an unknown ISIN is 404, not a 502 for
# managers unreachable). test/issuers.test.ts runs a stack of its own with the recipes on, reaching local fakes of the
# managers through ISSUER_HOST_MAP, which loopback addresses are allowed for.
export ISSUERS="${ISSUERS:-off}"
export ISSUERS_ALLOW_LOOPBACK=1
# The storage retention at the end of each universe refresh deletes from ClickHouse at most once a day by default; the
# suites run refreshes back to back (test/storage-retention.test.ts checks what one deletes).
export CLICKHOUSE_DELETE_INTERVAL_HOURS="${CLICKHOUSE_DELETE_INTERVAL_HOURS:-0}"
