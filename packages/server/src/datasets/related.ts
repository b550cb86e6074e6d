import type { DatasetRelatedObjects } from '@rama/shared';
import type { Principal } from '../security/principal.js';
import type { DatasetService } from './service.js';

/**
 * GET /api/v1/dataset/{id or uuid}/related_objects: the charts built on the dataset and the
 * dashboards showing them, each only when the user may see it. The delete confirmation of the
 * dataset list shows these counts.
 */
export async function relatedObjects(service: DatasetService, user: Principal, idOrUuid: number | string): Promise<DatasetRelatedObjects> {
  await service.visible(user, idOrUuid);
  // Charts and dashboards do not exist yet. When the `slices` table arrives, the charts are one
  // query: slices where datasource_type = 'table' and datasource_id = row.id, filtered by chart
  // access, mapped to {id, slice_name, viz_type}; the dashboards one more: dashboards joined
  // through dashboard_slices to those chart ids, distinct, mapped to {id, json_metadata, slug,
  // title: dashboard_title} and filtered by dashboard access.
  const charts: DatasetRelatedObjects['charts']['result'] = [];
  const dashboards: DatasetRelatedObjects['dashboards']['result'] = [];
  return {
    charts: { count: charts.length, result: charts },
    dashboards: { count: dashboards.length, result: dashboards },
  };
}
