import type {
  AvailableEngine,
  AvailableEnginesReply,
  DatabaseDetail,
  DatabaseListItem,
  DatabaseTestConnection,
  DatabaseWrite,
  ItemReply,
  ListQuery,
  ListReply,
  TableListItem,
  TableMetadataReply,
} from '@rama/shared';
import { api, unwrapResult } from '../core/api';

export interface SchemasArgs {
  databaseId: number;
  catalog: string | null;
  /** Bypass the server's metadata cache (the Refresh button). Not part of the cache key. */
  force?: boolean;
}

export interface TablesArgs extends SchemasArgs {
  schema: string;
}

export interface TableArgs {
  databaseId: number;
  catalog: string | null;
  schema: string;
  table: string;
}

export interface TablesReply {
  count: number;
  result: TableListItem[];
}

const BASE = '/api/v1/database';

/** The cache key of a metadata call: its arguments without `force`. */
function metadataCacheKey(endpointName: string, args: SchemasArgs | TablesArgs): string {
  const entries = Object.entries(args).filter(([name]) => name !== 'force');
  entries.sort(([a], [b]) => a.localeCompare(b));
  return `${endpointName}(${JSON.stringify(Object.fromEntries(entries))})`;
}

function tableParams(args: TableArgs): Record<string, string | undefined> {
  return { name: args.table, schema: args.schema, catalog: args.catalog ?? undefined };
}

export const databaseApi = api.injectEndpoints({
  endpoints: (build) => ({
    listDatabases: build.query<ListReply<DatabaseListItem>, ListQuery>({
      query: (q) => ({ url: `${BASE}/`, q }),
      providesTags: (reply) => [
        { type: 'Database', id: 'LIST' },
        ...(reply?.result ?? []).map((db) => ({ type: 'Database' as const, id: db.id })),
      ],
    }),
    availableEngines: build.query<AvailableEngine[], void>({
      query: () => ({ url: `${BASE}/available/` }),
      transformResponse: (reply: AvailableEnginesReply) => reply.databases,
    }),
    getDatabase: build.query<DatabaseDetail, number>({
      query: (id) => ({ url: `${BASE}/${id}` }),
      transformResponse: (reply: ItemReply<DatabaseDetail>) => reply.result,
      providesTags: (_reply, _error, id) => [{ type: 'Database', id }],
    }),
    createDatabase: build.mutation<ItemReply<DatabaseDetail>, DatabaseWrite>({
      query: (body) => ({ url: `${BASE}/`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Database', id: 'LIST' }],
    }),
    updateDatabase: build.mutation<ItemReply<DatabaseDetail>, { id: number; body: Partial<DatabaseWrite> }>({
      query: ({ id, body }) => ({ url: `${BASE}/${id}`, method: 'PUT', body }),
      invalidatesTags: (_reply, _error, { id }) => [
        { type: 'Database', id },
        { type: 'Database', id: 'LIST' },
        { type: 'DatabaseMetadata', id },
      ],
    }),
    deleteDatabase: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `${BASE}/${id}`, method: 'DELETE' }),
      invalidatesTags: (_reply, _error, id) => [
        { type: 'Database', id },
        { type: 'Database', id: 'LIST' },
      ],
    }),
    testConnection: build.mutation<{ message: string }, DatabaseTestConnection>({
      query: (body) => ({ url: `${BASE}/test_connection/`, method: 'POST', body }),
    }),
    getCatalogs: build.query<string[], number>({
      query: (id) => ({ url: `${BASE}/${id}/catalogs/` }),
      transformResponse: unwrapResult<string[]>,
      providesTags: (_reply, _error, id) => [{ type: 'DatabaseMetadata', id }],
    }),
    getSchemas: build.query<string[], SchemasArgs>({
      query: ({ databaseId, catalog, force }) => ({
        url: `${BASE}/${databaseId}/schemas/`,
        q: catalog ? { force: Boolean(force), catalog } : { force: Boolean(force) },
      }),
      serializeQueryArgs: ({ endpointName, queryArgs }) => metadataCacheKey(endpointName, queryArgs),
      transformResponse: unwrapResult<string[]>,
      providesTags: (_reply, _error, { databaseId }) => [{ type: 'DatabaseMetadata', id: databaseId }],
    }),
    getTables: build.query<TablesReply, TablesArgs>({
      query: ({ databaseId, catalog, schema, force }) => ({
        url: `${BASE}/${databaseId}/tables/`,
        q: catalog ? { force: Boolean(force), schema_name: schema, catalog_name: catalog } : { force: Boolean(force), schema_name: schema },
      }),
      serializeQueryArgs: ({ endpointName, queryArgs }) => metadataCacheKey(endpointName, queryArgs),
      providesTags: (_reply, _error, { databaseId }) => [{ type: 'DatabaseMetadata', id: databaseId }],
    }),
    getTableMetadata: build.query<TableMetadataReply, TableArgs>({
      query: (args) => ({ url: `${BASE}/${args.databaseId}/table_metadata/`, params: tableParams(args) }),
      providesTags: (_reply, _error, { databaseId }) => [{ type: 'DatabaseMetadata', id: databaseId }],
    }),
    getTableExtraMetadata: build.query<Record<string, unknown>, TableArgs>({
      query: (args) => ({ url: `${BASE}/${args.databaseId}/table_metadata/extra/`, params: tableParams(args) }),
      providesTags: (_reply, _error, { databaseId }) => [{ type: 'DatabaseMetadata', id: databaseId }],
    }),
    getSelectStar: build.query<string, TableArgs>({
      query: ({ databaseId, schema, table }) => ({
        url: `${BASE}/${databaseId}/select_star/${encodeURIComponent(table)}/${encodeURIComponent(schema)}/`,
      }),
      transformResponse: unwrapResult<string>,
      providesTags: (_reply, _error, { databaseId }) => [{ type: 'DatabaseMetadata', id: databaseId }],
    }),
  }),
});

export const {
  useAvailableEnginesQuery,
  useListDatabasesQuery,
  useGetDatabaseQuery,
  useCreateDatabaseMutation,
  useUpdateDatabaseMutation,
  useDeleteDatabaseMutation,
  useTestConnectionMutation,
  useGetCatalogsQuery,
  useGetSchemasQuery,
  useGetTablesQuery,
  useGetTableMetadataQuery,
  useGetTableExtraMetadataQuery,
  useGetSelectStarQuery,
} = databaseApi;
