/**
 * What every export bundle shares, whatever it carries (datasets, charts, dashboards, saved
 * queries): the BI server's layout version, a database's document, YAML as PyYAML writes it, the
 * folder stamp and safe file names. The layout is `metadata.yaml`, `databases/<name>.yaml`, then
 * each entity's folder, objects keyed by uuid, so a bundle moves between Rama and the BI server.
 */
import type { DatabaseTable, Row } from '../metadata/schema.js';
import { formatUri, parseUri, PASSWORD_MASK } from '../engines/uri.js';
import { engineSpecForUri } from '../engines/registry.js';
import type { ConnectionUri } from '../engines/types.js';
import { yamlModule } from './yaml-limits.js';

export const EXPORT_VERSION = '1.0.0';
/** `type` in metadata.yaml of a dataset bundle (the BI server's model name) */
export const DATASET_BUNDLE_TYPE = 'SqlaTable';

type DatabaseRow = Row<DatabaseTable>;

/** JSON text as the structure it holds; text that is not JSON stays text. */
export function jsonOrText(text: string | null): unknown {
  if (text === null || text.trim() === '') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A file engine's URI (its spec says `isFileBased`), whose path the export masks. */
export const isFileUri = (uri: ConnectionUri): boolean => {
  try {
    return engineSpecForUri(uri).isFileBased;
  } catch {
    return false;
  }
};

/**
 * The URI as it may leave the server: a stored password shows as the mask, never in clear, and so
 * does a file engine's path (`duckdb:///XXXXXXXXXX`): the server's directories are nobody's business,
 * and another installation's file is not this one's anyway (an import binds by uuid or name).
 */
export function exportedUri(db: Pick<DatabaseRow, 'sqlalchemy_uri' | 'password_encrypted'>): string {
  try {
    const uri = parseUri(db.sqlalchemy_uri);
    if (isFileUri(uri) && uri.database !== ':memory:') return formatUri({ ...uri, database: PASSWORD_MASK, query: {} }, null);
    return formatUri(uri, db.password_encrypted ? PASSWORD_MASK : null);
  } catch {
    // not readable as a URI: nothing of it leaves the server
    return PASSWORD_MASK;
  }
}

export function databaseDocument(db: DatabaseRow): Record<string, unknown> {
  return {
    database_name: db.database_name,
    sqlalchemy_uri: exportedUri(db),
    cache_timeout: db.cache_timeout,
    expose_in_sqllab: Boolean(db.expose_in_sqllab),
    allow_run_async: Boolean(db.allow_run_async),
    allow_ctas: Boolean(db.allow_ctas),
    allow_cvas: Boolean(db.allow_cvas),
    allow_dml: Boolean(db.allow_dml),
    allow_file_upload: Boolean(db.allow_file_upload),
    extra: jsonOrText(db.extra),
    impersonate_user: Boolean(db.impersonate_user),
    uuid: db.uuid,
    version: EXPORT_VERSION,
  };
}

/** Block-style YAML as PyYAML writes it: sequences not indented, long lines never folded. */
export const toYaml = (doc: unknown): string => yamlModule().stringify(doc, { indentSeq: false, lineWidth: 0 });

/** `20240522T120000`, the bundle's folder suffix. */
export const exportStamp = (d: Date): string => d.toISOString().replace(/[-:]/g, '').slice(0, 15);

/**
 * A name made safe as one path segment of an export bundle, as the BI server names its files:
 * ASCII letters, digits, `_`, `.` and `-`, spaces become `_`, no leading or trailing dots.
 */
export function safeFileName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[/\\]/g, ' ')
    .trim()
    .split(/\s+/)
    .join('_')
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .replace(/^[._]+|[._]+$/g, '');
}

/** `name` as a bundle file name, or `fallback` when nothing of it is left. */
export const bundleName = (name: string, fallback: string): string => safeFileName(name) || fallback;
