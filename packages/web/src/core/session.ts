import { hasPermission, isAdminRoleName, type BootstrapData, type CurrentUser, type SessionLogin } from '@rama/shared';
import { api, unwrapResult } from './api';

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBootstrap: build.query<BootstrapData, void>({
      query: () => ({ url: '/api/v1/common/bootstrap/', skipSessionCheck: true }),
      transformResponse: unwrapResult<BootstrapData>,
      providesTags: ['Session'],
    }),
    login: build.mutation<CurrentUser, SessionLogin>({
      query: (body) => ({ url: '/login/', method: 'POST', body, skipSessionCheck: true }),
      transformResponse: unwrapResult<CurrentUser>,
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: '/logout/', method: 'POST', body: {}, skipSessionCheck: true }),
    }),
  }),
});

export const { useGetBootstrapQuery, useLoginMutation, useLogoutMutation } = sessionApi;

/** What the signed-in user may see; the server checks every action again. */
export interface Access {
  isAdmin: boolean;
  /** Create, edit and delete database connections. */
  canWriteDatabase: boolean;
  /** Open SQL Lab (`can_sqllab` on `Rama`). */
  canSqlLab: boolean;
  canReadSavedQuery: boolean;
  /** Edit and delete saved queries. */
  canWriteSavedQuery: boolean;
  /** The query history (`can_read` on `Query`). */
  canReadQuery: boolean;
  /** Every user's queries in the history, not only one's own. */
  canSeeAllQueries: boolean;
  canReadDataset: boolean;
  /** Delete datasets; the server still allows it to owners and admins only. */
  canWriteDataset: boolean;
  /** The chart list and Explore (`can_read` on `Chart`). */
  canReadChart: boolean;
  /** Save charts (`can_add` of Explore: `can_write` on `Chart`). */
  canWriteChart: boolean;
  /** Explore (`can_explore` on `Rama`). */
  canExplore: boolean;
  /** Download data as CSV or Excel (`can_download` of Explore: `can_csv` on `Rama`). */
  canCsv: boolean;
  /** Share chart permalinks (`can_share_chart` on `Rama`). */
  canShareChart: boolean;
  canReadDashboard: boolean;
  /** Create dashboards (from the save-chart dialog too). */
  canWriteDashboard: boolean;
  /** The alerts and reports list (`can_read` on `ReportSchedule`). */
  canReadReports: boolean;
  /** Set up, edit and delete alerts and reports; the server allows edits to owners and admins only. */
  canWriteReports: boolean;
}

/** An anonymous visitor served as the Public role (PUBLIC_ROLE_LIKE): may open dashboards, nothing else. */
export function isAnonymousUser(user: Pick<CurrentUser, 'is_anonymous'> | null | undefined): boolean {
  return user?.is_anonymous === true;
}

/** What an anonymous visitor may hold whatever the Public role grants (the server keeps the same list). */
const ANONYMOUS_PAIRS = new Set(['can_read Chart', 'can_read Dashboard', 'can_csv Rama']);

export function getAccess(user: CurrentUser | null | undefined): Access {
  const roles = user?.roles ?? {};
  const anonymous = isAnonymousUser(user);
  const can = (permission: string, view: string) =>
    (!anonymous || ANONYMOUS_PAIRS.has(`${permission} ${view}`)) && hasPermission(roles, permission, view);
  return {
    isAdmin: !anonymous && Object.keys(roles).some(isAdminRoleName),
    canWriteDatabase: can('can_write', 'Database'),
    canSqlLab: can('can_sqllab', 'Rama'),
    canReadSavedQuery: can('can_read', 'SavedQuery'),
    canWriteSavedQuery: can('can_write', 'SavedQuery'),
    canReadQuery: can('can_read', 'Query'),
    canSeeAllQueries: can('all_query_access', 'all_query_access'),
    canReadDataset: can('can_read', 'Dataset'),
    canWriteDataset: can('can_write', 'Dataset'),
    canReadChart: can('can_read', 'Chart'),
    canWriteChart: can('can_write', 'Chart'),
    canExplore: can('can_explore', 'Rama'),
    canCsv: can('can_csv', 'Rama'),
    canShareChart: can('can_share_chart', 'Rama'),
    canReadDashboard: can('can_read', 'Dashboard'),
    canWriteDashboard: can('can_write', 'Dashboard'),
    canReadReports: can('can_read', 'ReportSchedule'),
    canWriteReports: can('can_write', 'ReportSchedule'),
  };
}

export interface Session {
  user: CurrentUser;
  access: Access;
  bootstrap: BootstrapData;
}

/** The signed-in session; only used below `RequireAuth`, which guarantees a user. */
export function useSession(): Session {
  const { data } = useGetBootstrapQuery();
  if (!data?.user) throw new Error('useSession used outside RequireAuth');
  return { user: data.user, access: getAccess(data.user), bootstrap: data };
}

export function displayName(user: Pick<CurrentUser, 'first_name' | 'last_name' | 'username'>): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
}
