/** Test helpers for the dashboard API tests: the users and datasets they start from, and a dashboard's charts. */
import { datasetPermView } from '../access/datasets.js';
import { examplesDataset } from './datasets.js';
import type { Client, TestServer } from './server.js';
import { customRole, loggedInUser } from './users.js';

type User = { client: Client; id: number };

export interface DashboardTestWorld {
  admin: Client;
  /** the flights and stocks datasets of the examples database */
  flights: number;
  stocks: number;
  /** Gamma users who read flights only */
  alice: User;
  bob: User;
  /** can_read on Dashboard and reads flights, nothing else */
  rita: User;
}

/** The flights and stocks datasets, and alice, bob (Gamma, read flights) and rita (reads dashboards and flights). */
export async function dashboardTestWorld(server: TestServer): Promise<DashboardTestWorld> {
  const admin = await server.admin();
  const flights = await examplesDataset(server, admin, 'flights');
  const stocks = await examplesDataset(server, admin, 'stocks');
  await customRole(server, 'flights_readers', [['datasource_access', datasetPermView('examples', 'flights', flights)]]);
  await customRole(server, 'dashboard_readers', [
    ['can_read', 'Dashboard'],
    ['datasource_access', datasetPermView('examples', 'flights', flights)],
  ]);
  const alice = await loggedInUser(server, admin, 'alice', ['Gamma', 'flights_readers']);
  const bob = await loggedInUser(server, admin, 'bob', ['Gamma', 'flights_readers']);
  const rita = await loggedInUser(server, admin, 'rita', ['dashboard_readers']);
  return { admin, flights, stocks, alice, bob, rita };
}

/** The ids of the charts a dashboard is linked to (its dashboard_slices rows), in order. */
export async function dashboardChartIds(server: TestServer, dashboardId: number): Promise<number[]> {
  const rows = await server.ctx.store.db
    .selectFrom('dashboard_slices')
    .select('slice_id')
    .where('dashboard_id', '=', dashboardId)
    .orderBy('slice_id')
    .execute();
  return rows.map((r) => r.slice_id);
}
