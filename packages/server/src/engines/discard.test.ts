/**
 * `discard()` on the embedded engines: a connection whose session was changed is closed on
 * release, so the next borrower of a one-connection pool starts from a fresh session (its
 * temporary tables and settings gone), while an ordinary release hands the same session on.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EnginePool, EngineSpec } from './types.js';
import { duckdbSpec } from './duckdb/spec.js';
import { sqliteSpec } from './sqlite/spec.js';
import { parseUri } from './uri.js';

const dir = mkdtempSync(join(tmpdir(), 'rama-discard-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function openPool(spec: EngineSpec, scheme: string, file: string): Promise<EnginePool> {
  return spec.connect({
    uri: parseUri(`${scheme}:///${file}`),
    readOnly: false,
    disableExternalAccess: true,
    poolSize: 1,
    connectTimeoutMs: 5000,
  });
}

/** Does the pool's next connection still see the temporary table made on the one before? */
async function seesTemp(pool: EnginePool): Promise<boolean> {
  const conn = await pool.acquire();
  try {
    await conn.execute('SELECT count(*) FROM session_scratch');
    return true;
  } catch {
    return false;
  } finally {
    conn.release();
  }
}

describe.each([
  ['duckdb', duckdbSpec, 'duckdb', 'discard.duckdb'],
  ['sqlite', sqliteSpec, 'sqlite', 'discard.db'],
] as const)('%s: a discarded connection is not handed on', (_name, spec, scheme, name) => {
  it('an ordinary release keeps the session; a discarded one starts the next borrower afresh', async () => {
    const file = join(dir, name);
    // SQLite opens existing files only
    if (scheme === 'sqlite') writeFileSync(file, '');
    const pool = await openPool(spec, scheme, file);
    try {
      const kept = await pool.acquire();
      await kept.execute('CREATE TEMP TABLE session_scratch (a INTEGER)');
      kept.release();
      expect(await seesTemp(pool)).toBe(true);

      const dropped = await pool.acquire();
      dropped.discard();
      dropped.release();
      expect(await seesTemp(pool)).toBe(false);
      // the pool's one slot was freed: it still hands out connections that work
      const again = await pool.acquire();
      expect((await again.execute('SELECT 1 AS one')).rows).toEqual([[1]]);
      again.release();
    } finally {
      await pool.close();
    }
  });
});
