import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AppShell } from './AppShell';
import { NotFoundPage } from '../core/NotFoundPage';
import { RequireAuth, RequirePermission } from './RequireAuth';
import { HOME_PATH } from '../core/nextPath';
import type { Access } from '../core/session';
// The home page every login lands on is in the first bundle: its frame and skeletons draw at once,
// with no wait for a page chunk (the shortlists fill as their data arrives).
import { WelcomePage } from '../welcome/WelcomePage';

// Pages load on first visit; the shell shows a spinner meanwhile.
const LoginPage = lazy(() => import('../security/LoginPage').then((m) => ({ default: m.LoginPage })));
const DatabaseListPage = lazy(() => import('../databases/DatabaseListPage').then((m) => ({ default: m.DatabaseListPage })));
const DatabaseBrowsePage = lazy(() => import('../databases/DatabaseBrowsePage').then((m) => ({ default: m.DatabaseBrowsePage })));
const UserListPage = lazy(() => import('../security/UserListPage').then((m) => ({ default: m.UserListPage })));
const RoleListPage = lazy(() => import('../security/RoleListPage').then((m) => ({ default: m.RoleListPage })));
const SavedQueryListPage = lazy(() => import('../savedqueries/SavedQueryListPage').then((m) => ({ default: m.SavedQueryListPage })));
const QueryHistoryPage = lazy(() => import('../queryhistory/QueryHistoryPage').then((m) => ({ default: m.QueryHistoryPage })));
const DatasetListPage = lazy(() => import('../datasets/DatasetListPage').then((m) => ({ default: m.DatasetListPage })));
const UploadPage = lazy(() => import('../upload/UploadPage').then((m) => ({ default: m.UploadPage })));
const DatasetAddPage = lazy(() => import('../datasets/DatasetAddPage').then((m) => ({ default: m.DatasetAddPage })));

const ExplorePage = lazy(() => import('../explore/ExplorePage').then((m) => ({ default: m.ExplorePage })));
const ChartListPage = lazy(() => import('../charts/ChartListPage').then((m) => ({ default: m.ChartListPage })));
const ChartAddPage = lazy(() => import('../charts/ChartAddPage').then((m) => ({ default: m.ChartAddPage })));
const RecentlyDeletedPage = lazy(() => import('../versions/RecentlyDeletedPage').then((m) => ({ default: m.RecentlyDeletedPage })));
const DashboardListPage = lazy(() => import('../dashboards/DashboardListPage').then((m) => ({ default: m.DashboardListPage })));

