/**
 * GET /api/v1/dataset/export/: datasets and their databases as a zip of YAML files in the BI
 * server's layout (`metadata.yaml`, `databases/<name>.yaml`, `datasets/<database>/<table>_<id>.yaml`,
 * version 1.0.0, objects keyed by uuid), so a bundle moves between Rama and the BI server.
 */
import { strToU8, zipSync } from 'fflate';
import { stringify } from 'yaml';
import type { AppContext } from '../context.js';
import type { DatabaseTable, Row } from '../metadata/schema.js';
import type { Principal } from '../security/principal.js';
import { formatUri, parseUri, PASSWORD_MASK } from '../engines/uri.js';
import { engineSpecForUri } from '../engines/registry.js';
import type { ConnectionUri } from '../engines/types.js';
import { bundleName, parseCurrency } from './rules.js';
import type { ColumnRow, DatasetRow, MetricRow } from './present.js';
import type { DatasetService } from './service.js';

export const EXPORT_VERSION = '1.0.0';
/** `type` in metadata.yaml of a dataset bundle (the BI server's model name) */
export const DATASET_BUNDLE_TYPE = 'SqlaTable';

type DatabaseRow = Row<DatabaseTable>;

/** JSON text as the structure it holds; text that is not JSON stays text. */
function jsonOrText(text: string | null): unknown {
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

export function datasetDocument(
  row: DatasetRow,
  columns: ColumnRow[],
  metrics: MetricRow[],
  databaseUuid: string,
): Record<string, unknown> {
  return {
    table_name: row.table_name,
    main_dttm_col: row.main_dttm_col,
    description: row.description,
    default_endpoint: row.default_endpoint,
    offset: row.offset,
    cache_timeout: row.cache_timeout,
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    params: null,
    template_params: jsonOrText(row.template_params),
    filter_select_enabled: Boolean(row.filter_select_enabled),
    fetch_values_predicate: row.fetch_values_predicate,
    extra: jsonOrText(row.extra),
    normalize_columns: Boolean(row.normalize_columns),
    always_filter_main_dttm: Boolean(row.always_filter_main_dttm),
    uuid: row.uuid,
    metrics: metrics.map((m) => ({
      metric_name: m.metric_name,
      verbose_name: m.verbose_name,
      metric_type: m.metric_type,
      expression: m.expression,
      description: m.description,
      d3format: m.d3format,
      currency: parseCurrency(m.currency),
      extra: jsonOrText(m.extra),
      warning_text: m.warning_text,
      uuid: m.uuid,
    })),
    columns: columns.map((c) => ({
      column_name: c.column_name,
      verbose_name: c.verbose_name,
      is_dttm: Boolean(c.is_dttm),
      is_active: Boolean(c.is_active),
      type: c.type,
      advanced_data_type: c.advanced_data_type,
      groupby: Boolean(c.groupby),
      filterable: Boolean(c.filterable),
      expression: c.expression,
      description: c.description,
      python_date_format: c.python_date_format,
      extra: jsonOrText(c.extra),
      uuid: c.uuid,
    })),
    version: EXPORT_VERSION,
    database_uuid: databaseUuid,
  };
}

/** Block-style YAML as PyYAML writes it: sequences not indented, long lines never folded. */
export const toYaml = (doc: unknown): string => stringify(doc, { indentSeq: false, lineWidth: 0 });

/** `20240522T120000`, the bundle's folder suffix. */
export const exportStamp = (d: Date): string => d.toISOString().replace(/[-:]/g, '').slice(0, 15);

/** The bundle for the given datasets: all visible or 404, as the BI server answers. */
export async function exportDatasets(
  ctx: AppContext,
  service: DatasetService,
  user: Principal,
  ids: number[],
  now = new Date(),
): Promise<{ fileName: string; zip: Uint8Array }> {
  const db = ctx.store.db;
  const found = await Promise.all([...new Set(ids)].map((id) => service.visible(user, id)));
  const root = `dataset_export_${exportStamp(now)}`;
  const files: Record<string, Uint8Array> = {
    [`${root}/metadata.yaml`]: strToU8(toYaml({ version: EXPORT_VERSION, type: DATASET_BUNDLE_TYPE, timestamp: now.toISOString() })),
  };
  const databases = new Map<number, DatabaseRow>();
  for (const { row } of found) {
    let database = databases.get(row.database_id);
    if (!database) {
      database = await db.selectFrom('dbs').selectAll().where('id', '=', row.database_id).executeTakeFirstOrThrow();
      databases.set(database.id, database);
      files[`${root}/databases/${bundleName(database.database_name, String(database.id))}.yaml`] = strToU8(
        toYaml(databaseDocument(database)),
      );
    }
    const [columns, metrics] = await Promise.all([
      db.selectFrom('table_columns').selectAll().where('table_id', '=', row.id).orderBy('id').execute(),
      db.selectFrom('sql_metrics').selectAll().where('table_id', '=', row.id).orderBy('id').execute(),
    ]);
    const folder = bundleName(database.database_name, String(database.id));
    const name = bundleName(row.table_name, '') ? `${bundleName(row.table_name, '')}_${row.id}` : String(row.id);
    files[`${root}/datasets/${folder}/${name}.yaml`] = strToU8(toYaml(datasetDocument(row, columns, metrics, database.uuid)));
  }
  return { fileName: `${root}.zip`, zip: zipSync(files, { level: 6, mtime: now }) };
}
