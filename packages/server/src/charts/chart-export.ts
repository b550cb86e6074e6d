/**
 * GET /api/v1/chart/export/: charts with their datasets and databases as a zip of YAML files in
 * the BI server's layout (`metadata.yaml` of type Slice, `charts/<name>_<id>.yaml`, and the
 * dataset export's `datasets/<database>/<table>_<id>.yaml` and `databases/<name>.yaml`), so a
 * bundle moves between Rama and the BI server.
 */
import { strToU8, zipSync } from 'fflate';
import type { AppContext } from '../context.js';
import type { DatabaseTable, Row } from '../metadata/schema.js';
import type { Principal } from '../security/principal.js';
import { EXPORT_VERSION, databaseDocument, datasetDocument, exportStamp, toYaml } from '../datasets/export.js';
import { bundleName } from '../datasets/rules.js';
import type { DatasetRow } from '../datasets/present.js';
import { visibleChart, type SliceRow } from './chart-access.js';
import { DATASET_DATASOURCE_TYPES } from './chart-rows.js';

/** `type` in metadata.yaml of a chart bundle (the BI server's model name) */
export const CHART_BUNDLE_TYPE = 'Slice';

type DatabaseRow = Row<DatabaseTable>;

function jsonOrText(text: string | null): unknown {
  if (text === null || text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A chart as its YAML holds it: form data as a mapping, the query context as JSON text. */
export function chartDocument(row: SliceRow, datasetUuid: string | null): Record<string, unknown> {
  return {
    slice_name: row.slice_name,
    description: row.description,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    viz_type: row.viz_type,
    params: jsonOrText(row.params) ?? {},
    query_context: row.query_context,
    cache_timeout: row.cache_timeout,
    is_managed_externally: Boolean(row.is_managed_externally),
    external_url: row.external_url,
    uuid: row.uuid,
    version: EXPORT_VERSION,
    ...(datasetUuid ? { dataset_uuid: datasetUuid } : {}),
  };
}

const fileName = (name: string, id: number): string => (bundleName(name, '') ? `${bundleName(name, '')}_${id}` : String(id));

/** The bundle of the given charts: all visible or 404, as the BI server answers. */
export async function exportCharts(
  ctx: AppContext,
  user: Principal,
  ids: number[],
  now = new Date(),
): Promise<{ fileName: string; zip: Uint8Array }> {
  const db = ctx.store.db;
  const charts: SliceRow[] = [];
  for (const id of [...new Set(ids)]) charts.push((await visibleChart(ctx, user, id)).row);
  const root = `chart_export_${exportStamp(now)}`;
  const files: Record<string, Uint8Array> = {
    [`${root}/metadata.yaml`]: strToU8(toYaml({ version: EXPORT_VERSION, type: CHART_BUNDLE_TYPE, timestamp: now.toISOString() })),
  };
  const databases = new Map<number, DatabaseRow>();
  const datasets = new Map<number, DatasetRow>();
  for (const chart of charts) {
    let dataset = datasets.get(chart.datasource_id);
    if (!dataset && DATASET_DATASOURCE_TYPES.includes(chart.datasource_type)) {
      dataset = await db.selectFrom('tables').selectAll().where('id', '=', chart.datasource_id).executeTakeFirst();
      if (dataset) {
        datasets.set(dataset.id, dataset);
        await addDataset(ctx, files, root, dataset, databases);
      }
    }
    files[`${root}/charts/${fileName(chart.slice_name, chart.id)}.yaml`] = strToU8(toYaml(chartDocument(chart, dataset?.uuid ?? null)));
  }
  return { fileName: `${root}.zip`, zip: zipSync(files, { level: 6, mtime: now }) };
}

/** The dataset's YAML, and its database's the first time it is named. */
async function addDataset(
  ctx: AppContext,
  files: Record<string, Uint8Array>,
  root: string,
  dataset: DatasetRow,
  databases: Map<number, DatabaseRow>,
): Promise<void> {
  const db = ctx.store.db;
  let database = databases.get(dataset.database_id);
  if (!database) {
    database = await db.selectFrom('dbs').selectAll().where('id', '=', dataset.database_id).executeTakeFirstOrThrow();
    databases.set(database.id, database);
    files[`${root}/databases/${bundleName(database.database_name, String(database.id))}.yaml`] = strToU8(
      toYaml(databaseDocument(database)),
    );
  }
  const [columns, metrics] = await Promise.all([
    db.selectFrom('table_columns').selectAll().where('table_id', '=', dataset.id).orderBy('id').execute(),
    db.selectFrom('sql_metrics').selectAll().where('table_id', '=', dataset.id).orderBy('id').execute(),
  ]);
  const folder = bundleName(database.database_name, String(database.id));
  files[`${root}/datasets/${folder}/${fileName(dataset.table_name, dataset.id)}.yaml`] = strToU8(
    toYaml(datasetDocument(dataset, columns, metrics, database.uuid)),
  );
}
