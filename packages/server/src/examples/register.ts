import type { AppContext } from '../context.js';
import { DatabaseService } from '../databases/service.js';
import { nowIso } from '../metadata/db.js';
import { examplesDatabase, setDatabaseFields } from '../metadata/repos/databases.js';

export const EXAMPLES_DATABASE_NAME = 'examples';

/** Register (or re-point) the read-only `examples` database at the DuckDB file. */
export async function registerExamplesDatabase(ctx: AppContext, path: string): Promise<number> {
  const uri = `duckdb:///${path}`;
  const db = ctx.store.db;
  const existing = await examplesDatabase(db);
  if (existing) {
    if (existing.sqlalchemy_uri !== uri) {
      await setDatabaseFields(db, existing.id, { sqlalchemy_uri: uri, changed_on: nowIso() });
      await ctx.connections.invalidate(existing.id);
    }
    return existing.id;
  }
  const created = await new DatabaseService(ctx).create(
    null,
    {
      database_name: EXAMPLES_DATABASE_NAME,
      sqlalchemy_uri: uri,
      expose_in_sqllab: true,
      allow_run_async: true,
      allow_dml: false,
      extra: JSON.stringify({ cost_estimate_enabled: true }),
    },
    { isExamples: true },
  );
  return created.id;
}
