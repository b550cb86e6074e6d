/**
 * The examples database: `rama load-examples` builds `examples.duckdb` in the Rama home folder from
 * the data files shipped by the `vega-datasets` npm package; the product registers it as the
 * read-only database `examples`.
 *
 * How it is built
 * - Every table is declared below (TABLES): its source file, a one-line description and its columns
 *   with explicit target types. DuckDB's own readers (`read_csv`, `read_json`, `read_parquet`) read
 *   the file with an explicit column list (no type sniffing), and `CREATE TABLE ... AS SELECT` casts
 *   and renames every column (snake_case names; dates as DATE/TIMESTAMP; years as INTEGER).
 * - The database is written to a temporary file in the same folder, checkpointed and closed, then
 *   renamed over `examples.duckdb`, so an interrupted load never leaves a half-built file in place
 *   (a server holding the old file open keeps reading the old one).
 *
 * Where the version is kept
 * - Not in the database (no extra table visible to users): in a sidecar file
 *   `examples.duckdb.version` next to it, a small JSON document
 *   `{ "version": EXAMPLES_VERSION, "loadedAt": "...", "tables": [{ name, rows, description }] }`.
 *   Checking it needs no DuckDB connection (so no lock on a file the server may have open), and it
 *   lets a skipped load report the tables. The sidecar is deleted before the new database is renamed
 *   into place and written after, so a crash in between leaves "no version", i.e. a rebuild next time.
 */
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { declaredSelect, EXAMPLE_TABLE_NAMES, ident, lit, TABLES, targetName, type AnySpec } from './tables.js';

export { EXAMPLE_TABLE_NAMES, snake } from './tables.js';

export interface ExampleTable {
  name: string;
  rows: number;
  description: string;
}

export interface LoadProgress {
  done: number;
  total: number;
  table: string;
}

/** Bump when the content (tables, columns, types, conversions) changes: existing files get rebuilt. */
export const EXAMPLES_VERSION = 1;

export function examplesPath(home: string): string {
  return path.join(home, 'examples.duckdb');
}

/** The sidecar holding the version of `examples.duckdb` (see the header comment). */
export function examplesVersionPath(home: string): string {
  return `${examplesPath(home)}.version`;
}

// ---------------------------------------------------------------------------------------------
// Table declarations
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// vega-datasets location and field descriptions
// ---------------------------------------------------------------------------------------------

/** The `data` folder of the installed vega-datasets package. */
export function vegaDatasetsDataDir(): string {
  const require = createRequire(import.meta.url);
  let root: string;
  try {
    root = path.dirname(require.resolve('vega-datasets/package.json'));
  } catch {
    // vega-datasets 3.x has an "exports" map without "./package.json": resolve the entry point and
    // walk up to the folder holding its package.json.
    let dir = path.dirname(require.resolve('vega-datasets'));
    for (;;) {
      const pkg = path.join(dir, 'package.json');
      if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: unknown }).name === 'vega-datasets') break;
      const parent = path.dirname(dir);
      if (parent === dir) throw new Error('cannot locate the vega-datasets package folder');
      dir = parent;
    }
    root = dir;
  }
  return path.join(root, 'data');
}

interface DataPackage {
  resources?: Array<{ path?: string; schema?: { fields?: Array<{ name?: string; description?: string }> } }>;
}

/** Field descriptions from vega-datasets' datapackage.json: file → source field name → description. */
async function fieldDescriptions(dataDir: string): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  try {
    const pkg = JSON.parse(await readFile(path.join(dataDir, '..', 'datapackage.json'), 'utf8')) as DataPackage;
    for (const r of pkg.resources ?? []) {
      if (!r.path) continue;
      const fields = new Map<string, string>();
      for (const f of r.schema?.fields ?? []) {
        if (f.name && f.description) fields.set(f.name, firstSentence(f.description));
      }
      out.set(path.basename(r.path), fields);
    }
  } catch {
    // descriptions are a nicety; a package without datapackage.json still loads
  }
  return out;
}

/** One line: whitespace collapsed, markdown links reduced to their text, cut at the first sentence. */
function firstSentence(text: string): string {
  const flat = text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  const m = /^(.{20,}?[.!?])\s/.exec(flat);
  const s = m ? m[1] : flat;
  return s.length > 300 ? `${s.slice(0, 297)}...` : s;
}

// ---------------------------------------------------------------------------------------------
// Sidecar (version) file
// ---------------------------------------------------------------------------------------------

interface Sidecar {
  version: number;
  loadedAt: string;
  tables: ExampleTable[];
}

async function readSidecar(home: string): Promise<Sidecar | null> {
  try {
    const data = JSON.parse(await readFile(examplesVersionPath(home), 'utf8')) as Partial<Sidecar>;
    if (typeof data.version !== 'number' || !Array.isArray(data.tables)) return null;
    return { version: data.version, loadedAt: String(data.loadedAt ?? ''), tables: data.tables };
  } catch {
    return null;
  }
}

