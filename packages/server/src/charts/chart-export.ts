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
import { EXPORT_VERSION, bundleName, databaseDocument, exportStamp, toYaml } from '../transfer/export.js';
import { datasetDocument } from '../datasets/export.js';
import type { DatasetRow } from '../datasets/present.js';
import { visibleChart, type SliceRow } from '../access/charts.js';
import { DATASET_DATASOURCE_TYPES } from './chart-rows.js';
import { databaseRowOf, datasetColumnRows, datasetMetricRows, datasetRowById } from '../metadata/repos/datasources.js';

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

/** A bundle file's name: the object's name made path-safe, then its id (the BI server's naming). */
export const bundleFileName = (name: string, id: number): string => (bundleName(name, '') ? `${bundleName(name, '')}_${id}` : String(id));

/** The datasets and databases already written into a bundle, so each is written once. */
export interface BundleWritten {
  databases: Map<number, DatabaseRow>;
  datasets: Map<number, DatasetRow>;
}

export const emptyBundle = (): BundleWritten => ({ databases: new Map(), datasets: new Map() });

/** The charts' YAML under `root`, each with its dataset and database (written once per bundle). */
export async function writeChartFiles(
  ctx: AppContext,
  files: Record<string, Uint8Array>,
  root: string,
  charts: SliceRow[],
  written: BundleWritten,
): Promise<void> {
  for (const chart of charts) {
    const dataset = DATASET_DATASOURCE_TYPES.includes(chart.datasource_type)
      ? await writeDatasetFile(ctx, files, root, chart.datasource_id, written)
      : null;
    files[`${root}/charts/${bundleFileName(chart.slice_name, chart.id)}.yaml`] = strToU8(
      toYaml(chartDocument(chart, dataset?.uuid ?? null)),
    );
  }
}

/** The bundle of the given charts: all visible or 404, as the BI server answers. */
export async function exportCharts(
  ctx: AppContext,
  user: Principal,
  ids: number[],
  now = new Date(),
): Promise<{ fileName: string; zip: Uint8Array }> {
  const charts: SliceRow[] = [];
  for (const id of [...new Set(ids)]) charts.push((await visibleChart(ctx, user, id)).row);
  const root = `chart_export_${exportStamp(now)}`;
  const files: Record<string, Uint8Array> = {
    [`${root}/metadata.yaml`]: strToU8(toYaml({ version: EXPORT_VERSION, type: CHART_BUNDLE_TYPE, timestamp: now.toISOString() })),
  };
  await writeChartFiles(ctx, files, root, charts, emptyBundle());
  return { fileName: `${root}.zip`, zip: zipSync(files, { level: 6, mtime: now }) };
}

/**
 * The dataset's YAML (and its database's, the first time it is named) unless the bundle has it
 * already; null when the dataset is gone.
 */
export async function writeDatasetFile(
  ctx: AppContext,
  files: Record<string, Uint8Array>,
  root: string,
  datasetId: number,
  written: BundleWritten,
): Promise<DatasetRow | null> {
  const db = ctx.store.db;
  const known = written.datasets.get(datasetId);
  if (known) return known;
  const dataset = await datasetRowById(db, datasetId);
  if (!dataset) return null;
  written.datasets.set(dataset.id, dataset);
  let database = written.databases.get(dataset.database_id);
  if (!database) {
    database = await databaseRowOf(db, dataset.database_id);
    written.databases.set(database.id, database);
    files[`${root}/databases/${bundleName(database.database_name, String(database.id))}.yaml`] = strToU8(
      toYaml(databaseDocument(database)),
    );
  }
  const [columns, metrics] = await Promise.all([datasetColumnRows(db, dataset.id), datasetMetricRows(db, dataset.id)]);
  const folder = bundleName(database.database_name, String(database.id));
  files[`${root}/datasets/${folder}/${bundleFileName(dataset.table_name, dataset.id)}.yaml`] = strToU8(
    toYaml(datasetDocument(dataset, columns, metrics, database.uuid)),
  );
  return dataset;
}
