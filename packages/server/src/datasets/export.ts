/**
 * GET /api/v1/dataset/export/: datasets and their databases as a zip of YAML files in the BI
 * server's layout (`metadata.yaml`, `databases/<name>.yaml`, `datasets/<database>/<table>_<id>.yaml`,
 * version 1.0.0, objects keyed by uuid), so a bundle moves between Rama and the BI server.
 */
import { strToU8, zipSync } from 'fflate';
import type { AppContext } from '../context.js';
import type { DatabaseTable, Row } from '../metadata/schema.js';
import type { Principal } from '../security/principal.js';
import { DATASET_BUNDLE_TYPE, EXPORT_VERSION, bundleName, databaseDocument, exportStamp, jsonOrText, toYaml } from '../transfer/export.js';
import { parseCurrency } from './rules.js';
import type { ColumnRow, DatasetRow, MetricRow } from './present.js';
import type { DatasetService } from './service.js';
import { databaseByIdOrThrow } from '../metadata/repos/databases.js';
import { columnsOf, metricsOf } from '../metadata/repos/datasets.js';

type DatabaseRow = Row<DatabaseTable>;

/** A dataset's document: its fields, columns and metrics, bound to its database by uuid. */
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
      database = await databaseByIdOrThrow(db, row.database_id);
      databases.set(database.id, database);
      files[`${root}/databases/${bundleName(database.database_name, String(database.id))}.yaml`] = strToU8(
        toYaml(databaseDocument(database)),
      );
    }
    const [columns, metrics] = await Promise.all([columnsOf(db, row.id), metricsOf(db, row.id)]);
    const folder = bundleName(database.database_name, String(database.id));
    const name = bundleName(row.table_name, '') ? `${bundleName(row.table_name, '')}_${row.id}` : String(row.id);
    files[`${root}/datasets/${folder}/${name}.yaml`] = strToU8(toYaml(datasetDocument(row, columns, metrics, database.uuid)));
  }
  return { fileName: `${root}.zip`, zip: zipSync(files, { level: 6, mtime: now }) };
}
