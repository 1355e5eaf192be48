import path from 'node:path';

import { z } from 'zod';

/**
 * One schema over the environment. Defaults describe the embedded stack that
 * `npm start` (profile dev) and `npm test` (profile test) run; each profile has
 * its own ports and data folder so the two can run side by side.
 */
const PROFILES = {
  dev: { api: 8080, postgres: 5433, clickhouseHttp: 8123, clickhouseTcp: 9000, temporal: 7233, temporalUi: 8233 },
  test: { api: 8090, postgres: 5443, clickhouseHttp: 8133, clickhouseTcp: 9010, temporal: 7243, temporalUi: 8243 },
} as const;
type Profile = keyof typeof PROFILES;

const PROJECT_ROOT = path.resolve(__dirname, '..');

const port = z.coerce.number().int().min(1).max(65535);
const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');
const positive = z.coerce.number().positive();

const envSchema = z.object({
  STACK_PROFILE: z.enum(['dev', 'test']).default('dev'),
  STACK_PORT_OFFSET: z.coerce.number().int().min(0).max(20_000).default(0),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.optional(),
  API_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  SHUTDOWN_GRACE_SECONDS: positive.max(300).default(10),
  DATA_DIR: z.string().min(1).optional(),
  LIBRARY_DIR: z.string().min(1).optional(),
  ISSUER_TEMPLATES_FILE: z
    .string()
    .refine(
      () => false,
      'replaced by ISSUER_RECIPES_FILE: write each URL template as a one-step recipe (README, "Issuer recipes")',
    )
    .optional(),
  ISSUERS: z
    .string()
    .regex(/^(on|off|[a-z0-9-]+(,[a-z0-9-]+)*)$/, 'on, off, or a comma-separated list of recipe names')
    .default('on'),
  ISSUER_RECIPES_FILE: z.string().min(1).optional(),
  ISSUER_CONTACT_URL: z.url({ protocol: /^https?$/ }).optional(),
  ISSUER_HOST_MAP: z.string().min(1).optional(),
  ISSUERS_ALLOW_LOOPBACK: flag.default(false),
  ISSUER_LANGUAGES: z
    .string()
    .regex(/^[a-z]{2}(,[a-z]{2})*$/, 'comma-separated two-letter language codes, e.g. en,de')
    .default('en'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  CLICKHOUSE_URL: z.url({ protocol: /^https?$/ }).optional(),
  CLICKHOUSE_DATABASE: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a plain identifier')
    .default('funds'),
  TEMPORAL_ADDRESS: z
    .string()
    .regex(/^[^\s:]+:\d{1,5}$/, 'host:port')
    .optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('fund-data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FUND_TTL_HOURS: positive.default(24),
  LOAD_TIMEOUT_SECONDS: positive.max(3600).default(300),
  FUND_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  DEMO_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  TRUST_PROXY: flag.default(false),
  PG_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  FUND_PAGE_URL_TEMPLATE: z
    .string()
    .refine((v) => v.includes('{isin}') && /^https?:\/\//.test(v), 'an http(s) URL containing {isin}')
    .optional(),
  BATCH_BUDGET_SECONDS: positive.max(300).default(20),
  BATCH_LOAD_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  WARM_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  NOT_FOUND_TTL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  WEBHOOKS_ALLOW_LOOPBACK_HTTP: flag.default(false),
  WEBHOOK_RETRY_DELAYS: z
    .string()
    .regex(/^[1-9]\d*(s|m|h|d)(,[1-9]\d*(s|m|h|d)){5}$/, 'six comma-separated durations, e.g. 1m,5m,30m,2h,8h,24h')
    .default('1m,5m,30m,2h,8h,24h'),
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  WEBHOOK_SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, '64 hex characters (32 bytes)')
    .optional(),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  RENDER_TASK_QUEUE: z.string().min(1).optional(),
  RENDER_PAGES: z.coerce.number().int().min(1).max(16).default(2),
  PDF_RENDER_TIMEOUT_SECONDS: positive.max(300).default(30),
  HOLDINGS_RETENTION_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 365)
    .default(24),
  CHANGE_FEED_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .max(36_500)
    .refine(
      (v) => v === 0 || v >= 8,
      '0 (keep every change) or at least 8 days (GET /changes reads 7 days back by default)',
    )
    .default(90),
  FACTSHEET_RENDER_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(30),
  DOCUMENT_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(30),
  CLICKHOUSE_DELETE_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  REFRESH_INTERVAL: z
    .string()
    .regex(/^[1-9]\d*(s|m|h|d)$/, 'a duration such as 30m, 1h or 1d')
    .default('1h'),
  FINDATEX_SCAN_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  SCPI_SCAN_SECONDS: z.coerce.number().int().min(0).max(86400).default(300),
  INBOX_SCAN_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  SMTP_URL: z.url({ protocol: /^smtps?$/, hostname: /./, error: 'an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]+$/, 'one line, e.g. Fund Data Service <no-reply@example.com>')
    .default('Fund Data Service <no-reply@localhost>'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(720).default(12),
});

/** The names of every environment variable the schema reads (docker-compose.yml may set no other: test/compose.test.ts). */
export const ENVIRONMENT_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** Variables whose values may carry credentials: an error about them never quotes the value. */
const SECRET_VARIABLES: ReadonlySet<string> = new Set(['SMTP_URL', 'DATABASE_URL', 'WEBHOOK_SECRET_KEY']);

type Env = z.infer<typeof envSchema>;

export interface Config {
  profile: Profile;
  projectRoot: string;
  host: string;
  port: number;
  /** API processes behind the port (Node cluster; 1: the process serves by itself). */
  apiProcesses: number;
  /**
   * SHUTDOWN_GRACE_SECONDS: after SIGTERM/SIGINT (or its turn in a rolling restart) an API process finishes the
   * requests in flight and the worker its running activities for this long; then what is left is answered 503 (API)
   * or cancelled and retried elsewhere (worker), and the process exits a few seconds later at most.
   */
  shutdownGraceMs: number;
  dataDir: string;
  libraryDir: string;
  /** The managers' document servers, asked through recipes for funds the local sources lack. */
  issuers: {
    /** ISSUERS: `on`, `off` or recipe names. */
    enabled: string;
    /** The shipped recipes (one YAML file per manager). */
    recipesDir: string;
    /** ISSUER_RECIPES_FILE: an operator's recipes, added to or overriding the shipped ones. */
    operatorFile: string | null;
    /** In the User-Agent of every request, so a publisher knows whom to ask. */
    contactUrl: string;
    /** ISSUER_HOST_MAP as given (tests and mirrors): hosts reached at loopback addresses instead. */
    hostMap: string | null;
    allowLoopback: boolean;
    /** Document languages in order of preference. */
    languages: string[];
  };
  logLevel: Env['LOG_LEVEL'];
  postgres: { url: string; external: boolean; port: number; poolSize: number };
  clickhouse: { url: string; database: string; external: boolean; httpPort: number; tcpPort: number };
  temporal: { address: string; namespace: string; taskQueue: string; external: boolean; port: number; uiPort: number };
  fundTtlMs: number;
  loadTimeoutMs: number;
  fundCacheMs: number;
  demoRequestsPerMinute: number;
  trustProxy: boolean;
  /** Public fund page for search hits' `url`, with `{isin}` replaced; null: fund pages are not published. */
  fundPageUrlTemplate: string | null;
  /** Cold loads of one batch, portfolio or overlap call: how long the request waits, and how many run at once. */
  batch: { budgetMs: number; loadConcurrency: number };
  /** Background warm-up of pending ISINs: loads at once per warm-up workflow. */
  warmConcurrency: number;
  /** How long a not_found outcome is remembered (no new load is started for the ISIN meanwhile). */
  notFoundTtlMs: number;
  /** Where clients reach this API (links in webhook bodies): PUBLIC_BASE_URL, default http://HOST:PORT. */
  publicBaseUrl: string;
  webhooks: {
    /** Development only: plain http webhook URLs to loopback hosts are accepted (and delivered to). */
    allowLoopbackHttp: boolean;
    /** Encrypts signing secrets at rest (AES-256-GCM): WEBHOOK_SECRET_KEY, else a key kept in the data folder. */
    secretKeyHex: string | null;
    secretKeyFile: string;
    /** The waits before the six retries of a failed delivery (durations such as 1m). */
    retryDelays: string[];
  };
  /** How often the scheduled universe refresh runs (it refreshes only payloads older than the freshness window). */
  refreshInterval: string;
  /**
   * The storage retention the refresh's last run applies (domain/retention.ts RetentionPolicy): superseded holdings
   * loads after a grace, change-feed entries, rendered factsheet pages and PDFs, and documents nothing stored names (with
   * the source reads) after a window (0: kept), and at most
   * one ClickHouse delete per table per interval.
   */
  retention: {
    holdingsGraceMs: number;
    changeFeedMs: number;
    factsheetRenderMs: number;
    documentMs: number;
    clickhouseDeleteIntervalMs: number;
  };
  /**
   * How often the worker looks for new FinDatEx files, to forget remembered misses of the ISINs they cover (0: never).
   */
  findatexScanMs: number;
  /** How often the worker identifies the SCPI folders of the library again, reading only changed folders (0: never). */
  scpiScanMs: number;
  /** How often the worker looks into <LIBRARY_DIR>/inbox/ for documents to ingest (0: never). */
  inboxScanMs: number;
  /**
   * PDF printing: the browser, the task queue of the workers that keep it, pages open at once, how long a request waits
   * for a print.
   */
  render: { chromiumPath: string; taskQueue: string; pages: number; timeoutMs: number };
  /** Accounts of the browser dashboard: how their mail goes out, how long a login session lives. */
  accounts: {
    /** SMTP_URL (smtp:// or smtps://, credentials in it; never logged): null writes each message to `mailDir`. */
    smtpUrl: string | null;
    /** MAIL_FROM: the From header of every message. */
    mailFrom: string;
    /** Where messages are written as `.eml` files when there is no SMTP server: `<dataDir>/mail`. */
    mailDir: string;
    /** SESSION_IDLE_MINUTES: a session unused this long has expired. */
    sessionIdleMs: number;
    /** SESSION_MAX_HOURS: a session expires this long after the login, used or not. */
    sessionMaxMs: number;
  };
}

/** The API's path prefix (the major version is in it). */
export const API_PREFIX = '/api/v1';

/** The public URL of a fund's resource, as webhook bodies link to it. */
/** The API resource of a fund (`/funds/<ISIN>`) or of an SCPI (`/scpi/<ISIN or id>`), for webhook bodies. */
export function fundResourceUrl(publicBaseUrl: string, isin: string, resource: 'funds' | 'scpi' = 'funds'): string {
  return `${publicBaseUrl}${API_PREFIX}/${resource}/${isin}`;
}

/** Every port of a profile moved by the same offset (STACK_PORT_OFFSET): one more stack beside the others. */
export function offsetPorts<P extends Record<string, number>>(ports: P, offset: number): { [K in keyof P]: number } {
  return Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, port + offset])) as {
    [K in keyof P]: number;
  };
}

class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0]);
      const got = SECRET_VARIABLES.has(name) ? 'a value not shown' : JSON.stringify(present[name]);
      return `  ${i.path.join('.')}: ${i.message} (got ${got})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const ports = offsetPorts(PROFILES[e.STACK_PROFILE], e.STACK_PORT_OFFSET);
  const dataDir = path.resolve(PROJECT_ROOT, e.DATA_DIR ?? path.join('.data', e.STACK_PROFILE));
  return {
    profile: e.STACK_PROFILE,
    projectRoot: PROJECT_ROOT,
    host: e.HOST,
    port: e.PORT ?? ports.api,
    apiProcesses: e.API_PROCESSES,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    dataDir,
    libraryDir: path.resolve(PROJECT_ROOT, e.LIBRARY_DIR ?? path.join(dataDir, 'library')),
    issuers: {
      enabled: e.ISSUERS,
      recipesDir: path.join(PROJECT_ROOT, 'issuers'),
      operatorFile: e.ISSUER_RECIPES_FILE ? path.resolve(PROJECT_ROOT, e.ISSUER_RECIPES_FILE) : null,
      contactUrl: e.ISSUER_CONTACT_URL ?? `${e.PUBLIC_BASE_URL ?? `http://${e.HOST}:${e.PORT ?? ports.api}`}/`,
      hostMap: e.ISSUER_HOST_MAP ?? null,
      allowLoopback: e.ISSUERS_ALLOW_LOOPBACK,
      languages: e.ISSUER_LANGUAGES.split(','),
    },
    logLevel: e.LOG_LEVEL,
    postgres: {
      url: e.DATABASE_URL ?? `postgres://postgres@127.0.0.1:${ports.postgres}/funds`,
      external: e.DATABASE_URL !== undefined,
      port: ports.postgres,
      poolSize: e.PG_POOL_SIZE,
    },
    clickhouse: {
      url: e.CLICKHOUSE_URL ?? `http://127.0.0.1:${ports.clickhouseHttp}`,
      database: e.CLICKHOUSE_DATABASE,
      external: e.CLICKHOUSE_URL !== undefined,
      httpPort: ports.clickhouseHttp,
      tcpPort: ports.clickhouseTcp,
    },
    temporal: {
      address: e.TEMPORAL_ADDRESS ?? `127.0.0.1:${ports.temporal}`,
      namespace: e.TEMPORAL_NAMESPACE,
      taskQueue: e.TEMPORAL_TASK_QUEUE,
      external: e.TEMPORAL_ADDRESS !== undefined,
      port: ports.temporal,
      uiPort: ports.temporalUi,
    },
    fundTtlMs: e.FUND_TTL_HOURS * 3600_000,
    loadTimeoutMs: e.LOAD_TIMEOUT_SECONDS * 1000,
    fundCacheMs: e.FUND_CACHE_MS,
    demoRequestsPerMinute: e.DEMO_REQUESTS_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    fundPageUrlTemplate: e.FUND_PAGE_URL_TEMPLATE ?? null,
    batch: { budgetMs: e.BATCH_BUDGET_SECONDS * 1000, loadConcurrency: e.BATCH_LOAD_CONCURRENCY },
    warmConcurrency: e.WARM_CONCURRENCY,
    notFoundTtlMs: e.NOT_FOUND_TTL_HOURS * 3600_000,
    refreshInterval: e.REFRESH_INTERVAL,
    retention: {
      holdingsGraceMs: e.HOLDINGS_RETENTION_HOURS * 3600_000,
      changeFeedMs: e.CHANGE_FEED_RETENTION_DAYS * 86_400_000,
      factsheetRenderMs: e.FACTSHEET_RENDER_RETENTION_DAYS * 86_400_000,
      documentMs: e.DOCUMENT_RETENTION_DAYS * 86_400_000,
      clickhouseDeleteIntervalMs: e.CLICKHOUSE_DELETE_INTERVAL_HOURS * 3600_000,
    },
    findatexScanMs: e.FINDATEX_SCAN_SECONDS * 1000,
    scpiScanMs: e.SCPI_SCAN_SECONDS * 1000,
    inboxScanMs: e.INBOX_SCAN_SECONDS * 1000,
    render: {
      chromiumPath: e.CHROMIUM_PATH,
      taskQueue: e.RENDER_TASK_QUEUE ?? `${e.TEMPORAL_TASK_QUEUE}-render`,
      pages: e.RENDER_PAGES,
      timeoutMs: e.PDF_RENDER_TIMEOUT_SECONDS * 1000,
    },
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://${e.HOST}:${e.PORT ?? ports.api}`).replace(/\/+$/, ''),
    webhooks: {
      allowLoopbackHttp: e.WEBHOOKS_ALLOW_LOOPBACK_HTTP,
      secretKeyHex: e.WEBHOOK_SECRET_KEY ?? null,
      secretKeyFile: path.join(dataDir, 'webhook-secret.key'),
      retryDelays: e.WEBHOOK_RETRY_DELAYS.split(','),
    },
    accounts: {
      smtpUrl: e.SMTP_URL ?? null,
      mailFrom: e.MAIL_FROM,
      mailDir: path.join(dataDir, 'mail'),
      sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
      sessionMaxMs: e.SESSION_MAX_HOURS * 3600_000,
    },
  };
}

/** For entry points: print the configuration error and exit non-zero. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
}
