/**
 * Reading an import bundle: each dataset and database YAML checked against the fields the BI
 * server's v1 import schema accepts (the files themselves are read by bundle-files.ts). No I/O.
 */
import { formatUri, parseUri, PASSWORD_MASK } from '../engines/uri.js';
import { EXPORT_VERSION, isFileUri } from './export.js';
import { docOf, fileProblem, type BundleDocs } from './bundle-files.js';

export {
  BundleError,
  MAX_BUNDLE_BYTES,
  MAX_BUNDLE_FILES,
  bundleContents,
  docOf,
  fileProblem,
  isConfigFile,
  readBundleFiles,
  withoutRoot,
  type BundleDocs,
  type BundleFile,
} from './bundle-files.js';

/** Per-file problems, as the BI server reports them: a message, or messages per field. */
export type FileErrors = Record<string, string | Record<string, unknown>>;

/**
 * The configs of the bundle's files under `prefix` (`charts/`, `datasets/`…) as `reader` checks
 * them, by file; a file that is not readable YAML, or whose fields `reader` refuses, records its
 * problem in `errors` and is left out.
 */
export function configsUnder<T>(
  contents: BundleDocs,
  prefix: string,
  reader: (doc: unknown) => { config: T } | { errors: Record<string, string[]> },
  errors: FileErrors,
): Map<string, T> {
  const out = new Map<string, T>();
  for (const [file, read] of Object.entries(contents)) {
    if (!file.startsWith(prefix)) continue;
    let doc: unknown;
    try {
      doc = docOf(read);
    } catch (e) {
      errors[file] = fileProblem(e);
      continue;
    }
    const r = reader(doc);
    if ('errors' in r) errors[file] = r.errors;
    else out.set(file, r.config);
  }
  return out;
}

type Fields = Record<string, string[]>;

export type Kind = 'string' | 'boolean' | 'integer' | 'uuid' | 'json';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const KIND_MESSAGE: Record<Kind, string> = {
  string: 'Not a valid string.',
  boolean: 'Not a valid boolean.',
  integer: 'Not a valid integer.',
  uuid: 'Not a valid UUID.',
  json: 'Not a valid mapping or JSON text.',
};

function fits(kind: Kind, v: unknown): boolean {
  switch (kind) {
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean';
    case 'integer':
      return Number.isInteger(v);
    case 'uuid':
      return typeof v === 'string' && UUID.test(v);
    case 'json':
      return typeof v === 'string' || (typeof v === 'object' && v !== null);
  }
}

/** Check `doc` against a field table; required fields must be present and not null. */
export function checkFields(doc: Record<string, unknown>, spec: Record<string, [Kind, 'required' | 'optional']>, prefix = ''): Fields {
  const errors: Fields = {};
  for (const [field, [kind, need]] of Object.entries(spec)) {
    const v = doc[field];
    if (v === undefined || v === null) {
      if (need === 'required') errors[prefix + field] = ['Missing data for required field.'];
    } else if (!fits(kind, v)) errors[prefix + field] = [KIND_MESSAGE[kind]];
  }
  return errors;
}

const asRecord = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/**
 * The first checks of an asset's YAML (chart, dashboard, saved query): a mapping, its fields as
 * `spec` says, and this export version. Returns the mapping with the problems found so far, for
 * the asset's own checks to add to, or the one problem of a document that is no mapping.
 */
export function checkAssetDoc(
  doc: unknown,
  spec: Record<string, [Kind, 'required' | 'optional']>,
): { rec: Record<string, unknown>; errors: Fields } | { errors: Fields } {
  const rec = asRecord(doc);
  if (!rec) return { errors: { _schema: ['Invalid input type.'] } };
  const errors = checkFields(rec, spec);
  if (typeof rec.version === 'string' && rec.version !== EXPORT_VERSION) errors.version = [`Must be equal to ${EXPORT_VERSION}.`];
  return { rec, errors };
}

/** JSON text for a field the YAML may hold as a mapping or as text. */
export function jsonText(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  return typeof v === 'string' ? v : JSON.stringify(v);
}

export interface ColumnConfig {
  column_name: string;
  verbose_name?: string | null;
  is_dttm?: boolean | null;
  is_active?: boolean | null;
  type?: string | null;
  advanced_data_type?: string | null;
  groupby?: boolean | null;
  filterable?: boolean | null;
  expression?: string | null;
  description?: string | null;
  python_date_format?: string | null;
  extra?: unknown;
  uuid?: string | null;
}

export interface MetricConfig {
  metric_name: string;
  expression: string;
  verbose_name?: string | null;
  metric_type?: string | null;
  description?: string | null;
  d3format?: string | null;
  currency?: unknown;
  extra?: unknown;
  warning_text?: string | null;
  uuid?: string | null;
}

