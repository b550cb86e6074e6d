import { DATABASE_DEFAULTS, parseDatabaseExtra, type AvailableEngine, type DatabaseDetail, type DatabaseWrite } from '@rama/shared';
import { t } from '../i18n';

/** Keys of `extra` that the modal edits with check boxes instead of the JSON text. */
const MANAGED_EXTRA_KEYS = ['cost_estimate_enabled', 'disable_data_preview'] as const;

export interface DatabaseFormValues {
  database_name: string;
  sqlalchemy_uri: string;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  force_ctas_schema: string;
  cost_estimate_enabled: boolean;
  disable_data_preview: boolean;
  cache_timeout: number | null;
  /** The rest of `extra`, as JSON text. */
  extra: string;
}

/** Before the engines are known: a URI's shape, naming no engine. */
export const URI_PLACEHOLDER = 'engine://user:password@host:port/database';

/** The example URI to show: the engine whose scheme the URI being typed starts with, else the first. */
export function uriPlaceholder(engines: readonly AvailableEngine[], typed: string | undefined): string {
  const scheme = /^([a-z][a-z0-9]*)/i.exec(typed ?? '')?.[1]?.toLowerCase();
  const match = scheme ? engines.find((e) => e.engine === scheme || e.sqlalchemy_uri_placeholder.startsWith(`${scheme}:`)) : undefined;
  return (match ?? engines[0])?.sqlalchemy_uri_placeholder ?? URI_PLACEHOLDER;
}

function prettyJson(value: Record<string, unknown>): string {
  return Object.keys(value).length ? JSON.stringify(value, null, 2) : '{}';
}

function parseExtraLenient(text: string): Record<string, unknown> {
  try {
    return { ...parseDatabaseExtra(text) } as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Form values for a new connection, or for editing an existing one. */
export function toFormValues(detail?: DatabaseDetail | null): DatabaseFormValues {
  const extra = parseExtraLenient(detail?.extra ?? DATABASE_DEFAULTS.extra);
  const rest: Record<string, unknown> = { ...extra };
  for (const key of MANAGED_EXTRA_KEYS) delete rest[key];
  return {
    database_name: detail?.database_name ?? '',
    sqlalchemy_uri: detail?.sqlalchemy_uri ?? '',
    expose_in_sqllab: detail?.expose_in_sqllab ?? DATABASE_DEFAULTS.expose_in_sqllab,
    allow_run_async: detail?.allow_run_async ?? DATABASE_DEFAULTS.allow_run_async,
    allow_dml: detail?.allow_dml ?? DATABASE_DEFAULTS.allow_dml,
    allow_ctas: detail?.allow_ctas ?? DATABASE_DEFAULTS.allow_ctas,
    allow_cvas: detail?.allow_cvas ?? DATABASE_DEFAULTS.allow_cvas,
    force_ctas_schema: detail?.force_ctas_schema ?? '',
    cost_estimate_enabled: extra.cost_estimate_enabled === true,
    disable_data_preview: extra.disable_data_preview === true,
    cache_timeout: detail?.cache_timeout ?? DATABASE_DEFAULTS.cache_timeout,
    extra: prettyJson(rest),
  };
}

/** The problem with the `extra` text, or null when it is a JSON object (or empty). */
export function extraJsonProblem(text: string): string | null {
  try {
    parseDatabaseExtra(text);
    return null;
  } catch (error) {
    if (error instanceof SyntaxError) return t('databases:extraNotJson');
    return t('databases:extraNotObject', { example: '{"engine_params": {}}' });
  }
}

/** The request body for create or update; throws when `extra` is not a JSON object. */
export function toDatabaseWrite(values: DatabaseFormValues): DatabaseWrite {
  const extra: Record<string, unknown> = { ...parseDatabaseExtra(values.extra) };
  for (const key of MANAGED_EXTRA_KEYS) delete extra[key];
  if (values.cost_estimate_enabled) extra.cost_estimate_enabled = true;
  if (values.disable_data_preview) extra.disable_data_preview = true;
  const ctasSchema = values.force_ctas_schema.trim();
  return {
    database_name: values.database_name.trim(),
    sqlalchemy_uri: values.sqlalchemy_uri.trim(),
    expose_in_sqllab: values.expose_in_sqllab,
    allow_run_async: values.allow_run_async,
    allow_dml: values.allow_dml,
    allow_ctas: values.allow_ctas,
    allow_cvas: values.allow_cvas,
    force_ctas_schema: ctasSchema || null,
    cache_timeout: values.cache_timeout ?? null,
    extra: JSON.stringify(extra),
  };
}

/** Server field names → the form field that shows the message. */
export function formFieldFor(serverField: string): keyof DatabaseFormValues | null {
  const field = serverField.split('.')[0];
  const known: (keyof DatabaseFormValues)[] = [
    'database_name',
    'sqlalchemy_uri',
    'expose_in_sqllab',
    'allow_run_async',
    'allow_dml',
    'allow_ctas',
    'allow_cvas',
    'force_ctas_schema',
    'cache_timeout',
    'extra',
  ];
  return known.find((k) => k === field) ?? null;
}