const DashboardPage = lazy(() => import('../dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const DashboardPermalinkPage = lazy(() =>
  import('../dashboard/DashboardPermalinkPage').then((m) => ({ default: m.DashboardPermalinkPage })),
);

const ReportListPage = lazy(() => import('../reports/ReportListPage').then((m) => ({ default: m.ReportListPage })));
const ReportLogPage = lazy(() => import('../reports/ReportLogPage').then((m) => ({ default: m.ReportLogPage })));

const RlsListPage = lazy(() => import('../rls/RlsListPage').then((m) => ({ default: m.RlsListPage })));
const AnnotationLayerListPage = lazy(() =>
  import('../annotations/AnnotationLayerListPage').then((m) => ({ default: m.AnnotationLayerListPage })),
);
const AnnotationListPage = lazy(() => import('../annotations/AnnotationListPage').then((m) => ({ default: m.AnnotationListPage })));
const ActionLogPage = lazy(() => import('../actionlog/ActionLogPage').then((m) => ({ default: m.ActionLogPage })));
const TagListPage = lazy(() => import('../tags/TagListPage').then((m) => ({ default: m.TagListPage })));
const EmbeddedPage = lazy(() => import('../embedded/EmbeddedPage').then((m) => ({ default: m.EmbeddedPage })));

const SqlLabPage = lazy(() => import('../sqllab/SqlLabPage').then((m) => ({ default: m.SqlLabPage })));

const isAdmin = (access: Access) => access.isAdmin;
const canReadSavedQuery = (access: Access) => access.canReadSavedQuery;
const canReadQuery = (access: Access) => access.canReadQuery;
const canReadDataset = (access: Access) => access.canReadDataset;
const canWriteDataset = (access: Access) => access.canWriteDataset;
const canReadChart = (access: Access) => access.canReadChart;
const canWriteChart = (access: Access) => access.canWriteChart;
const canReadDashboard = (access: Access) => access.canReadDashboard;
const canReadReports = (access: Access) => access.canReadReports;

export const router = createBrowserRouter([
  { path: '/login/', element: <LoginPage /> },
  // an embedded dashboard: no shell, no login (the guest token comes from the host page)
  { path: '/embedded/:uuid', element: <EmbeddedPage /> },
  {
    element: (
      <RequireAuth>
        <AppShell />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to={HOME_PATH} replace /> },
      { path: 'rama/welcome/', element: <WelcomePage /> },
      { path: 'databaseview/list/', element: <DatabaseListPage /> },
      { path: 'database/:databaseId/', element: <DatabaseBrowsePage /> },
      {
        path: 'tablemodelview/list/',
        element: (
          <RequirePermission allow={canReadDataset}>
            <DatasetListPage />
          </RequirePermission>
        ),
      },
      {
        path: 'upload/',
        element: (
          <RequirePermission allow={canWriteDataset}>
            <UploadPage />
          </RequirePermission>
        ),
      },
      {
        path: 'dataset/add/',
        element: (
          <RequirePermission allow={canWriteDataset}>
            <DatasetAddPage />
          </RequirePermission>
        ),
      },
      {
        path: 'savedqueryview/list/',
        element: (
          <RequirePermission allow={canReadSavedQuery}>
            <SavedQueryListPage />
          </RequirePermission>
        ),
      },
      {
        path: 'sqllab/history/',
        element: (
          <RequirePermission allow={canReadQuery}>
            <QueryHistoryPage />
          </RequirePermission>
        ),
      },
      {
        path: 'users/list/',
        element: (
          <RequirePermission allow={isAdmin}>
            <UserListPage />
          </RequirePermission>
        ),
      },
      {
        path: 'roles/list/',
        element: (
          <RequirePermission allow={isAdmin}>
            <RoleListPage />
          </RequirePermission>
        ),
      },
      {
        path: 'rowlevelsecurity/list/',
        element: (
          <RequirePermission allow={isAdmin}>
            <RlsListPage />
          </RequirePermission>
        ),
      },
      {
        path: 'chart/list/',
        element: (
          <RequirePermission allow={canReadChart}>
            <ChartListPage />
          </RequirePermission>
        ),
      },
      {
        // the peer's "Create a new chart" page
        path: 'chart/add',
        element: (
          <RequirePermission allow={canWriteChart}>
            <ChartAddPage />
          </RequirePermission>
        ),
      },
      {
        path: 'rama/recently_deleted/',
        element: (
          <RequirePermission allow={(access) => access.isAdmin}>
            <RecentlyDeletedPage />
          </RequirePermission>
        ),
      },
      {
        path: 'dashboard/list/',
        element: (
          <RequirePermission allow={(access) => access.canReadDashboard}>
            <DashboardListPage />
          </RequirePermission>
        ),
      },
      {
        path: 'explore/',
        element: (
          <RequirePermission allow={canReadChart}>
            <ExplorePage />
          </RequirePermission>
        ),
      },
      {
        path: 'explore/p/:key/',
        element: (
          <RequirePermission allow={canReadChart}>
            <ExplorePage />
          </RequirePermission>
        ),
      },
      {
        path: 'rama/dashboard/p/:key/',
        element: (
          <RequirePermission allow={canReadDashboard}>
            <DashboardPermalinkPage />
          </RequirePermission>
        ),
      },
      {
        path: 'rama/dashboard/:idOrSlug/',
        element: (
          <RequirePermission allow={canReadDashboard}>
            <DashboardPage />
          </RequirePermission>
        ),
      },
      // one page for the two lists, and for the two logs: the address says which kind
      ...(['alert', 'report'] as const).flatMap((prefix) => {
        const type = prefix === 'alert' ? 'Alert' : 'Report';
        return [
          {
            path: `${prefix}/list/`,
            element: (
              <RequirePermission allow={canReadReports}>
                <ReportListPage key={type} type={type} />
              </RequirePermission>
            ),
          },
          {
            path: `${prefix}/:reportId/log/`,
            element: (
              <RequirePermission allow={canReadReports}>
                <ReportLogPage type={type} />
              </RequirePermission>
            ),
          },
        ];
      }),
      {
        path: 'logmodelview/list/',
        element: (
          <RequirePermission allow={isAdmin}>
            <ActionLogPage />
          </RequirePermission>
        ),
      },
      { path: 'sqllab/', element: <SqlLabPage /> },
      { path: 'sqllab/p/:key', element: <SqlLabPage /> },
      { path: 'annotationlayer/list/', element: <AnnotationLayerListPage /> },
      { path: 'annotationlayer/:layerId/annotation/', element: <AnnotationListPage /> },
      {
        path: 'tag/list/',
        element: (
          <RequirePermission allow={canReadChart}>
            <TagListPage />
          </RequirePermission>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
