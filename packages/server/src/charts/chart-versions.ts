/** A chart's saved state for the version history (versions/), written back through ChartService. */
import type { AppContext } from '../context.js';
import type { VersionedKind } from '../versions/kinds.js';
import { versionedKind } from '../versions/define.js';
import { editableChart, visibleChart } from '../access/charts.js';
import type { ChartService } from './chart-service.js';

export function chartVersions(ctx: AppContext, charts: ChartService): VersionedKind<'chart'> {
  return versionedKind({
    type: 'chart',
    table: 'slices',
    state: (row) => ({
      slice_name: row.slice_name,
      description: row.description,
      viz_type: row.viz_type,
      params: row.params,
      query_context: row.query_context,
      datasource_id: row.datasource_id,
      datasource_type: row.datasource_type,
      cache_timeout: row.cache_timeout,
      certified_by: row.certified_by,
      certification_details: row.certification_details,
    }),
    titleField: 'slice_name',
    visible: (user, id) => visibleChart(ctx, user, id),
    editable: (user, id) => editableChart(ctx, user, id),
    restore: (user, id, state) => charts.update(user, id, { ...state }),
    recreate: async (user, state) => (await charts.create(user, { ...state })).id,
  });
}
