import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  DEFAULT_VERSIONS_DELETED_DAYS,
  DEFAULT_VERSIONS_KEPT,
  SQL_MAX_ROW_DEFAULT,
  DEFAULT_SQLLAB_LIMIT,
  DEFAULT_POSTPROCESS_MAX_CELLS,
  DEFAULT_VIZ_TYPE,
  NO_TIME_RANGE,
  getVizDefinition,
  parseTimeRange,
  TimeRangeError,
} from '@rama/shared';
import { parseAllowList } from './net/outbound.js';

/** Raised for configuration that must stop the server; the message tells the operator what to do. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export interface RamaConfig {
  home: string;
  host: string;
  port: number;
  secretKey: string;
  adminUsername: string;
  adminPassword: string | null;
  metadataUrl: string;
  redisUrl: string | null;
  /** key prefix in Redis (queue and results), so several Rama deployments can share one Redis */
  redisPrefix: string;
  sqlMaxRow: number;
  /** CACHE_DEFAULT_TIMEOUT: seconds a chart result stays cached when neither chart, dataset nor database says */
  chartCacheTimeout: number;
  /** RAMA_CHART_CACHE_MAX_BYTES: the in-memory chart cache's size (without Redis) */
  chartCacheMaxBytes: number;
  /** RAMA_POSTPROCESS_MAX_CELLS: cells (rows × columns) one chart post-processing operation may build */
  postProcessMaxCells: number;
  defaultSqllabLimit: number;
  sqllabDefaultDbId: number | null;
  sqllabQueryResultTimeout: number;
  sqllabTimeout: number;
  /** seconds an async query may run */
  sqllabAsyncTimeLimit: number;
  /** seconds stored results are kept */
  resultsTtl: number;
  /** concurrent queries per database (more wait their turn) */
  dbConcurrentQueries: number;
  /** async queries run at once by one process */
  workerConcurrency: number;
  /** async chart jobs one user may hold at once, waiting or running (more answer 429) */
  asyncMaxQueuedPerUser: number;
  /** seconds a running query's lease lasts; a dead process's queries fail after it runs out */
  queryLeaseSeconds: number;
  webserverTimeout: number;
  /** DEFAULT_TIME_FILTER: the time range a new chart starts with ("No filter") */
  defaultTimeFilter: string;
  /** DEFAULT_VIZ_TYPE: the visualization a new chart starts with ("table") */
  defaultVizType: string;
  /** allow sqlite:// and other file-based URIs for user databases */
  allowFileUris: boolean;
  /** mark session cookies Secure (set when served over HTTPS) */
  secureCookies: boolean;
  loginRateLimitPerMinute: number;
  /** the address users reach Rama at (links in permalinks, reports); never taken from a request's Host header */
  publicUrl: string;
  /** bytes one query result may hold (JSON as stored); a result over it is cut and marked BYTES */
  sqlMaxResultBytes: number;
  /** bytes the results store may hold in all (disk backend); the oldest results are dropped first */
  resultsStoreMaxBytes: number;
  /** RAMA_UPLOAD_MAX_BYTES: bytes of one file uploaded into a database (uploads/) */
  uploadMaxBytes: number;
  featureFlags: Record<string, boolean>;
  logLevel: string;
  /** reports and alerts: delivery settings and the browser that captures dashboards and charts */
  reports: ReportsConfig;
  /** chart and dashboard thumbnails (thumbnails/) */
  thumbnails: ThumbnailsConfig;
  /** governed sharing: guest tokens of embedded dashboards, the Public role, RLS in SQL Lab */
  sharing: SharingConfig;
  /** version history (versions/): RAMA_VERSIONS_KEPT per object, RAMA_VERSIONS_DELETED_DAYS after a delete */
  versions: { kept: number; deletedDays: number };
}

