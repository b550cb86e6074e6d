/**
 * From a SQL Lab result to a dataset (issue 26 item 2, the peer's SaveDatasetModal): a new virtual
 * dataset from the query, or the query's SQL and columns written over a virtual dataset the user
 * owns (`PUT /api/v1/dataset/{id}?override_columns=true`). Explore then opens on it.
 */
import { SqlLabMessage, type ClientQuery, type DatasetListItem, type ListReply } from '@rama/shared';
import { request, toClientError } from '../../core/api';
import { createDataset } from './sqlLabApi';
import { editorById, LOG, logSqlLabEvent, type SqlLabThunk } from './thunk';

/** What a save answers: the dataset's id, or the message to show. */
export type DatasetSaveOutcome = { id: number } | { error: string };

/** How many candidates the overwrite select offers per search. */
export const OVERWRITE_PAGE_SIZE = 50;

function savable(q: ClientQuery | undefined): q is ClientQuery & { dbId: number; sql: string } {
  return Boolean(q?.dbId && q.sql);
}

/** A new virtual dataset from a query's SQL, database, schema and template parameters. */
export function createDatasetFromQuery(queryId: string, tableName: string): SqlLabThunk<Promise<DatasetSaveOutcome>> {
  return async (_dispatch, getState) => {
    const q = getState().sqlLab.queries[queryId];
    if (!savable(q)) return { error: SqlLabMessage.DATASOURCE_CREATE_FAILED };
    try {
      const reply = await createDataset({
        database: q.dbId,
        catalog: q.catalog ?? null,
        schema: q.schema ?? null,
        sql: q.sql,
        table_name: tableName.trim(),
        template_params: q.templateParams ?? null,
      });
      logSqlLabEvent(LOG.CREATE_DATASET, q.sqlEditorId ? editorById(getState(), q.sqlEditorId) : null);
      return { id: reply.id };
    } catch (err) {
      return { error: toClientError(err).message };
    }
  };
}

/**
 * The query's SQL over an existing virtual dataset, as the peer sends it: the SQL, the result's
 * columns (the server syncs them with `override_columns`), the owners kept and the database.
 */
export function overwriteDatasetWithQuery(
  queryId: string,
  dataset: Pick<DatasetListItem, 'id' | 'owners'>,
): SqlLabThunk<Promise<DatasetSaveOutcome>> {
  return async (_dispatch, getState) => {
    const q = getState().sqlLab.queries[queryId];
    if (!savable(q)) return { error: SqlLabMessage.DATASOURCE_CREATE_FAILED };
    try {
      await request({
        url: `/api/v1/dataset/${dataset.id}`,
        method: 'PUT',
        params: { override_columns: true },
        body: {
          sql: q.sql,
          database_id: q.dbId,
          catalog: q.catalog ?? null,
          schema: q.schema ?? null,
          template_params: q.templateParams ?? null,
          owners: dataset.owners.map((o) => o.id),
          columns: (q.results?.columns ?? []).map((c) => ({ column_name: c.column_name || c.name, type: c.type, is_dttm: c.is_dttm })),
        },
      });
      logSqlLabEvent(LOG.CREATE_DATASET, q.sqlEditorId ? editorById(getState(), q.sqlEditorId) : null, { overwrite: true });
      return { id: dataset.id };
    } catch (err) {
      const e = toClientError(err);
      const fields = e.fieldErrors ? Object.values(e.fieldErrors).flat() : [];
      return { error: fields.length ? fields.join(' ') : e.message };
    }
  };
}

/** The virtual datasets the user owns whose name contains the text (the overwrite select's options). */
export async function ownedVirtualDatasets(userId: number, text: string): Promise<DatasetListItem[]> {
  const reply = await request<ListReply<DatasetListItem>>({
    url: '/api/v1/dataset/',
    q: {
      filters: [
        { col: 'table_name', opr: 'ct', value: text.trim().slice(0, 250) },
        { col: 'owners', opr: 'rel_m_m', value: userId },
        { col: 'sql', opr: 'dataset_is_null_or_empty', value: false },
      ],
      order_column: 'changed_on',
      order_direction: 'desc',
      page: 0,
      page_size: OVERWRITE_PAGE_SIZE,
    },
  });
  return reply.result;
}
