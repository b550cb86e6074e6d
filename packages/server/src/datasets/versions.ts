/**
 * A dataset's saved state for the version history (versions/): its source and settings, columns
 * and metrics. Written back through PUT /api/v1/dataset/{id}'s path: columns and metrics are
 * matched to today's by name, so a restore edits the ones still there, adds the ones gone since and
 * drops the ones added since, under every rule of that save.
 */
import type { DatasetUpdate } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { VersionedKind } from '../versions/kinds.js';
import { versionedKind } from '../versions/define.js';
import type { DatasetService } from './service.js';
import { updateDataset } from './update.js';
import { columnNamesOf, columnsOf, metricNamesOf, metricsOf } from '../metadata/repos/datasets.js';
import { metricFields } from './rows.js';

export function datasetVersions(ctx: AppContext, datasets: DatasetService): VersionedKind<'dataset'> {
  return versionedKind({
    type: 'dataset',
    table: 'tables',
    async state(row, db, id) {
      const [columns, metrics] = await Promise.all([columnsOf(db, id), metricsOf(db, id)]);
      return {
        table_name: row.table_name,
        database_id: row.database_id,
        catalog: row.catalog,
        schema: row.schema,
        sql: row.sql,
        description: row.description,
        main_dttm_col: row.main_dttm_col,
        filter_select_enabled: Boolean(row.filter_select_enabled),
        fetch_values_predicate: row.fetch_values_predicate,
        normalize_columns: Boolean(row.normalize_columns),
        always_filter_main_dttm: Boolean(row.always_filter_main_dttm),
        offset: row.offset,
        default_endpoint: row.default_endpoint,
        cache_timeout: row.cache_timeout,
        template_params: row.template_params,
        extra: row.extra,
        columns: columns.map((c) => ({
          column_name: c.column_name,
          verbose_name: c.verbose_name,
          description: c.description,
          expression: c.expression,
          type: c.type,
          groupby: Boolean(c.groupby),
          filterable: Boolean(c.filterable),
          is_active: Boolean(c.is_active),
          is_dttm: Boolean(c.is_dttm),
          python_date_format: c.python_date_format,
          extra: c.extra,
        })),
        metrics: metrics.map(metricFields),
      };
    },
    titleField: 'table_name',
    visible: (user, id) => datasets.visible(user, id),
    editable: (user, id) => datasets.editable(user, id),
    async restore(user, id, state) {
      const db = ctx.store.db;
      const [columns, metrics] = await Promise.all([columnNamesOf(db, id), metricNamesOf(db, id)]);
      const columnIds = new Map(columns.map((c) => [c.column_name, c.id]));
      const metricIds = new Map(metrics.map((m) => [m.metric_name, m.id]));
      const body: DatasetUpdate = {
        ...state,
        columns: state.columns.map((c) => ({ ...c, id: columnIds.get(c.column_name) })),
        metrics: state.metrics.map((m) => ({ ...m, id: metricIds.get(m.metric_name) })),
      };
      await updateDataset(ctx, datasets, user, id, body, false);
    },
  });
}
