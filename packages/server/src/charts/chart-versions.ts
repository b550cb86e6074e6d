/** A chart's saved state for the version history (versions/), written back through ChartService. */
import type { Kysely } from 'kysely';
import type { ChartVersionState } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { MetadataSchema } from '../metadata/schema.js';
import type { VersionedKind } from '../versions/kinds.js';
import { editableChart, visibleChart } from './chart-access.js';
import type { ChartService } from './chart-service.js';

export function chartVersions(ctx: AppContext, charts: ChartService): VersionedKind<'chart'> {
  return {
    type: 'chart',
    async snapshot(db: Kysely<MetadataSchema>, id: number): Promise<ChartVersionState | null> {
      const row = await db.selectFrom('slices').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      return {
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
      };
    },
    title: (state) => state.slice_name,
    async assertVisible(user, id) {
      await visibleChart(ctx, user, id);
    },
    async assertEditable(user, id) {
      await editableChart(ctx, user, id);
    },
    async restore(user, id, state) {
      await charts.update(user, id, { ...state });
    },
    async recreate(user, state) {
      return (await charts.create(user, { ...state })).id;
    },
  };
}