export interface SharingConfig {
  /** GUEST_TOKEN_JWT_SECRET; default: derived from RAMA_SECRET_KEY */
  guestTokenSecret: string;
  /** GUEST_TOKEN_JWT_ALGO (HS256) */
  guestTokenAlgo: string;
  /** GUEST_TOKEN_JWT_AUDIENCE; default: the public URL */
  guestTokenAudience: string;
  /** GUEST_TOKEN_JWT_EXP_SECONDS (300) */
  guestTokenExpSeconds: number;
  /** GUEST_TOKEN_HEADER_NAME (X-GuestToken) */
  guestTokenHeader: string;
  /** GUEST_ROLE_NAME (Public): the role whose RLS rules also apply to guests */
  guestRoleName: string;
  /** PUBLIC_ROLE_LIKE: the role whose permissions the Public role gets (null: nobody anonymous) */
  publicRoleLike: string | null;
  /** RLS_IN_SQLLAB: wrap SQL Lab queries on tables that have rules */
  rlsInSqlLab: boolean;
}

export interface ThumbnailsConfig {
  /** RAMA_THUMBNAILS: thumbnail URLs in payloads and the thumbnail routes; default on when the reports' Chromium exists */
  enabled: boolean;
  /** RAMA_THUMBNAIL_CACHE_SECONDS: a stored thumbnail older than this is captured anew (the old one is served meanwhile) */
  cacheSeconds: number;
  /** RAMA_THUMBNAIL_CACHE_MAX_ENTRIES: thumbnails kept in all; the oldest go first */
  maxEntries: number;
  /** RAMA_THUMBNAIL_CACHE_MAX_BYTES: bytes of thumbnails kept in all; the oldest go first */
  maxBytes: number;
}

export interface SmtpConfig {
  host: string;
  port: number;
  user: string | null;
  password: string | null;
  from: string;
  /** upgrade a plain connection with STARTTLS (SMTP_STARTTLS) */
  starttls: boolean;
  /** connect over TLS from the start, usually port 465 (SMTP_SSL) */
  ssl: boolean;
}

export interface ReportsConfig {
  smtp: SmtpConfig | null;
  /** SLACK_API_TOKEN: a bot token with chat:write and files:write */
  slackToken: string | null;
  /** the Slack Web API base (a stand-in in tests) */
  slackApiUrl: string;
  /** the Chromium (or Chrome) binary playwright-core drives */
  chromiumPath: string;
  /** run the report scheduler in this process: `rama start` without Redis, every `rama worker` */
  schedulerInServer: boolean;
  /** reports run at once by one process */
  concurrency: number;
  /** EMAIL_REPORTS_SUBJECT_PREFIX */
  subjectPrefix: string;
  /** rows a TEXT report shows in its message */
  textRowLimit: number;
  /** RAMA_REPORTS_CONCURRENCY_PER_OWNER: runs of one creator's reports at once in one process */
  concurrencyPerOwner: number;
  /** RAMA_REPORT_MIN_INTERVAL_MINUTES: the shortest gap between two runs a non-admin may schedule (0: any) */
  minIntervalMinutes: number;
  /** RAMA_REPORT_MAX_PER_OWNER: active reports and alerts one non-admin may have created (0: no limit) */
  maxPerOwner: number;
  /** RAMA_REPORTS_CAPTURE_TIMEOUT: seconds a whole capture may take before its page is closed */
  captureTimeoutSeconds: number;
  /** RAMA_REPORT_EXECUTOR: the username every report and alert runs as, when the operator names one */
  executor: string | null;
  /** RAMA_WEBHOOK_ALLOWED_HOSTS: host names, addresses and networks webhooks may reach despite the outbound policy */
  webhookAllowedHosts: string[];
}

/** Placeholders seen in peer products' sample configs; a key equal to one of them is refused. */
const KNOWN_PLACEHOLDER_KEYS = new Set(
  [
    'changeme',
    'change_me',
    'CHANGE_ME_TO_A_COMPLEX_RANDOM_SECRET',
    'thisISaSECRET_1234',
    'YOUR_OWN_RANDOM_GENERATED_SECRET_KEY',
    'TEST_NON_DEV_SECRET',
    '\x02\x01thisismyscretkey\x01\x02\\e\\y\\y\\h',
    'secret',
    'your-secret-key',
    'rama-secret-key-change-me-please-0123456789',
  ].map((k) => k.toLowerCase()),
);

const DEFAULT_FEATURE_FLAGS: Record<string, boolean> = {
  SQLLAB_BACKEND_PERSISTENCE: true,
  ESTIMATE_QUERY_COST: true,
  ENABLE_TEMPLATE_PROCESSING: true,
  GLOBAL_ASYNC_QUERIES: false,
  DASHBOARD_RBAC: false,
  EMBEDDED_SUPERSET: false,
  ALERT_REPORTS: true,
};

