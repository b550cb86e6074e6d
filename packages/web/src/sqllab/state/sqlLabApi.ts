/** The HTTP calls SQL Lab makes (spec §7), through the app's fetch wrapper (CSRF, errors). Query runs are in queryApi.ts. */
import type {
  ItemReply,
  PermalinkValue,
  SavedQueryRecord,
  SavedQueryWrite,
  SqlLabBootstrapReply,
  TableMetadataReply,
  TabStateRecord,
} from '@rama/shared';
import { request } from '../../core/api';

export const stopQueryRequest = (clientId: string) =>
  request<{ result: string }>({ url: '/api/v1/query/stop', method: 'POST', body: { client_id: clientId } });

export const estimateCost = (body: {
  database_id: number;
  catalog: string | null;
  schema: string | null;
  sql: string;
  template_params: string | null;
}) => request<{ result: Record<string, unknown>[] }>({ url: '/api/v1/sqllab/estimate/', method: 'POST', body });

export const formatSql = (sql: string, databaseId: number | null) =>
  request<{ result: string }>({
    url: '/api/v1/sqllab/format_sql/',
    method: 'POST',
    body: databaseId ? { sql, database_id: databaseId } : { sql },
  });

export const exportCsvUrl = (clientId: string) => `/api/v1/sqllab/export/${encodeURIComponent(clientId)}/`;

export const createPermalink = (body: {
  name: string;
  dbId: number;
  catalog: string | null;
  schema: string | null;
  autorun: boolean;
  sql: string;
  templateParams: string | null;
}) => request<{ key: string; url: string }>({ url: '/api/v1/sqllab/permalink', method: 'POST', body });

export const getPermalink = (key: string) => request<PermalinkValue>({ url: `/api/v1/sqllab/permalink/${encodeURIComponent(key)}` });

export const getSavedQuery = (id: number) => request<ItemReply<SavedQueryRecord>>({ url: `/api/v1/saved_query/${id}` });
export const createSavedQuery = (body: SavedQueryWrite) =>
  request<ItemReply<SavedQueryRecord>>({ url: '/api/v1/saved_query/', method: 'POST', body });
export const updateSavedQuery = (id: number, body: Partial<SavedQueryWrite>) =>
  request<ItemReply<SavedQueryRecord>>({ url: `/api/v1/saved_query/${id}`, method: 'PUT', body });

export interface QueryDetail {
  id: number;
  client_id: string;
  database: { id: number; database_name: string };
  catalog: string | null;
  schema: string | null;
  sql: string;
  tab_name: string | null;
  template_params: string | null;
}
export const getQueryDetail = (id: number) => request<{ id: number; result: QueryDetail }>({ url: `/api/v1/query/${id}` });

export const getFormData = (key: string) =>
  request<{ result: { datasourceKey: string | null; sql: string } }>({ url: `/api/v1/sqllab/form_data/${encodeURIComponent(key)}` });

export const getDatasetForSqlLab = (id: number) =>
  request<{
    result: {
      name?: string;
      table_name?: string;
      schema: string | null;
      database: { id: number };
      select_star?: string;
      sql?: string | null;
    };
  }>({
    url: `/api/v1/dataset/${id}`,
    q: { columns: ['name', 'table_name', 'schema', 'database.id', 'select_star', 'sql'] },
  });

export const createDataset = (body: {
  database: number;
  catalog: string | null;
  schema: string | null;
  sql: string;
  table_name: string;
  template_params: string | null;
}) => request<{ id: number; result: unknown }>({ url: '/api/v1/dataset/', method: 'POST', body });

export const getTableMetadata = (dbId: number, catalog: string | null, schema: string | null, name: string) =>
  request<TableMetadataReply>({
    url: `/api/v1/database/${dbId}/table_metadata/`,
    params: { name, schema: schema ?? undefined, catalog: catalog ?? undefined },
  });

export const getSqlLabBootstrap = () => request<{ result: SqlLabBootstrapReply }>({ url: '/api/v1/sqllab/' });

// Backend tab persistence (JSON bodies; the server takes forms or JSON)
export const createTabState = (body: { queryEditor: Record<string, unknown> }) =>
  request<{ id: number }>({ url: '/tabstateview/', method: 'POST', body });
export const getTabState = (id: number) => request<TabStateRecord>({ url: `/tabstateview/${id}` });
export const updateTabState = (id: number, body: Record<string, unknown>) =>
  request<{ id: number }>({ url: `/tabstateview/${id}`, method: 'PUT', body });
export const activateTabState = (id: number) => request<{ id: number }>({ url: `/tabstateview/${id}/activate`, method: 'POST', body: {} });
export const deleteTabState = (id: number) => request<{ message: string }>({ url: `/tabstateview/${id}`, method: 'DELETE' });
export const migrateQuery = (tabId: number, queryId: string) =>
  request<{ id: number }>({ url: `/tabstateview/${tabId}/migrate_query`, method: 'POST', body: { queryId } });
export const deleteTabQuery = (tabId: number, queryId: string) =>
  request<{ message: string }>({ url: `/tabstateview/${tabId}/query/${encodeURIComponent(queryId)}`, method: 'DELETE' });
export const createTableSchema = (body: { table: Record<string, unknown> }) =>
  request<{ id: number }>({ url: '/tableschemaview/', method: 'POST', body });
export const setTableSchemaExpanded = (id: number, expanded: boolean) =>
  request<{ id: number }>({ url: `/tableschemaview/${id}/expanded`, method: 'POST', body: { expanded } });
export const deleteTableSchema = (id: number) => request<{ message: string }>({ url: `/tableschemaview/${id}`, method: 'DELETE' });
