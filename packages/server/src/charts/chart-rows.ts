/**
 * Reading what a chart reply shows next to the `slices` row: owners, dashboards, the dataset's
 * name and the users named. One query per relation for any number of charts (the list asks for 200).
 */
import type { Kysely } from 'kysely';
import type { MetadataSchema } from '../metadata/schema.js';
import type { AppContext } from '../context.js';
import { DatasetService } from '../datasets/service.js';
import type { SliceRow } from '../access/charts.js';
import type { ChartDataset, ChartParts } from './chart-present.js';
import { customTagsOf } from '../metadata/repos/tags.js';
import { ownersByObject } from '../metadata/repos/owners.js';
import { DATASET_DATASOURCE_TYPES } from '../metadata/repos/charts.js';
import { dashboardsOfCharts } from '../metadata/repos/dashboards.js';
import { datasetNamesByIds } from '../metadata/repos/datasources.js';

type Db = Kysely<MetadataSchema>;

export { DATASET_DATASOURCE_TYPES };

async function chartDatasets(db: Db, rows: SliceRow[]): Promise<Map<number, NonNullable<ChartDataset>>> {
  const ids = [...new Set(rows.filter((r) => DATASET_DATASOURCE_TYPES.includes(r.datasource_type)).map((r) => r.datasource_id))];
  if (!ids.length) return new Map();
  const found = await datasetNamesByIds(db, ids);
  return new Map(found.map((d) => [d.id, d]));
}

/** Everything the presenters need for these charts, in their order. */
export async function chartParts(ctx: AppContext, rows: SliceRow[]): Promise<ChartParts[]> {
  const db = ctx.store.db;
  const ids = rows.map((r) => r.id);
  const [owners, dashboards, datasets, tags] = await Promise.all([
    ownersByObject(db, 'chart', ids),
    dashboardsOfCharts(db, ids),
    chartDatasets(db, rows),
    customTagsOf(db, 'chart', ids),
  ]);
  const users = await new DatasetService(ctx).users([
    ...rows.flatMap((r) => owners.get(r.id) ?? []),
    ...rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk, r.last_saved_by_fk]),
  ]);
  return rows.map((row) => ({
    row,
    dataset: DATASET_DATASOURCE_TYPES.includes(row.datasource_type) ? (datasets.get(row.datasource_id) ?? null) : null,
    ownerIds: owners.get(row.id) ?? [],
    dashboards: dashboards.get(row.id) ?? [],
    users,
    tags: tags.get(row.id) ?? [],
  }));
}
