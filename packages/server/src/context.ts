import type { FastifyBaseLogger } from 'fastify';
import type { RamaConfig } from './config.js';
import type { MetadataStore } from './metadata/db.js';
import type { TokenService } from './security/tokens.js';
import type { DatabaseConnections } from './execution/connections.js';
import type { SqlLabRuntime } from './sqllab/runtime.js';
import type { Executor } from './execution/executor.js';
import type { ChartDataService } from './chartdata/engine.js';
import type { ReportsRuntime } from './reports/runtime.js';
import type { AsyncQueries } from './async/service.js';
import type { VersionHistory } from './versions/service.js';

/** What every feature's routes and services receive: configuration and the shared stores. */
export interface AppContext {
  config: RamaConfig;
  store: MetadataStore;
  tokens: TokenService;
  connections: DatabaseConnections;
  log: FastifyBaseLogger;
  /** the one path that runs SQL (execution/) */
  execution: Executor;
  sqllab: SqlLabRuntime;
  /** chart data: compiler, cache and single flight (one per process) */
  charts: ChartDataService;
  /** reports and alerts: captures, runs and (where this process schedules) the scheduler */
  reports: ReportsRuntime;
  /** asynchronous chart delivery (GLOBAL_ASYNC_QUERIES): job queue and event channels */
  asyncQueries: AsyncQueries;
  /** version history of charts, dashboards, datasets and saved queries (versions/) */
  versions: VersionHistory;
}
