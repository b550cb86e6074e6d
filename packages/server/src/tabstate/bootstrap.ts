import type { QueryRecord, TabStateRecord } from '@rama/shared';
import type { AppContext } from '../context.js';
import { canAccessDatabase } from '../access/databases.js';
import type { Principal } from '../security/principal.js';
import { recentTabQueries, userQueriesByClientIds } from '../metadata/repos/queries.js';
import { activeUserTab, userTabs } from '../metadata/repos/tab-state.js';
import { presentQueries } from '../sqllab/present.js';
import type { SqlLabDatabase } from '@rama/shared';
import { presentSqlLabDatabase } from './present.js';
import type { TabStateService } from './service.js';
import { sqlLabDatabases } from '../metadata/repos/databases.js';

/** How many of the user's tab queries the bootstrap carries (newest first). */
export const BOOTSTRAP_QUERY_LIMIT = 100;

export interface SqlLabBootstrap {
  active_tab: TabStateRecord | null;
  databases: Record<string, SqlLabDatabase>;
  queries: Record<string, QueryRecord>;
  tab_state_ids: { id: number; label: string }[];
}

/** GET /api/v1/sqllab/: everything SQL Lab needs to open — the user's tabs, their queries, the databases. */
export async function loadSqlLabBootstrap(ctx: AppContext, tabs: TabStateService, user: Principal): Promise<SqlLabBootstrap> {
  const db = ctx.store.db;
  const dbRows = await sqlLabDatabases(db);
  const databases: Record<string, SqlLabDatabase> = {};
  for (const row of dbRows) if (canAccessDatabase(user, row)) databases[row.id] = presentSqlLabDatabase(row);

  const tabRows = await userTabs(db, user.id);
  // the active tab, or another one when none is marked active
  const activeRow = await activeUserTab(db, user.id);

  const queries: Record<string, QueryRecord> = {};
  if (tabRows.length) {
    const recent = await recentTabQueries(
      db,
      user.id,
      tabRows.map((t) => String(t.id)),
      BOOTSTRAP_QUERY_LIMIT,
    );
    // each tab's latest query, even when older than the most recent ones
    const have = new Set(recent.map((q) => q.client_id));
    const missing = tabRows.map((t) => t.latest_query_id).filter((id): id is string => id !== null && !have.has(id));
    const latest = missing.length ? await userQueriesByClientIds(db, user.id, missing) : [];
    for (const q of await presentQueries(db, [...recent, ...latest])) queries[q.id] = q;
  }

  return {
    active_tab: activeRow ? await tabs.present(activeRow) : null,
    databases,
    queries,
    tab_state_ids: tabRows.map((t) => ({ id: t.id, label: t.label })),
  };
}
