import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { securityRoutes } from './accounts/routes.js';
import { databaseRoutes } from './databases/routes.js';
import { sqllabRoutes } from './sqllab/routes.js';
import { savedQueryRoutes } from './savedqueries/routes.js';
import { permalinkRoutes } from './permalinks/routes.js';
import { tabStateRoutes } from './tabstate/routes.js';
import { datasetRoutes } from './datasets/routes.js';
import { logRoutes } from './log/routes.js';
import { timeRangeRoutes } from './timerange/routes.js';
import { chartDataRoutes } from './chartdata/routes.js';
import { asyncEventRoutes } from './async/routes.js';
import { chartRoutes } from './charts/chart-routes.js';
import { dashboardRoutes } from './dashboards/routes.js';
import { exploreRoutes } from './explore/routes.js';
import { reportRoutes } from './reports/routes.js';
import { mapRoutes } from './maps/routes.js';
import { roleRoutes } from './accounts/roles-routes.js';
import { rlsRoutes } from './rls/routes.js';
import { embeddedRoutes } from './embedded/routes.js';
import { annotationRoutes } from './annotations/routes.js';
import { tagRoutes } from './tags/routes.js';
import { thumbnailRoutes } from './thumbnails/routes.js';
import { uploadRoutes } from './uploads/routes.js';
import { versionRoutes } from './versions/routes.js';
import { preferencesRoutes } from './preferences/routes.js';

/** Every feature's routes; each feature folder exports one `(app, ctx) => void` registrar. */
export const featureRoutes: ((app: FastifyInstance, ctx: AppContext) => unknown)[] = [
  securityRoutes,
  databaseRoutes,
  sqllabRoutes,
  savedQueryRoutes,
  permalinkRoutes,
  tabStateRoutes,
  datasetRoutes,
  logRoutes,
  timeRangeRoutes,
  chartDataRoutes,
  asyncEventRoutes,
  chartRoutes,
  dashboardRoutes,
  exploreRoutes,
  reportRoutes,
  mapRoutes,
  roleRoutes,
  rlsRoutes,
  embeddedRoutes,
  annotationRoutes,
  tagRoutes,
  thumbnailRoutes,
  uploadRoutes,
  versionRoutes,
  preferencesRoutes,
];
