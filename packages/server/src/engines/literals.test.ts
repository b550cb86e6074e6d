/**
 * String literals read back as exactly the text written, on the real servers, under both readings
 * of a backslash: PostgreSQL with standard_conforming_strings on and off, MySQL/MariaDB with and
 * without NO_BACKSLASH_ESCAPES. Where a setting would change the value, Rama's sessions pin it.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { standardStringLiteral } from './dialect.js';
import { MysqlEnginePool, mysqlSpec } from './mysql/spec.js';
import { postgresSpec } from './postgres/spec.js';
import type { ConnectOptions } from './types.js';
import { parseUri } from './uri.js';
import { describeIfService, mysqlService, mysqlTestUrl, pgTestUrl, postgresService } from '../test-support/services.js';

const VALUES = [
  "\\' UNION SELECT 2::text --",
  "\\' UNION SELECT 'leak' --",
  "\\\\' OR 1=1 --",
  'a\\b',
  'C:\\temp\\new',
  "it's",
  '\\',
  "\\'",
  'plain',
];

const options = (url: string): ConnectOptions => ({
  uri: parseUri(url),
  readOnly: false,
  disableExternalAccess: true,
  poolSize: 1,
  connectTimeoutMs: 3000,
});

await describeIfService(postgresService, 'PostgreSQL literals', () => {
  let client: pg.Client;

  beforeAll(async () => {
    client = new pg.Client({ connectionString: pgTestUrl });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
  });

  /** The rows `SELECT <literal> AS v` gives in a session with the setting as given. */
  async function readBack(literal: string, standard: 'on' | 'off'): Promise<unknown[]> {
    await client.query(`SET standard_conforming_strings = ${standard}`);
    // the first column: a literal that ends early comments out the alias
    const r = await client.query<unknown[]>({ text: `SELECT ${literal} AS v`, rowMode: 'array' });
    return r.rows.map((row) => row[0]);
  }

  it('a plain literal lets a backslash end it early when standard_conforming_strings is off (the attack)', async () => {
    expect(await readBack(standardStringLiteral(VALUES[0]), 'off')).toEqual(["'", '2']);
  });

  it('the literal Rama writes reads back as the text under both settings', async () => {
    for (const standard of ['on', 'off'] as const) {
      for (const value of VALUES)
        expect(await readBack(postgresSpec.stringLiteral(value), standard), `${standard}: ${value}`).toEqual([value]);
    }
  });

  it("Rama's sessions run with standard_conforming_strings on, whatever the database's default", async () => {
    const pool = await postgresSpec.connect(options(pgTestUrl));
    try {
      const r = await pool.execute("SELECT current_setting('standard_conforming_strings') AS v");
      expect(r.rows).toEqual([['on']]);
    } finally {
      await pool.close();
    }
  });
});

await describeIfService(mysqlService, 'MySQL/MariaDB literals', () => {
  let pool: MysqlEnginePool;

  beforeAll(async () => {
    pool = (await mysqlSpec.connect(options(mysqlTestUrl))) as MysqlEnginePool;
  });
  afterAll(async () => {
    await pool?.close();
  });

  it('a session that starts with NO_BACKSLASH_ESCAPES gets it cleared before Rama runs anything', async () => {
    // a pool of one connection that nothing has used yet, opened as Rama opens them
    const u = new URL(mysqlTestUrl);
    const fresh = new MysqlEnginePool(
      parseUri(mysqlTestUrl),
      { host: u.hostname, port: Number(u.port || 3306), user: u.username, database: u.pathname.slice(1) },
      false,
      1,
    );
    try {
      // the session starts as on a server with NO_BACKSLASH_ESCAPES in its default sql_mode
      const raw = await fresh.pool.getConnection();
      await raw.query("SET SESSION sql_mode = CONCAT(@@SESSION.sql_mode, ',NO_BACKSLASH_ESCAPES')");
      raw.release();
      const conn = await fresh.acquire();
      try {
        const mode = await conn.execute('SELECT @@SESSION.sql_mode AS m');
        expect(String(mode.rows[0][0])).not.toContain('NO_BACKSLASH_ESCAPES');
        for (const value of VALUES) {
          const r = await conn.execute(`SELECT ${mysqlSpec.stringLiteral(value)} AS v`);
          expect(r.rows, value).toEqual([[value]]);
        }
      } finally {
        conn.release();
      }
    } finally {
      await fresh.close();
    }
  });

  it('under NO_BACKSLASH_ESCAPES the literal still ends where it was meant to (one value, never code)', async () => {
    const raw = await pool.pool.getConnection();
    try {
      await raw.query("SET SESSION sql_mode = CONCAT(@@SESSION.sql_mode, ',NO_BACKSLASH_ESCAPES')");
      for (const value of VALUES) {
        const [rows] = await raw.query({ sql: `SELECT ${mysqlSpec.stringLiteral(value)} AS v`, rowsAsArray: true });
        expect(rows, value).toEqual([[value.replaceAll('\\', '\\\\')]]);
      }
    } finally {
      // this session's mode is not what Rama's sessions have: do not hand it back to the pool
      raw.destroy();
    }
  });
});