export interface DatasetConfig {
  table_name: string;
  uuid: string;
  database_uuid: string;
  main_dttm_col?: string | null;
  description?: string | null;
  default_endpoint?: string | null;
  offset?: number | null;
  cache_timeout?: number | null;
  catalog?: string | null;
  schema?: string | null;
  sql?: string | null;
  template_params?: unknown;
  filter_select_enabled?: boolean | null;
  fetch_values_predicate?: string | null;
  extra?: unknown;
  normalize_columns?: boolean | null;
  always_filter_main_dttm?: boolean | null;
  columns: ColumnConfig[];
  metrics: MetricConfig[];
}

export interface DatabaseConfig {
  database_name: string;
  sqlalchemy_uri: string;
  uuid: string;
  password?: string | null;
  cache_timeout?: number | null;
  expose_in_sqllab?: boolean | null;
  allow_run_async?: boolean | null;
  allow_ctas?: boolean | null;
  allow_cvas?: boolean | null;
  allow_dml?: boolean | null;
  allow_file_upload?: boolean | null;
  impersonate_user?: boolean | null;
  extra?: unknown;
}

const COLUMN_FIELDS: Record<string, [Kind, 'required' | 'optional']> = {
  column_name: ['string', 'required'],
  verbose_name: ['string', 'optional'],
  is_dttm: ['boolean', 'optional'],
  is_active: ['boolean', 'optional'],
  type: ['string', 'optional'],
  advanced_data_type: ['string', 'optional'],
  groupby: ['boolean', 'optional'],
  filterable: ['boolean', 'optional'],
  expression: ['string', 'optional'],
  description: ['string', 'optional'],
  python_date_format: ['string', 'optional'],
  extra: ['json', 'optional'],
  uuid: ['uuid', 'optional'],
};

const METRIC_FIELDS: Record<string, [Kind, 'required' | 'optional']> = {
  metric_name: ['string', 'required'],
  expression: ['string', 'required'],
  verbose_name: ['string', 'optional'],
  metric_type: ['string', 'optional'],
  description: ['string', 'optional'],
  d3format: ['string', 'optional'],
  currency: ['json', 'optional'],
  extra: ['json', 'optional'],
  warning_text: ['string', 'optional'],
  uuid: ['uuid', 'optional'],
};

const DATASET_FIELDS: Record<string, [Kind, 'required' | 'optional']> = {
  table_name: ['string', 'required'],
  uuid: ['uuid', 'required'],
  database_uuid: ['uuid', 'required'],
  version: ['string', 'required'],
  main_dttm_col: ['string', 'optional'],
  description: ['string', 'optional'],
  default_endpoint: ['string', 'optional'],
  offset: ['integer', 'optional'],
  cache_timeout: ['integer', 'optional'],
  catalog: ['string', 'optional'],
  schema: ['string', 'optional'],
  sql: ['string', 'optional'],
  template_params: ['json', 'optional'],
  filter_select_enabled: ['boolean', 'optional'],
  fetch_values_predicate: ['string', 'optional'],
  extra: ['json', 'optional'],
  normalize_columns: ['boolean', 'optional'],
  always_filter_main_dttm: ['boolean', 'optional'],
};

const DATABASE_FIELDS: Record<string, [Kind, 'required' | 'optional']> = {
  database_name: ['string', 'required'],
  sqlalchemy_uri: ['string', 'required'],
  uuid: ['uuid', 'required'],
  version: ['string', 'required'],
  password: ['string', 'optional'],
  cache_timeout: ['integer', 'optional'],
  expose_in_sqllab: ['boolean', 'optional'],
  allow_run_async: ['boolean', 'optional'],
  allow_ctas: ['boolean', 'optional'],
  allow_cvas: ['boolean', 'optional'],
  allow_dml: ['boolean', 'optional'],
  allow_file_upload: ['boolean', 'optional'],
  impersonate_user: ['boolean', 'optional'],
  extra: ['json', 'optional'],
};

function checkList(
  doc: Record<string, unknown>,
  key: 'columns' | 'metrics',
  spec: Record<string, [Kind, 'required' | 'optional']>,
  errors: Fields,
) {
  const list = doc[key] ?? [];
  if (!Array.isArray(list)) {
    errors[key] = ['Not a valid list.'];
    return;
  }
  list.forEach((item, i) => {
    const rec = asRecord(item);
    if (!rec) errors[`${key}.${i}`] = ['Not a valid mapping.'];
    else Object.assign(errors, checkFields(rec, spec, `${key}.${i}.`));
  });
}