type Env = Record<string, string | undefined>;

function readConfigFile(home: string): Record<string, unknown> {
  const file = join(home, 'rama.config.json');
  if (!existsSync(file)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through to the error below
  }
  throw new ConfigError(`${file} is not a JSON object; fix or remove it.`);
}

function intSetting(name: string, raw: unknown, fallback: number, min = 0): number {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${name} must be an integer ≥ ${min} (got "${String(raw)}").`);
  return n;
}

/** DEFAULT_TIME_FILTER: any time range the server's parser reads ("Last week", "2024-01-01 : now"). */
function timeFilterSetting(raw: unknown): string {
  if (raw === undefined || raw === null || raw === '') return NO_TIME_RANGE;
  const text = typeof raw === 'string' ? raw.trim() : '';
  try {
    if (!text) throw new TimeRangeError('an empty time range', String(raw));
    parseTimeRange(text);
  } catch (e) {
    if (!(e instanceof TimeRangeError)) throw e;
    throw new ConfigError(
      `DEFAULT_TIME_FILTER must be a time range such as "Last week" or "No filter" (got "${String(raw)}"): ${e.message}`,
    );
  }
  return text;
}

/** DEFAULT_VIZ_TYPE: a visualization key of the registry ("table", "echarts_timeseries_line" …). */
function vizTypeSetting(raw: unknown): string {
  if (raw === undefined || raw === null || raw === '') return DEFAULT_VIZ_TYPE;
  const key = typeof raw === 'string' ? raw.trim() : '';
  if (!key || !getVizDefinition(key))
    throw new ConfigError(`DEFAULT_VIZ_TYPE must be a visualization type key such as "table" (got "${String(raw)}").`);
  return key;
}

function boolSetting(raw: unknown, fallback: boolean): boolean {
  if (raw === undefined || raw === null || raw === '') return fallback;
  if (typeof raw === 'boolean') return raw;
  return ['1', 'true', 'yes', 'on'].includes(String(raw).toLowerCase());
}

/** Checks a configured secret key: at least 32 bytes and not a known placeholder. */
export function validateSecretKey(key: string): void {
  if (KNOWN_PLACEHOLDER_KEYS.has(key.toLowerCase())) {
    throw new ConfigError(
      'RAMA_SECRET_KEY is a known placeholder value. Generate a real one, e.g. `openssl rand -base64 42`, and set RAMA_SECRET_KEY.',
    );
  }
  if (Buffer.byteLength(key, 'utf8') < 32) {
    throw new ConfigError(
      'RAMA_SECRET_KEY is shorter than 32 bytes. Generate a real one, e.g. `openssl rand -base64 42`, and set RAMA_SECRET_KEY.',
    );
  }
}

/** Write a file readable only by its owner. */
export function writePrivateFile(path: string, content: string): void {
  writeFileSync(path, content, { mode: 0o600 });
  chmodSync(path, 0o600);
}

function secretKeyFor(home: string, configured: string | undefined): string {
  if (configured !== undefined && configured !== '') {
    validateSecretKey(configured);
    return configured;
  }
  const file = join(home, 'secret_key');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    validateSecretKey(stored);
    return stored;
  }
  const generated = randomBytes(42).toString('base64');
  writePrivateFile(file, `${generated}\n`);
  return generated;
}

/** The public base URL without a trailing slash: configured, else the listen address. */
function publicUrlSetting(raw: unknown, host: string, port: number): string {
  if (raw === undefined || raw === null || raw === '') {
    const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    return `http://${shown}:${port}`;
  }
  let url: URL;
  try {
    url = new URL(String(raw));
  } catch {
    throw new ConfigError(`RAMA_PUBLIC_URL must be an absolute http(s) URL (got "${String(raw)}").`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`RAMA_PUBLIC_URL must start with http:// or https:// (got "${String(raw)}").`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Entries of the outbound allow list, checked now so a typo stops the server instead of silently allowing nothing. */
function allowedHostsSetting(raw: unknown): string[] {
  const entries = (Array.isArray(raw) ? raw.map(String) : String(raw ?? '').split(',')).map((e) => e.trim()).filter(Boolean);
  try {
    parseAllowList(entries);
  } catch (e) {
    throw new ConfigError(e instanceof Error ? e.message : String(e));
  }
  return entries;
}

function reportsSettings(get: (name: string) => unknown): ReportsConfig {
  const host = get('SMTP_HOST');
  const ssl = boolSetting(get('SMTP_SSL'), false);
  return {
    smtp: host
      ? {
          host: String(host),
          port: intSetting('SMTP_PORT', get('SMTP_PORT'), ssl ? 465 : 25, 1),
          user: (get('SMTP_USER') as string | undefined) || null,
          password: (get('SMTP_PASSWORD') as string | undefined) || null,
          from: String(get('SMTP_MAIL_FROM') || 'rama@localhost'),
          starttls: boolSetting(get('SMTP_STARTTLS'), true),
          ssl,
        }
      : null,
    slackToken: (get('SLACK_API_TOKEN') as string | undefined) || null,
    slackApiUrl: String(get('SLACK_API_URL') || 'https://slack.com/api').replace(/\/+$/, ''),
    chromiumPath: String(get('RAMA_CHROMIUM_PATH') || '/usr/bin/chromium'),
    schedulerInServer: boolSetting(get('RAMA_REPORTS_SCHEDULER'), !get('RAMA_REDIS_URL')),
    concurrency: intSetting('RAMA_REPORTS_CONCURRENCY', get('RAMA_REPORTS_CONCURRENCY'), 2, 1),
    subjectPrefix: String(get('EMAIL_REPORTS_SUBJECT_PREFIX') ?? '[Report] '),
    textRowLimit: intSetting('RAMA_REPORTS_TEXT_ROWS', get('RAMA_REPORTS_TEXT_ROWS'), 50, 1),
    concurrencyPerOwner: intSetting('RAMA_REPORTS_CONCURRENCY_PER_OWNER', get('RAMA_REPORTS_CONCURRENCY_PER_OWNER'), 1, 1),
    minIntervalMinutes: intSetting('RAMA_REPORT_MIN_INTERVAL_MINUTES', get('RAMA_REPORT_MIN_INTERVAL_MINUTES'), 5, 0),
    maxPerOwner: intSetting('RAMA_REPORT_MAX_PER_OWNER', get('RAMA_REPORT_MAX_PER_OWNER'), 25, 0),
    captureTimeoutSeconds: intSetting('RAMA_REPORTS_CAPTURE_TIMEOUT', get('RAMA_REPORTS_CAPTURE_TIMEOUT'), 120, 1),
    executor: (get('RAMA_REPORT_EXECUTOR') as string | undefined)?.trim() || null,
    webhookAllowedHosts: allowedHostsSetting(get('RAMA_WEBHOOK_ALLOWED_HOSTS')),
  };
}

function thumbnailSettings(get: (name: string) => unknown): ThumbnailsConfig {
  const chromium = String(get('RAMA_CHROMIUM_PATH') || '/usr/bin/chromium');
  return {
    enabled: boolSetting(get('RAMA_THUMBNAILS'), existsSync(chromium)),
    cacheSeconds: intSetting('RAMA_THUMBNAIL_CACHE_SECONDS', get('RAMA_THUMBNAIL_CACHE_SECONDS'), 86_400, 1),
    maxEntries: intSetting('RAMA_THUMBNAIL_CACHE_MAX_ENTRIES', get('RAMA_THUMBNAIL_CACHE_MAX_ENTRIES'), 5000, 1),
    maxBytes: intSetting('RAMA_THUMBNAIL_CACHE_MAX_BYTES', get('RAMA_THUMBNAIL_CACHE_MAX_BYTES'), 256 * 1024 * 1024, 1024 * 1024),
  };
}

/** Configuration from the environment and an optional `rama.config.json` in RAMA_HOME (env wins). */
export function loadConfig(env: Env = process.env): RamaConfig {
  const home = resolve(env.RAMA_HOME || join(homedir(), '.rama'));
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const file = readConfigFile(home);
  const get = (name: string): unknown => env[name] ?? file[name];
  const flags = { ...DEFAULT_FEATURE_FLAGS };
  const fileFlags = file.FEATURE_FLAGS;
  if (fileFlags && typeof fileFlags === 'object') {
    for (const [k, v] of Object.entries(fileFlags)) flags[k] = Boolean(v);
  }
  for (const name of Object.keys(DEFAULT_FEATURE_FLAGS)) {
    const raw = env[name] ?? env[`RAMA_FEATURE_${name}`];
    if (raw !== undefined) flags[name] = boolSetting(raw, flags[name]);
  }
  const sqlMaxRow = intSetting('SQL_MAX_ROW', get('SQL_MAX_ROW'), SQL_MAX_ROW_DEFAULT, 1);
  const defaultLimit = Math.min(intSetting('DEFAULT_SQLLAB_LIMIT', get('DEFAULT_SQLLAB_LIMIT'), DEFAULT_SQLLAB_LIMIT, 1), sqlMaxRow);
  const dbid = get('SQLLAB_DEFAULT_DBID');
  const secretKey = secretKeyFor(home, get('RAMA_SECRET_KEY') as string | undefined);
  const publicUrl = publicUrlSetting(
    get('RAMA_PUBLIC_URL'),
    String(get('RAMA_HOST') ?? '127.0.0.1'),
    intSetting('RAMA_PORT', get('RAMA_PORT'), 8088, 0),
  );
  return {
    home,
    host: String(get('RAMA_HOST') ?? '127.0.0.1'),
    port: intSetting('RAMA_PORT', get('RAMA_PORT'), 8088, 0),
    secretKey,
    adminUsername: String(get('RAMA_ADMIN_USERNAME') ?? 'admin'),
    adminPassword: (get('RAMA_ADMIN_PASSWORD') as string | undefined) || null,
    metadataUrl: String(get('RAMA_METADATA_URL') || `sqlite://${join(home, 'rama.db')}`),
    redisUrl: (get('RAMA_REDIS_URL') as string | undefined) || null,
    redisPrefix: String(get('RAMA_REDIS_PREFIX') || 'rama'),
    sqlMaxRow,
    chartCacheTimeout: intSetting('CACHE_DEFAULT_TIMEOUT', get('CACHE_DEFAULT_TIMEOUT'), 86_400, 0),
    chartCacheMaxBytes: intSetting('RAMA_CHART_CACHE_MAX_BYTES', get('RAMA_CHART_CACHE_MAX_BYTES'), 256 * 1024 * 1024, 1024 * 1024),
    postProcessMaxCells: intSetting('RAMA_POSTPROCESS_MAX_CELLS', get('RAMA_POSTPROCESS_MAX_CELLS'), DEFAULT_POSTPROCESS_MAX_CELLS, 1),
    defaultSqllabLimit: defaultLimit,
    sqllabDefaultDbId: dbid === undefined || dbid === '' ? null : intSetting('SQLLAB_DEFAULT_DBID', dbid, 0, 1),
    sqllabQueryResultTimeout: intSetting('SQLLAB_QUERY_RESULT_TIMEOUT', get('SQLLAB_QUERY_RESULT_TIMEOUT'), 0),
    sqllabTimeout: intSetting('SQLLAB_TIMEOUT', get('SQLLAB_TIMEOUT'), 30, 1),
    sqllabAsyncTimeLimit: intSetting('SQLLAB_ASYNC_TIME_LIMIT_SEC', get('SQLLAB_ASYNC_TIME_LIMIT_SEC'), 600, 1),
    resultsTtl: intSetting('RAMA_RESULTS_TTL', get('RAMA_RESULTS_TTL'), 24 * 3600, 1),
    dbConcurrentQueries: intSetting('RAMA_DB_CONCURRENT_QUERIES', get('RAMA_DB_CONCURRENT_QUERIES'), 8, 1),
    workerConcurrency: intSetting('RAMA_WORKER_CONCURRENCY', get('RAMA_WORKER_CONCURRENCY'), 4, 1),
    asyncMaxQueuedPerUser: intSetting('RAMA_ASYNC_MAX_QUEUED_PER_USER', get('RAMA_ASYNC_MAX_QUEUED_PER_USER'), 50, 1),
    queryLeaseSeconds: intSetting('RAMA_QUERY_LEASE_SECONDS', get('RAMA_QUERY_LEASE_SECONDS'), 15, 1),
    webserverTimeout: intSetting('RAMA_WEBSERVER_TIMEOUT', get('RAMA_WEBSERVER_TIMEOUT'), 60, 1),
    defaultTimeFilter: timeFilterSetting(get('DEFAULT_TIME_FILTER')),
    defaultVizType: vizTypeSetting(get('DEFAULT_VIZ_TYPE')),
    allowFileUris: boolSetting(get('RAMA_ALLOW_FILE_URIS'), false),
    secureCookies: boolSetting(get('RAMA_SECURE_COOKIES'), false),
    loginRateLimitPerMinute: intSetting('RAMA_LOGIN_RATE_LIMIT', get('RAMA_LOGIN_RATE_LIMIT'), 10, 1),
    publicUrl,
    sqlMaxResultBytes: intSetting('SQL_MAX_RESULT_BYTES', get('SQL_MAX_RESULT_BYTES'), 256 * 1024 * 1024, 1024),
    resultsStoreMaxBytes: intSetting(
      'RAMA_RESULTS_STORE_MAX_BYTES',
      get('RAMA_RESULTS_STORE_MAX_BYTES'),
      4 * 1024 * 1024 * 1024,
      1024 * 1024,
    ),
    uploadMaxBytes: intSetting('RAMA_UPLOAD_MAX_BYTES', get('RAMA_UPLOAD_MAX_BYTES'), 500 * 1024 * 1024, 1024),
    featureFlags: flags,
    logLevel: String(get('RAMA_LOG_LEVEL') ?? 'info'),
    reports: reportsSettings(get),
    thumbnails: thumbnailSettings(get),
    sharing: sharingSettings(get, secretKey, publicUrl),
    versions: {
      kept: intSetting('RAMA_VERSIONS_KEPT', get('RAMA_VERSIONS_KEPT'), DEFAULT_VERSIONS_KEPT, 1),
      deletedDays: intSetting('RAMA_VERSIONS_DELETED_DAYS', get('RAMA_VERSIONS_DELETED_DAYS'), DEFAULT_VERSIONS_DELETED_DAYS, 0),
    },
  };
}

function sharingSettings(get: (name: string) => unknown, secretKey: string, publicUrl: string): SharingConfig {
  const str = (name: string): string | null => {
    const v = get(name);
    return typeof v === 'string' && v.trim() ? v.trim() : null;
  };
  const algo = str('GUEST_TOKEN_JWT_ALGO') ?? 'HS256';
  if (!['HS256', 'HS384', 'HS512'].includes(algo))
    throw new ConfigError(`GUEST_TOKEN_JWT_ALGO must be HS256, HS384 or HS512 (got "${algo}").`);
  const header = str('GUEST_TOKEN_HEADER_NAME') ?? 'X-GuestToken';
  if (!/^[A-Za-z0-9-]{1,64}$/.test(header)) throw new ConfigError(`GUEST_TOKEN_HEADER_NAME must be an HTTP header name (got "${header}").`);
  const publicRoleLike = str('PUBLIC_ROLE_LIKE');
  // anonymous visitors are never admins: an admin-like Public role would open everything to everyone
  if (publicRoleLike !== null && publicRoleLike.toLowerCase() === 'admin')
    throw new ConfigError('PUBLIC_ROLE_LIKE cannot be an admin role: name a role such as Gamma that grants only what visitors may read.');
  return {
    guestTokenSecret: str('GUEST_TOKEN_JWT_SECRET') ?? `guest-token:${secretKey}`,
    guestTokenAlgo: algo,
    guestTokenAudience: str('GUEST_TOKEN_JWT_AUDIENCE') ?? publicUrl,
    guestTokenExpSeconds: intSetting('GUEST_TOKEN_JWT_EXP_SECONDS', get('GUEST_TOKEN_JWT_EXP_SECONDS'), 300, 1),
    guestTokenHeader: header,
    guestRoleName: str('GUEST_ROLE_NAME') ?? 'Public',
    publicRoleLike,
    rlsInSqlLab: boolSetting(get('RLS_IN_SQLLAB'), false),
  };
}
