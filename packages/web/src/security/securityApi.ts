import type {
  DatasetListItem,
  ItemReply,
  ListQuery,
  ListReply,
  PermissionItem,
  PermissionResource,
  RoleListItem,
  UserCreate,
  UserListItem,
  UserUpdate,
} from '@rama/shared';
import { api, request, toClientError, unwrapResult } from '../core/api';
import type { GrantableDataset } from './roleAccess';

const USERS = '/api/v1/security/users';
const ROLES = '/api/v1/security/roles';
const PAGE = 1000;
/** At most this many pages of a list are read for the role modal (50,000 rows). */
const MAX_PAGES = 50;

/** Every row of a list endpoint, a page of 1,000 at a time. */
async function readAll<T>(url: string, q: ListQuery = {}): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const reply = await request<ListReply<T>>({ url, q: { ...q, page, page_size: PAGE } });
    rows.push(...reply.result);
    if (reply.result.length < PAGE || rows.length >= reply.count) break;
  }
  return rows;
}

async function asQuery<T>(run: () => Promise<T>) {
  try {
    return { data: await run() };
  } catch (error) {
    return { error: toClientError(error) };
  }
}

const roleChanged = (id: number) => [
  { type: 'Role' as const, id },
  { type: 'Role' as const, id: 'LIST' },
];

export const securityApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<ListReply<UserListItem>, ListQuery>({
      query: (q) => ({ url: `${USERS}/`, q }),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    getUser: build.query<UserListItem, number>({
      query: (id) => ({ url: `${USERS}/${id}` }),
      transformResponse: (reply: ItemReply<UserListItem>) => reply.result,
      providesTags: (_reply, _error, id) => [{ type: 'User', id }],
    }),
    createUser: build.mutation<ItemReply<UserListItem>, UserCreate>({
      query: (body) => ({ url: `${USERS}/`, method: 'POST', body }),
      invalidatesTags: [
        { type: 'User', id: 'LIST' },
        { type: 'Role', id: 'LIST' },
      ],
    }),
    updateUser: build.mutation<ItemReply<UserListItem>, { id: number; body: UserUpdate }>({
      query: ({ id, body }) => ({ url: `${USERS}/${id}`, method: 'PUT', body }),
      invalidatesTags: (_reply, _error, { id }) => [
        { type: 'User', id },
        { type: 'User', id: 'LIST' },
        { type: 'Role', id: 'LIST' },
      ],
    }),
    deleteUser: build.mutation<unknown, number>({
      query: (id) => ({ url: `${USERS}/${id}`, method: 'DELETE' }),
      invalidatesTags: (_reply, _error, id) => [
        { type: 'User', id },
        { type: 'User', id: 'LIST' },
        { type: 'Role', id: 'LIST' },
      ],
    }),
    listRoles: build.query<ListReply<RoleListItem>, ListQuery | void>({
      query: (q) => ({ url: `${ROLES}/`, q: q ?? { page_size: PAGE } }),
      providesTags: [{ type: 'Role', id: 'LIST' }],
    }),
    createRole: build.mutation<ItemReply<{ name: string }>, string>({
      query: (name) => ({ url: `${ROLES}/`, method: 'POST', body: { name } }),
      invalidatesTags: [{ type: 'Role', id: 'LIST' }],
    }),
    renameRole: build.mutation<ItemReply<{ name: string }>, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: `${ROLES}/${id}`, method: 'PUT', body: { name } }),
      invalidatesTags: (_reply, _error, { id }) => [...roleChanged(id), { type: 'User', id: 'LIST' }],
    }),
    deleteRole: build.mutation<unknown, number>({
      query: (id) => ({ url: `${ROLES}/${id}`, method: 'DELETE' }),
      invalidatesTags: (_reply, _error, id) => [...roleChanged(id), { type: 'User', id: 'LIST' }],
    }),
    setRolePermissions: build.mutation<unknown, { id: number; permissionIds: number[] }>({
      query: ({ id, permissionIds }) => ({
        url: `${ROLES}/${id}/permissions`,
        method: 'POST',
        body: { permission_view_menu_ids: permissionIds },
      }),
      invalidatesTags: (_reply, _error, { id }) => roleChanged(id),
    }),
    setRoleUsers: build.mutation<unknown, { id: number; userIds: number[] }>({
      query: ({ id, userIds }) => ({ url: `${ROLES}/${id}/users`, method: 'PUT', body: { user_ids: userIds } }),
      invalidatesTags: (_reply, _error, { id }) => [...roleChanged(id), { type: 'User', id: 'LIST' }],
    }),
    /** Everything a role can be granted (the server creates missing data permissions first). */
    listPermissionResources: build.query<PermissionResource[], void>({
      queryFn: () => asQuery(() => readAll<PermissionResource>('/api/v1/security/permissions-resources/')),
      providesTags: [{ type: 'Role', id: 'RESOURCES' }],
    }),
    /** Every dataset, for the data access tree (databases → schemas → datasets). */
    listGrantableDatasets: build.query<GrantableDataset[], void>({
      queryFn: () =>
        asQuery(async () =>
          (await readAll<DatasetListItem>('/api/v1/dataset/', { order_column: 'table_name', order_direction: 'asc' })).map((d) => ({
            id: d.id,
            table_name: d.table_name,
            schema: d.schema,
            database: d.database,
          })),
        ),
      providesTags: [{ type: 'Role', id: 'RESOURCES' }],
    }),
    /** The users holding a role. */
    listRoleUsers: build.query<UserListItem[], number>({
      queryFn: (id) =>
        asQuery(() =>
          readAll<UserListItem>(`${USERS}/`, { filters: [{ col: 'roles', opr: 'rel_m_m', value: id }], order_column: 'username' }),
        ),
      providesTags: (_reply, _error, id) => [
        { type: 'Role', id },
        { type: 'User', id: 'LIST' },
      ],
    }),
    getRolePermissions: build.query<PermissionItem[], number>({
      query: (id) => ({ url: `${ROLES}/${id}/permissions/` }),
      transformResponse: unwrapResult<PermissionItem[]>,
      providesTags: (_reply, _error, id) => [{ type: 'Role', id }],
    }),
  }),
});

export const {
  useListUsersQuery,
  useGetUserQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useListRolesQuery,
  useGetRolePermissionsQuery,
  useCreateRoleMutation,
  useRenameRoleMutation,
  useDeleteRoleMutation,
  useSetRolePermissionsMutation,
  useSetRoleUsersMutation,
  useListPermissionResourcesQuery,
  useListGrantableDatasetsQuery,
  useListRoleUsersQuery,
} = securityApi;