/** A dataset YAML as a config, or the field problems that keep it from being one. */
export function readDatasetConfig(doc: unknown): { config: DatasetConfig } | { errors: Fields } {
  const rec = asRecord(doc);
  if (!rec) return { errors: { _schema: ['Invalid input type.'] } };
  const errors = checkFields(rec, DATASET_FIELDS);
  checkList(rec, 'columns', COLUMN_FIELDS, errors);
  checkList(rec, 'metrics', METRIC_FIELDS, errors);
  if (typeof rec.version === 'string' && rec.version !== EXPORT_VERSION) errors.version = [`Must be equal to ${EXPORT_VERSION}.`];
  if (Object.keys(errors).length) return { errors };
  return {
    config: {
      ...(rec as unknown as DatasetConfig),
      uuid: String(rec.uuid).toLowerCase(),
      database_uuid: String(rec.database_uuid).toLowerCase(),
      columns: (rec.columns as ColumnConfig[] | undefined) ?? [],
      metrics: (rec.metrics as MetricConfig[] | undefined) ?? [],
    },
  };
}

/** A database YAML as a config, or the field problems that keep it from being one. */
export function readDatabaseConfig(doc: unknown): { config: DatabaseConfig } | { errors: Fields } {
  const rec = asRecord(doc);
  if (!rec) return { errors: { _schema: ['Invalid input type.'] } };
  const errors = checkFields(rec, DATABASE_FIELDS);
  if (Object.keys(errors).length) return { errors };
  return { config: { ...(rec as unknown as DatabaseConfig), uuid: String(rec.uuid).toLowerCase() } };
}

/** metadata.yaml: a v1 bundle of the given type, or why not. */
export function checkMetadata(
  contents: BundleDocs,
  type: string,
): { ok: true } | { ok: false; versionMismatch: boolean; error?: FileErrors } {
  const file = contents['metadata.yaml'];
  if (file === undefined) return { ok: false, versionMismatch: true };
  let doc: Record<string, unknown> | null;
  try {
    doc = asRecord(docOf(file));
  } catch (e) {
    return { ok: false, versionMismatch: false, error: { 'metadata.yaml': (e as Error).message } };
  }
  if (!doc || doc.version !== EXPORT_VERSION) return { ok: false, versionMismatch: true };
  if (doc.type !== undefined && doc.type !== type)
    return { ok: false, versionMismatch: false, error: { 'metadata.yaml': { type: [`Must be equal to ${type}.`] } } };
  return { ok: true };
}

/** Why a bundle database connecting through an SSH tunnel cannot be imported here. */
export const SSH_TUNNEL_UNSUPPORTED =
  'SSH tunnels are not supported: Rama connects to databases directly. Remove the ssh_tunnel section of this database (and make the database reachable without a tunnel) to import it';

/**
 * The bundle's database files with an `ssh_tunnel` section: Rama has no SSH tunnels, and
 * dropping the section silently would import a database pointing at a tunnel's local end.
 */
export function sshTunnelFiles(contents: BundleDocs): string[] {
  const out: string[] = [];
  for (const [file, read] of Object.entries(contents)) {
    if (!file.startsWith('databases/')) continue;
    let doc: unknown;
    try {
      doc = docOf(read);
    } catch {
      continue; // reported by the import that reads the file
    }
    const tunnel = asRecord(doc)?.ssh_tunnel;
    if (tunnel !== undefined && tunnel !== null) out.push(file);
  }
  return out;
}

/**
 * The URI `overwrite` gives a database here from its bundle YAML, or null to keep the stored one:
 * a password given (`passwords` or the YAML's `password`) goes into the bundle's URI; a real
 * password in the URI is used as it is; a masked one (or a masked file path) never replaces the
 * stored connection; a URI without a password replaces it only where no password is stored, so a
 * stored password is never blanked. The examples database keeps its own.
 */
export function overwriteUri(
  bundle: { sqlalchemy_uri: string; password?: string | null },
  given: string | undefined,
  local: { password_encrypted: string | null; is_examples: number | boolean },
): string | null {
  if (local.is_examples === 1 || local.is_examples === true) return null;
  let parsed;
  try {
    parsed = parseUri(bundle.sqlalchemy_uri);
  } catch {
    return bundle.sqlalchemy_uri; // refused by the database service with its own message
  }
  if (isFileUri(parsed) && parsed.database === PASSWORD_MASK) return null;
  const secret = given ?? bundle.password ?? null;
  if (secret !== null && secret !== '') return formatUri(parsed, secret);
  if (parsed.password === PASSWORD_MASK) return null;
  if (parsed.password) return bundle.sqlalchemy_uri;
  return local.password_encrypted === null ? bundle.sqlalchemy_uri : null;
}