/** Removes temporary files of loads whose process is gone (killed mid-load). */
async function removeStaleTemps(home: string): Promise<void> {
  const base = path.basename(examplesPath(home));
  const re = new RegExp(`^${base.replace(/\./g, '\\.')}\\.(\\d+)\\.[0-9a-f]+\\.tmp(\\.wal|\\.version)?$`);
  let names: string[];
  try {
    names = await readdir(home);
  } catch {
    return;
  }
  for (const name of names) {
    const m = re.exec(name);
    if (!m) continue;
    const pid = Number(m[1]);
    if (pid === process.pid || isAlive(pid)) continue; // a load still running (maybe in this process)
    await rm(path.join(home, name), { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// ---------------------------------------------------------------------------------------------
// The loader
// ---------------------------------------------------------------------------------------------

/**
 * Builds (or rebuilds when the stored version differs or force) the examples database. Idempotent:
 * when the file exists with the current version (and holds every table asked for) it returns at once
 * with `skipped: true`. Writes to a temporary file in the same folder, then renames it into place, so
 * an interrupted load never leaves a half-built file.
 *
 * `only` restricts the build to some tables (names from EXAMPLE_TABLE_NAMES); `tables` in the result
 * lists what the file holds.
 */
export async function loadExamples(opts: {
  home: string;
  force?: boolean;
  only?: string[];
  onProgress?: (p: LoadProgress) => void;
}): Promise<{ path: string; tables: ExampleTable[]; skipped: boolean }> {
  const { home } = opts;
  const target = examplesPath(home);

  let specs: readonly AnySpec[] = TABLES;
  if (opts.only) {
    const wanted = new Set(opts.only);
    const unknown = [...wanted].filter((n) => !TABLES.some((t) => t.name === n));
    if (unknown.length) {
      throw new Error(`unknown example table(s): ${unknown.join(', ')} (known: ${EXAMPLE_TABLE_NAMES.join(', ')})`);
    }
    specs = TABLES.filter((t) => wanted.has(t.name));
  }

  await removeStaleTemps(home);
  if (!opts.force && existsSync(target)) {
    const sidecar = await readSidecar(home);
    if (sidecar && sidecar.version === EXAMPLES_VERSION) {
      const present = new Set(sidecar.tables.map((t) => t.name));
      if (specs.every((s) => present.has(s.name))) return { path: target, tables: sidecar.tables, skipped: true };
    }
  }

  const dataDir = vegaDatasetsDataDir();
  if (opts.only) {
    const missing = specs.filter((s) => !existsSync(path.join(dataDir, s.file)));
    if (missing.length) throw new Error(`vega-datasets has no ${missing.map((s) => s.file).join(', ')} (in ${dataDir})`);
  } else {
    // a future vega-datasets may drop a file: load what is there
    specs = specs.filter((s) => existsSync(path.join(dataDir, s.file)));
  }
  const descriptions = await fieldDescriptions(dataDir);

  await mkdir(home, { recursive: true });
  const tmp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const tables: ExampleTable[] = [];
  try {
    const instance = await DuckDBInstance.create(tmp);
    try {
      const conn = await instance.connect();
      try {
        for (const spec of specs) {
          const file = path.join(dataDir, spec.file);
          const select = 'select' in spec ? await spec.select(conn, file) : declaredSelect(spec, file);
          try {
            await conn.run(`CREATE TABLE ${ident(spec.name)} AS ${select}`);
          } catch (e) {
            throw new Error(`loading example table ${spec.name} from ${spec.file}: ${(e as Error).message}`, {
              cause: e,
            });
          }
          await conn.run(`COMMENT ON TABLE ${ident(spec.name)} IS ${lit(spec.description)}`);
          for (const [column, comment] of columnComments(spec, descriptions.get(spec.file))) {
            await conn.run(`COMMENT ON COLUMN ${ident(spec.name)}.${ident(column)} IS ${lit(comment)}`);
          }
          const count = await conn.runAndReadAll(`SELECT count(*) FROM ${ident(spec.name)}`);
          const rows = Number(count.getRows()[0][0]);
          tables.push({ name: spec.name, rows, description: spec.description });
          opts.onProgress?.({ done: tables.length, total: specs.length, table: spec.name });
        }
        await conn.run('CHECKPOINT');
      } finally {
        conn.closeSync();
      }
    } finally {
      instance.closeSync();
    }

    const sidecar: Sidecar = { version: EXAMPLES_VERSION, loadedAt: new Date().toISOString(), tables };
    const tmpSidecar = `${tmp}.version`;
    await writeFile(tmpSidecar, `${JSON.stringify(sidecar, null, 2)}\n`);
    // order matters, see the header comment: no version while the database is being swapped
    await rm(examplesVersionPath(home), { force: true });
    await rm(`${target}.wal`, { force: true }); // a stale WAL would be replayed onto the new file
    await rename(tmp, target);
    await rename(tmpSidecar, examplesVersionPath(home));
  } finally {
    await rm(tmp, { force: true });
    await rm(`${tmp}.wal`, { force: true });
    await rm(`${tmp}.version`, { force: true });
  }
  return { path: target, tables, skipped: false };
}

/** Column comments of a table: explicit ones first, else the datapackage.json field descriptions. */
function columnComments(spec: AnySpec, fields: Map<string, string> | undefined): Array<[string, string]> {
  if ('select' in spec) return Object.entries(spec.comments ?? {});
  const uses = new Map<string, number>();
  for (const [src] of spec.columns) uses.set(src, (uses.get(src) ?? 0) + 1);
  const out = new Map<string, string>();
  for (const col of spec.columns) {
    const name = targetName(col);
    // a source field split into several columns (weekly_weather.record) keeps no field description
    const comment = col[2]?.comment ?? (uses.get(col[0]) === 1 ? fields?.get(col[0]) : undefined);
    if (comment && !out.has(name)) out.set(name, comment);
  }
  return [...out.entries()];
}
