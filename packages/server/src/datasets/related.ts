import type { Kysely } from 'kysely';
import type { DatasetRelatedObjects } from '@rama/shared';
import type { MetadataSchema } from '../metadata/schema.js';
import type { Principal } from '../security/principal.js';
import { dashboardVisibility } from '../access/dashboards.js';
import { datasetScope } from '../access/datasets.js';
import type { DatasetService } from './service.js';
import { databaseNames } from '../metadata/repos/databases.js';
import { DATASET_DATASOURCE_TYPES } from '../metadata/repos/charts.js';
import { chartsOnDataset, dashboardsShowingCharts } from '../metadata/repos/datasets.js';

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
  const charts = await chartsOnDataset(db, row.id, DATASET_DATASOURCE_TYPES);
  const scope = datasetScope(user, await databaseNames(db));
  const dashboards = await dashboardsShowingCharts(
    db,
    charts.map((c) => c.id),
    (eb) => dashboardVisibility(eb, user, scope, opts),
  );
  return {
    charts: { count: charts.length, result: charts },
    dashboards: { count: dashboards.length, result: dashboards },
  };
}
