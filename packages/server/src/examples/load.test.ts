import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import {
  EXAMPLES_VERSION,
  EXAMPLE_TABLE_NAMES,
  examplesPath,
  examplesVersionPath,
  loadExamples,
  snake,
  type LoadProgress,
} from './load.js';

type Row = Record<string, unknown>;

/** Runs queries against a database file opened read-only, as the product does. */
async function withDb<T>(file: string, fn: (q: (sql: string) => Promise<Row[]>) => Promise<T>): Promise<T> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  const conn: DuckDBConnection = await instance.connect();
  try {
    return await fn(async (sql) => (await conn.runAndReadAll(sql)).getRowObjectsJS() as Row[]);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

async function columnTypes(q: (sql: string) => Promise<Row[]>, table: string): Promise<Record<string, string>> {
  const rows = await q(
    `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = '${table}' ORDER BY ordinal_position`,
  );
  return Object.fromEntries(rows.map((r) => [String(r.column_name), String(r.data_type)]));
}

const tempDirs: string[] = [];
async function tempHome(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rama-examples-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(tempDirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('snake', () => {
  it('turns source column names into snake_case', () => {
    expect(snake('Miles_per_Gallon')).toBe('miles_per_gallon');
    expect(snake('Beak Length (mm)')).toBe('beak_length_mm');
    expect(snake('dirCat')).toBe('dir_cat');
    expect(snake('IMDB Rating')).toBe('imdb_rating');
    expect(snake('Cost Total $')).toBe('cost_total');
    expect(snake('adjusted CO2')).toBe('adjusted_co2');
  });
});

describe('loadExamples with a few tables', () => {
  const only = ['stocks', 'seattle_weather', 'cars', 'sp500', 'movies', 'monarchs', 'iowa_electricity', 'budget'];
  let home: string;
  let result: Awaited<ReturnType<typeof loadExamples>>;
  const progress: LoadProgress[] = [];

  beforeAll(async () => {
    home = await tempHome();
    result = await loadExamples({ home, only, onProgress: (p) => progress.push(p) });
  }, 60_000);

  it('builds the file and reports the tables', async () => {
    expect(result.skipped).toBe(false);
    expect(result.path).toBe(examplesPath(home));
    expect(result.path).toBe(path.join(home, 'examples.duckdb'));
    expect(result.tables.map((t) => t.name)).toEqual(
      only.filter((n) => EXAMPLE_TABLE_NAMES.includes(n)).sort((a, b) => EXAMPLE_TABLE_NAMES.indexOf(a) - EXAMPLE_TABLE_NAMES.indexOf(b)),
    );
    const rows = Object.fromEntries(result.tables.map((t) => [t.name, t.rows]));
    expect(rows).toMatchObject({
      stocks: 560,
      seattle_weather: 1461,
      cars: 406,
      sp500: 123,
      movies: 3201,
      monarchs: 12,
    });
    for (const t of result.tables) expect(t.description.length).toBeGreaterThan(10);
    // nothing left behind but the database and its version sidecar
    expect((await readdir(home)).sort()).toEqual(['examples.duckdb', 'examples.duckdb.version']);
    const sidecar = JSON.parse(await readFile(examplesVersionPath(home), 'utf8')) as { version: number };
    expect(sidecar.version).toBe(EXAMPLES_VERSION);
  });

  it('calls onProgress once per table', () => {
    expect(progress).toHaveLength(only.length);
    expect(progress.map((p) => p.done)).toEqual(only.map((_, i) => i + 1));
    expect(new Set(progress.map((p) => p.total))).toEqual(new Set([only.length]));
    expect(progress.map((p) => p.table).sort()).toEqual([...only].sort());
  });

  it('types the columns', async () => {
    await withDb(result.path, async (q) => {
      expect(await columnTypes(q, 'stocks')).toEqual({ symbol: 'VARCHAR', date: 'DATE', price: 'DOUBLE' });
      expect(await columnTypes(q, 'sp500')).toEqual({ date: 'DATE', price: 'DOUBLE' });
      expect(await columnTypes(q, 'seattle_weather')).toEqual({
        date: 'DATE',
        precipitation: 'DOUBLE',
        temp_max: 'DOUBLE',
        temp_min: 'DOUBLE',
        wind: 'DOUBLE',
        weather: 'VARCHAR',
      });
      expect(await columnTypes(q, 'cars')).toEqual({
        name: 'VARCHAR',
        miles_per_gallon: 'DOUBLE',
        cylinders: 'INTEGER',
        displacement: 'DOUBLE',
        horsepower: 'INTEGER',
        weight_in_lbs: 'INTEGER',
        acceleration: 'DOUBLE',
        year: 'DATE',
        origin: 'VARCHAR',
      });
      expect(await columnTypes(q, 'monarchs')).toEqual({
        name: 'VARCHAR',
        start_year: 'INTEGER',
        end_year: 'INTEGER',
        index: 'INTEGER',
        commonwealth: 'BOOLEAN',
      });
      expect(await columnTypes(q, 'iowa_electricity')).toEqual({
        year: 'INTEGER',
        source: 'VARCHAR',
        net_generation: 'INTEGER',
      });
      const movies = await columnTypes(q, 'movies');
      expect(movies).toMatchObject({
        title: 'VARCHAR',
        us_gross: 'BIGINT',
        release_date: 'DATE',
        imdb_rating: 'DOUBLE',
      });
      expect(await columnTypes(q, 'budget')).toMatchObject({
        fiscal_year: 'INTEGER',
        transition_quarter: 'BOOLEAN',
        amount: 'BIGINT',
      });
    });
  });

  it('parses the values', async () => {
    await withDb(result.path, async (q) => {
      const [s] = await q(
        `SELECT strftime(min(date), '%Y-%m-%d') AS lo, strftime(max(date), '%Y-%m-%d') AS hi, count(*) FILTER (WHERE date IS NULL) AS nulls FROM stocks`,
      );
      expect(s).toEqual({ lo: '2000-01-01', hi: '2010-03-01', nulls: 0n });
      const [msft] = await q(`SELECT price FROM stocks WHERE symbol = 'MSFT' AND date = DATE '2000-02-01'`);
      expect(msft.price).toBe(36.35);
      const [w] = await q(`SELECT strftime(min(date), '%Y-%m-%d') AS lo, strftime(max(date), '%Y-%m-%d') AS hi FROM seattle_weather`);
      expect(w).toEqual({ lo: '2012-01-01', hi: '2015-12-31' });
      const [c] = await q(
        `SELECT miles_per_gallon, year(year) AS y FROM cars WHERE name = 'chevrolet chevelle malibu' ORDER BY year LIMIT 1`,
      );
      expect(c).toEqual({ miles_per_gallon: 18, y: 1970n });
      const [m] = await q(`SELECT min(release_date) >= DATE '1910-01-01' AND max(release_date) <= DATE '2011-12-31' AS ok FROM movies`);
      expect(m.ok).toBe(true);
      const [gw] = await q(`SELECT strftime(release_date, '%Y-%m-%d') AS d FROM movies WHERE title = 'Gone with the Wind'`);
      expect(gw.d).toBe('1939-12-15');
      const [numeric] = await q(`SELECT title FROM movies WHERE title = '1776'`);
      expect(numeric.title).toBe('1776');
      const [mon] = await q(
        `SELECT count(*) FILTER (WHERE commonwealth) AS cw, count(*) FILTER (WHERE commonwealth IS NULL) AS n FROM monarchs`,
      );
      expect(mon).toEqual({ cw: 1n, n: 0n });
      const [iowa] = await q(`SELECT min(year) AS lo, max(year) AS hi FROM iowa_electricity`);
      expect(iowa).toEqual({ lo: 2001, hi: 2017 });
      const [b] = await q(
        `SELECT count(*) AS n, count(*) FILTER (WHERE transition_quarter) AS tq, min(fiscal_year) AS lo, max(fiscal_year) AS hi FROM budget`,
      );
      expect(b).toEqual({ n: 237n * 60n, tq: 237n, lo: 1962, hi: 2020 });
    });
  });

  it('comments the tables', async () => {
    await withDb(result.path, async (q) => {
      const rows = await q(`SELECT table_name, comment FROM duckdb_tables() ORDER BY table_name`);
      expect(rows.map((r) => r.table_name)).toEqual([...only].sort());
      for (const r of rows) expect(String(r.comment)).toMatch(/\w{3,}/);
    });
  });

  it('is idempotent: a second call returns at once', async () => {
    const before = (await stat(result.path)).mtimeMs;
    const t0 = performance.now();
    const again = await loadExamples({ home, only });
    expect(performance.now() - t0).toBeLessThan(200);
    expect(again.skipped).toBe(true);
    expect(again.tables).toEqual(result.tables);
    expect((await stat(result.path)).mtimeMs).toBe(before);
    // a subset of what is there is there too
    expect((await loadExamples({ home, only: ['stocks'] })).skipped).toBe(true);
  });

  it('rebuilds when asked for a table the file lacks, when the version differs, or with force', async () => {
    const withZip = await loadExamples({ home, only: ['stocks', 'zipcodes'] });
    expect(withZip.skipped).toBe(false);
    expect(withZip.tables.map((t) => t.name)).toEqual(['stocks', 'zipcodes']);

    const sidecar = JSON.parse(await readFile(examplesVersionPath(home), 'utf8')) as { version: number };
    await writeFile(examplesVersionPath(home), JSON.stringify({ ...sidecar, version: EXAMPLES_VERSION - 1 }));
    expect((await loadExamples({ home, only: ['stocks'] })).skipped).toBe(false);

    expect((await loadExamples({ home, only: ['stocks'] })).skipped).toBe(true);
    expect((await loadExamples({ home, only: ['stocks'], force: true })).skipped).toBe(false);
    expect((await readdir(home)).sort()).toEqual(['examples.duckdb', 'examples.duckdb.version']);
  }, 60_000);

  it('rebuilds when the version sidecar is missing', async () => {
    await rm(examplesVersionPath(home));
    expect((await loadExamples({ home, only: ['stocks'] })).skipped).toBe(false);
  });

  it('rejects unknown table names', async () => {
    await expect(loadExamples({ home: await tempHome(), only: ['stocks', 'nope'] })).rejects.toThrow(/nope/);
  });
});

describe('loadExamples with everything', () => {
  it('loads all tables, flights included', async () => {
    const home = await tempHome();
    const t0 = performance.now();
    const progress: LoadProgress[] = [];
    const result = await loadExamples({ home, onProgress: (p) => progress.push(p) });
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `loaded ${result.tables.length} example tables (${result.tables.reduce((n, t) => n + t.rows, 0)} rows) in ${seconds.toFixed(2)} s`,
    );

    expect(result.skipped).toBe(false);
    expect(result.tables.map((t) => t.name)).toEqual([...EXAMPLE_TABLE_NAMES]);
    expect(progress).toHaveLength(EXAMPLE_TABLE_NAMES.length);
    expect(progress.at(-1)).toMatchObject({ done: EXAMPLE_TABLE_NAMES.length, total: EXAMPLE_TABLE_NAMES.length });
    for (const t of result.tables) expect(t.rows, t.name).toBeGreaterThan(0);
    for (const name of [
      'flights',
      'airports',
      'stocks',
      'sp500',
      'gapminder',
      'seattle_weather',
      'cars',
      'movies',
      'penguins',
      'population',
      'unemployment',
      'unemployment_across_industries',
      'github',
      'disasters',
      'co2_concentration',
      'iowa_electricity',
      'barley',
      'weather',
      'la_riots',
      'us_employment',
      'jobs',
      'wheat',
      'income',
      'zipcodes',
      'budgets',
      'driving',
      'burtin',
      'crimea',
      'london_centroids',
    ]) {
      expect(EXAMPLE_TABLE_NAMES, name).toContain(name);
    }

    await withDb(result.path, async (q) => {
      expect(await columnTypes(q, 'flights')).toEqual({
        date: 'TIMESTAMP',
        delay: 'INTEGER',
        distance: 'INTEGER',
        origin: 'VARCHAR',
        destination: 'VARCHAR',
      });
      const [f] = await q(
        `SELECT count(*) AS n, year(min(date)) AS y0, year(max(date)) AS y1, strftime(min(date), '%Y-%m-%d') AS lo, ` +
          `strftime(max(date), '%Y-%m-%d') AS hi, count(DISTINCT hour(date)) AS hours, count(*) FILTER (WHERE date IS NULL) AS nulls FROM flights`,
      );
      expect(f).toMatchObject({ n: 3_000_000n, y0: 2001n, y1: 2001n, lo: '2001-01-01', nulls: 0n });
      expect(String(f.hi) <= '2001-07-01').toBe(true);
      expect(f.hours).toBe(24n);
      const [route] = await q(`SELECT count(*) AS n FROM flights f JOIN airports a ON a.iata = f.origin WHERE a.city = 'Chicago'`);
      expect(Number(route.n)).toBeGreaterThan(100_000);

      // every column of every table has a proper type and a snake_case name
      const cols = await q(`SELECT table_name, column_name, data_type FROM information_schema.columns`);
      for (const c of cols) {
        expect(String(c.column_name), `${String(c.table_name)}.${String(c.column_name)}`).toMatch(/^[a-z][a-z0-9_]*$/);
        expect(['VARCHAR', 'INTEGER', 'BIGINT', 'DOUBLE', 'BOOLEAN', 'DATE', 'TIMESTAMP']).toContain(String(c.data_type));
      }
      const dated: Record<string, [string, string]> = {
        'seattle_weather.date': ['DATE', ''],
        'weather.date': ['DATE', ''],
        'sp500_2000.date': ['DATE', ''],
        'co2_concentration.date': ['DATE', ''],
        'la_riots.death_date': ['DATE', ''],
        'us_employment.month': ['DATE', ''],
        'crimea.date': ['DATE', ''],
        'unemployment_across_industries.date': ['DATE', ''],
        'github.time': ['TIMESTAMP', ''],
        'earthquakes.time': ['TIMESTAMP', ''],
        'seattle_weather_hourly_normals.date': ['TIMESTAMP', ''],
        'birdstrikes.flight_date': ['DATE', ''],
        'political_contributions.coverage_end_date': ['DATE', ''],
        'gapminder.year': ['INTEGER', ''],
        'population.year': ['INTEGER', ''],
        'wheat.year': ['INTEGER', ''],
        'disasters.year': ['INTEGER', ''],
      };
      const typeOf = new Map(cols.map((c) => [`${String(c.table_name)}.${String(c.column_name)}`, String(c.data_type)]));
      for (const [col, [type]] of Object.entries(dated)) expect(typeOf.get(col), col).toBe(type);

      const [uai] = await q(
        `SELECT count(*) FILTER (WHERE day(date) <> 1 OR year(date) <> year OR month(date) <> month) AS bad FROM unemployment_across_industries`,
      );
      expect(uai.bad).toBe(0n);
      const [eq] = await q(`SELECT year(min(time)) AS y, count(*) AS n FROM earthquakes`);
      expect(eq).toEqual({ y: 2018n, n: 1707n });
      const [p] = await q(`SELECT count(*) FILTER (WHERE sex = '.') AS dots FROM penguins`);
      expect(p.dots).toBe(0n);
      const comments = await q(`SELECT table_name FROM duckdb_tables() WHERE comment IS NULL OR comment = ''`);
      expect(comments).toEqual([]);
    });

    const t1 = performance.now();
    const again = await loadExamples({ home });
    expect(again.skipped).toBe(true);
    expect(performance.now() - t1).toBeLessThan(200);
  }, 180_000);
});
