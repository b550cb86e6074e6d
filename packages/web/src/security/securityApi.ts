import type { ItemReply, ListQuery, ListReply, PermissionItem, RoleListItem, UserCreate, UserListItem, UserUpdate } from '@rama/shared';
import { api, unwrapResult } from '../app/api';

const USERS = '/api/v1/security/users';
const ROLES = '/api/v1/security/roles';

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
    listRoles: build.query<ListReply<RoleListItem>, void>({
      query: () => ({ url: `${ROLES}/` }),
      providesTags: [{ type: 'Role', id: 'LIST' }],
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
} = securityApi;
