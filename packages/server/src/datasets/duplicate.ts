import type { DatasetDuplicate } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { HttpError } from '../http/errors.js';
import { ensureDatasetPermission, insertDataset, metricFields } from './rows.js';
import type { DatasetService } from './service.js';
import { alreadyExists } from './service.js';
import { columnsOf, metricsOf } from '../metadata/repos/datasets.js';

/** The peer's answer for a physical base: only a virtual dataset is a copyable query. */
export const DATASOURCE_TYPE_INVALID = 'Datasource type is invalid';

/** Drop trailing semicolons and whitespace: the copy's SQL is wrapped as a subquery. */
const trimSql = (sql: string): string => sql.trim().replace(/[;\s]+$/, '');

/**
 * POST /api/v1/dataset/duplicate: a virtual dataset copied under a new name in the same database
 * and schema, with its columns and metrics; the caller owns the copy.
 */
export async function duplicateDataset(
  ctx: AppContext,
  service: DatasetService,
  user: Principal,
  body: DatasetDuplicate,
): Promise<{ id: number; result: DatasetDuplicate }> {
  const db = ctx.store.db;
  const { row: base, database } = await service.visible(user, body.base_model_id);
  const tableName = body.table_name.trim();
  const errors: Record<string, string[]> = {};
  if (base.sql === null || base.sql.trim() === '') errors.datasource_type = [DATASOURCE_TYPE_INVALID];
  const key = { databaseId: base.database_id, catalog: base.catalog, schema: base.schema, tableName };
  const exists = [alreadyExists({ tableName, catalog: null, schema: null })];
  if (!tableName) errors.table_name = ['Field cannot be empty.'];
  else if (await service.findByKey(key)) errors.table_name = exists;
  if (Object.keys(errors).length) throw new HttpError(422, { message: errors });

  const [columns, metrics] = await Promise.all([columnsOf(db, base.id), metricsOf(db, base.id)]);
  const row = await db.transaction().execute(async (trx) => {
    if (await service.findByKey(key, trx)) throw new HttpError(422, { message: { table_name: exists } });
    return insertDataset(
      trx,
      user.id,
      {
        table_name: tableName,
        database_id: base.database_id,
        catalog: base.catalog,
        schema: base.schema,
        sql: trimSql(base.sql ?? ''),
        template_params: base.template_params,
        normalize_columns: base.normalize_columns,
        always_filter_main_dttm: base.always_filter_main_dttm,
        main_dttm_col: base.main_dttm_col,
        description: base.description,
        // the copy is a saved query turned dataset, as the BI server marks it
        is_sqllab_view: 1,
      },
      columns.map((c) => ({
        column_name: c.column_name,
        type: c.type,
        type_generic: c.type_generic,
        is_dttm: Boolean(c.is_dttm),
        verbose_name: c.verbose_name,
        is_active: Boolean(c.is_active),
        groupby: Boolean(c.groupby),
        filterable: Boolean(c.filterable),
        expression: c.expression,
        description: c.description,
        python_date_format: c.python_date_format,
        advanced_data_type: c.advanced_data_type,
        extra: c.extra,
      })),
      metrics.map(metricFields),
      [user.id],
    );
  });
  await ensureDatasetPermission(db, database.database_name, row);
  return { id: row.id, result: { base_model_id: body.base_model_id, table_name: body.table_name } };
}
