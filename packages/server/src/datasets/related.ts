import type { Kysely } from 'kysely';
import type { DatasetRelatedObjects } from '@rama/shared';
import type { MetadataSchema } from '../metadata/schema.js';
import type { Principal } from '../security/principal.js';
import { dashboardVisibility } from '../dashboards/access.js';
import { datasetScope } from './access.js';
import type { DatasetService } from './service.js';

/** The datasource types whose id names a dataset (chartdata/datasets.ts keeps the same list). */
const DATASET_TYPES = ['table', 'dataset', 'sl_table'];

/**
 * GET /api/v1/dataset/{id or uuid}/related_objects: the charts built on the dataset and the
 * dashboards showing them. A user who may read the dataset sees every chart on it; dashboards
 * are listed only when the user may see them. The delete confirmation of the dataset list shows
 * these counts.
 */
export async function relatedObjects(
  service: DatasetService,
  db: Kysely<MetadataSchema>,
  user: Principal,
  idOrUuid: number | string,
  opts: { rbac?: boolean } = {},
): Promise<DatasetRelatedObjects> {
  const { row } = await service.visible(user, idOrUuid);
  const charts = await db
    .selectFrom('slices')
    .select(['id', 'slice_name', 'viz_type'])
    .where('datasource_id', '=', row.id)
    .where('datasource_type', 'in', DATASET_TYPES)
    .orderBy('id')
    .execute();
  const scope = datasetScope(user, await db.selectFrom('dbs').select(['id', 'database_name']).execute());
  const dashboards = charts.length
    ? await db
        .selectFrom('dashboards as d')
        .select(['d.id', 'd.json_metadata', 'd.slug', 'd.dashboard_title as title'])
        .where((eb) =>
          eb.and([
            eb.exists(
              eb
                .selectFrom('dashboard_slices as ds')
                .select('ds.slice_id')
                .whereRef('ds.dashboard_id', '=', 'd.id')
                .where(
                  'ds.slice_id',
                  'in',
                  charts.map((c) => c.id),
                ),
            ),
            ...[dashboardVisibility(eb, user, scope, opts)].filter((c) => c !== null),
          ]),
        )
        .orderBy('d.id')
        .execute()
    : [];
  return {
    charts: { count: charts.length, result: charts },
    dashboards: { count: dashboards.length, result: dashboards },
  };
}
