/**
 * Datasets over the main tables of the `examples` database, so a new installation can build charts
 * at once: each with a description, the time column charts filter on, readable column names and a
 * few metrics with their number formats. Registered after the database by `rama load-examples` and
 * `rama init`, owned by the first admin account.
 */
import { randomUUID } from 'node:crypto';
import { isAdminRoleName } from '@rama/shared';
import type { AppContext } from '../context.js';
import { DatasetService } from '../datasets/service.js';
import { nowIso } from '../metadata/db.js';
import { loadPrincipal, type Principal } from '../security/principal.js';
import { TABLES, targetName } from './tables.js';
import { activeUserRoles } from '../metadata/repos/users.js';
import {
  columnNamesOf,
  datasetNamesInSchema,
  insertMetricRows,
  metricNamesOf,
  setColumnFields,
  setDatasetFields,
} from '../metadata/repos/datasets.js';

interface ExampleMetric {
  name: string;
  expression: string;
  verbose: string;
  d3format: string | null;
  description?: string;
}

interface ExampleColumn {
  verbose?: string;
  description?: string;
}

export interface ExampleDataset {
  table: string;
  /** the temporal column charts use for the time range; null when the table has none */
  mainDttm: string | null;
  metrics: ExampleMetric[];
  columns?: Record<string, ExampleColumn>;
}

const SCHEMA = 'main';

// d3 formats
const INT = ',d';
const DEC1 = ',.1f';
const DEC2 = ',.2f';
const PCT1 = ',.1%';
const USD = '$,.2f';
const USD0 = '$,.0f';

const q = (column: string): string => `"${column.replace(/"/g, '""')}"`;

/** The count of rows, as every dataset has it (the same shape datasets get when created). */
const count: ExampleMetric = { name: 'count', expression: 'COUNT(*)', verbose: 'COUNT(*)', d3format: null };
const agg =
  (fn: 'AVG' | 'SUM' | 'MAX' | 'MIN', prefix: string) =>
  (column: string, verbose: string, d3format: string | null = DEC1, description?: string): ExampleMetric => ({
    name: `${prefix}_${column}`,
    expression: `${fn}(${q(column)})`,
    verbose,
    d3format,
    description,
  });
const avg = agg('AVG', 'avg');
const sum = agg('SUM', 'sum');
const max = agg('MAX', 'max');
const min = agg('MIN', 'min');
const distinct = (column: string, verbose: string): ExampleMetric => ({
  name: `count_distinct_${column}`,
  expression: `COUNT(DISTINCT ${q(column)})`,
  verbose,
  d3format: INT,
});
const named = (metric: ExampleMetric, name: string): ExampleMetric => ({ ...metric, name });

const weatherMetrics = [
  count,
  avg('temp_max', 'Average high (°C)'),
  avg('temp_min', 'Average low (°C)'),
  max('temp_max', 'Highest temperature (°C)'),
  sum('precipitation', 'Total precipitation (mm)'),
  avg('wind', 'Average wind (m/s)'),
];

export const EXAMPLE_DATASETS: readonly ExampleDataset[] = [
  {
    table: 'flights',
    mainDttm: 'date',
    metrics: [
      count,
      avg('delay', 'Average delay (min)'),
      max('delay', 'Longest delay (min)', INT),
      sum('distance', 'Total distance (miles)', INT),
      {
        name: 'on_time_share',
        expression: 'AVG(CASE WHEN delay <= 0 THEN 1.0 ELSE 0 END)',
        verbose: 'On-time share',
        d3format: PCT1,
        description: 'Share of flights leaving on time or early',
      },
    ],
    columns: { date: { verbose: 'Departure' }, delay: { verbose: 'Delay (min)' }, distance: { verbose: 'Distance (miles)' } },
  },
  { table: 'airports', mainDttm: null, metrics: [count, distinct('state', 'States')] },
  {
    table: 'stocks',
    mainDttm: 'date',
    metrics: [count, avg('price', 'Average price', USD), max('price', 'Highest price', USD), min('price', 'Lowest price', USD)],
  },
  { table: 'sp500', mainDttm: 'date', metrics: [count, avg('price', 'Average close', DEC2), max('price', 'Highest close', DEC2)] },
  {
    table: 'sp500_2000',
    mainDttm: 'date',
    metrics: [
      count,
      avg('close', 'Average close', DEC2),
      max('high', 'Highest', DEC2),
      min('low', 'Lowest', DEC2),
      sum('volume', 'Volume', INT),
    ],
  },
  {
    table: 'gapminder',
    mainDttm: null,
    metrics: [
      count,
      named(sum('pop', 'Population', INT), 'sum_population'),
      avg('life_expect', 'Average life expectancy (years)'),
      avg('fertility', 'Average fertility (births per woman)', DEC2),
      distinct('country', 'Countries'),
    ],
    columns: { pop: { verbose: 'Population' }, life_expect: { verbose: 'Life expectancy' } },
  },
  { table: 'seattle_weather', mainDttm: 'date', metrics: weatherMetrics },
  { table: 'weather', mainDttm: 'date', metrics: weatherMetrics },
  {
    table: 'cars',
    mainDttm: 'year',
    metrics: [
      count,
      named(avg('miles_per_gallon', 'Average miles per gallon'), 'avg_mpg'),
      avg('horsepower', 'Average horsepower'),
      avg('weight_in_lbs', 'Average weight (lbs)', INT),
      avg('acceleration', 'Average acceleration (s)'),
    ],
    columns: {
      miles_per_gallon: { verbose: 'Miles per gallon' },
      weight_in_lbs: { verbose: 'Weight (lbs)' },
      year: { verbose: 'Model year' },
    },
  },
  {
    table: 'movies',
    mainDttm: 'release_date',
    metrics: [
      count,
      sum('worldwide_gross', 'Worldwide gross', USD0),
      sum('us_gross', 'US gross', USD0),
      sum('production_budget', 'Production budget', USD0),
      named(avg('imdb_rating', 'Average IMDB rating'), 'avg_rating'),
      avg('rotten_tomatoes_rating', 'Average Rotten Tomatoes rating', ',.0f'),
    ],
    columns: { us_gross: { verbose: 'US gross' }, imdb_rating: { verbose: 'IMDB rating' }, mpaa_rating: { verbose: 'MPAA rating' } },
  },
  {
    table: 'penguins',
    mainDttm: null,
    metrics: [
      count,
      avg('body_mass_g', 'Average body mass (g)', INT),
      avg('flipper_length_mm', 'Average flipper length (mm)'),
      avg('beak_length_mm', 'Average beak length (mm)'),
      avg('beak_depth_mm', 'Average beak depth (mm)'),
    ],
  },
  {
    table: 'population',
    mainDttm: null,
    metrics: [count, sum('people', 'People', INT)],
    columns: { sex: { description: '1: male, 2: female' }, age: { description: 'Start of the five-year age group' } },
  },
  {
    table: 'unemployment',
    mainDttm: null,
    metrics: [count, avg('rate', 'Average unemployment rate', PCT1), max('rate', 'Highest unemployment rate', PCT1)],
    columns: { id: { verbose: 'County FIPS code' } },
  },
  {
    table: 'unemployment_across_industries',
    mainDttm: 'date',
    metrics: [count, named(sum('count', 'Unemployed (thousands)', INT), 'sum_unemployed'), avg('rate', 'Average rate', DEC1)],
  },
  {
    table: 'us_employment',
    mainDttm: 'month',
    metrics: [count, avg('nonfarm', 'Nonfarm jobs (thousands)', INT), sum('nonfarm_change', 'Change in nonfarm jobs (thousands)', INT)],
  },
  { table: 'github', mainDttm: 'time', metrics: [count, named(sum('count', 'Commits', INT), 'sum_commits')] },
  { table: 'disasters', mainDttm: null, metrics: [count, sum('deaths', 'Deaths', INT)] },
  {
    table: 'co2_concentration',
    mainDttm: 'date',
    metrics: [count, avg('co2', 'Average CO2 (ppm)', DEC2), avg('adjusted_co2', 'Average adjusted CO2 (ppm)', DEC2)],
    columns: { co2: { verbose: 'CO2 (ppm)' }, adjusted_co2: { verbose: 'Seasonally adjusted CO2 (ppm)' } },
  },
  { table: 'global_temp', mainDttm: null, metrics: [count, avg('temp', 'Average anomaly (°C)', DEC2)] },
  {
    table: 'iowa_electricity',
    mainDttm: null,
    metrics: [count, sum('net_generation', 'Net generation (thousand MWh)', INT)],
  },
  {
    table: 'barley',
    mainDttm: null,
    metrics: [count, sum('yield', 'Total yield (bushels/acre)'), avg('yield', 'Average yield (bushels/acre)')],
  },
  {
    table: 'birdstrikes',
    mainDttm: 'flight_date',
    metrics: [count, sum('cost_total', 'Total cost', USD0), avg('speed_ias_in_knots', 'Average speed (knots)', INT)],
  },
  {
    table: 'earthquakes',
    mainDttm: 'time',
    metrics: [count, avg('mag', 'Average magnitude', DEC2), max('mag', 'Largest magnitude', DEC1), avg('depth', 'Average depth (km)')],
  },
  { table: 'budgets', mainDttm: null, metrics: [count, avg('value', 'Average balance (trillion $)', DEC2)] },
  { table: 'jobs', mainDttm: null, metrics: [count, named(sum('count', 'Workers', INT), 'sum_workers')] },
  {
    table: 'flare',
    mainDttm: null,
    metrics: [count, sum('size', 'Size', INT)],
    columns: { parent: { verbose: 'Parent id' } },
  },
  {
    table: 'miserables',
    mainDttm: null,
    metrics: [count, sum('value', 'Shared chapters', INT)],
    columns: { source_group: { verbose: 'Source group' }, target_group: { verbose: 'Target group' } },
  },
];

/** The first active account holding an admin role: the owner of the example datasets, charts and dashboards. */
export async function firstAdmin(ctx: AppContext): Promise<Principal | null> {
  const rows = await activeUserRoles(ctx.store.db);
  const admin = rows.find((r) => isAdminRoleName(r.role));
  return admin ? loadPrincipal(ctx.store.db, admin.id) : null;
}

/** Column comments written by the loader: what a column holds, in a sentence. */
function specComments(table: string): Record<string, string> {
  const spec = TABLES.find((t) => t.name === table);
  if (!spec) return {};
  if ('select' in spec) return { ...spec.comments };
  const out: Record<string, string> = {};
  for (const col of spec.columns) if (col[2]?.comment) out[targetName(col)] = col[2].comment;
  return out;
}

/** Description, time column, column labels and the metrics not there yet. */
async function describeDataset(ctx: AppContext, id: number, def: ExampleDataset): Promise<void> {
  const db = ctx.store.db;
  const now = nowIso();
  const description = TABLES.find((t) => t.name === def.table)?.description ?? null;
  const columns = await columnNamesOf(db, id);
  const present = new Set(columns.map((c) => c.column_name));
  const mainDttm = def.mainDttm !== null && present.has(def.mainDttm) ? def.mainDttm : null;
  await db.transaction().execute(async (trx) => {
    await setDatasetFields(trx, id, { description, main_dttm_col: mainDttm, changed_on: now });
    const comments = specComments(def.table);
    for (const c of columns) {
      const extra = def.columns?.[c.column_name];
      const text = extra?.description ?? comments[c.column_name];
      if (!extra?.verbose && !text && c.column_name !== mainDttm) continue;
      await setColumnFields(trx, c.id, {
        ...(extra?.verbose && { verbose_name: extra.verbose }),
        ...(text && { description: text }),
        // the time column is temporal for charts even where the engine type alone would not say so
        ...(c.column_name === mainDttm && { is_dttm: 1 }),
        changed_on: now,
      });
    }
    // a dataset may already hold some (the automatic count): those are left as they are
    const existing = new Set((await metricNamesOf(trx, id)).map((m) => m.metric_name));
    const fresh = def.metrics.filter((m) => !existing.has(m.name));
    if (fresh.length) {
      await insertMetricRows(
        trx,
        fresh.map((m) => ({
          table_id: id,
          metric_name: m.name,
          verbose_name: m.verbose,
          metric_type: m === count ? 'count' : null,
          expression: m.expression,
          description: m.description ?? null,
          d3format: m.d3format,
          currency: null,
          warning_text: null,
          extra: null,
          uuid: randomUUID(),
          created_on: now,
          changed_on: now,
        })),
      );
    }
  });
}

/**
 * Registers the example datasets on the examples database; returns how many were added. Idempotent:
 * a dataset that already exists on the table (registered before, or made by someone) is left as it
 * is, and a table missing from the database file is skipped. Without an admin account there is no
 * owner to give them and nothing is registered (`rama init` creates the admin first).
 */
export async function registerExampleDatasets(ctx: AppContext, databaseId: number): Promise<number> {
  const owner = await firstAdmin(ctx);
  if (!owner) {
    ctx.log.warn('no admin account yet: example datasets not registered');
    return 0;
  }
  const existing = new Set(await datasetNamesInSchema(ctx.store.db, databaseId, SCHEMA));
  const service = new DatasetService(ctx);
  let added = 0;
  for (const def of EXAMPLE_DATASETS) {
    if (existing.has(def.table)) continue;
    let id: number;
    try {
      ({ id } = await service.create(owner, { database: databaseId, schema: SCHEMA, table_name: def.table }));
    } catch (e) {
      // e.g. a table left out of a partial load: the other datasets are still worth having
      ctx.log.warn({ table: def.table, err: e }, 'example dataset not registered');
      continue;
    }
    await describeDataset(ctx, id, def);
    // its first version is the dataset as described (metrics, labels), not the bare table
    await ctx.versions.record('dataset', id, owner, { created: true });
    added++;
  }
  return added;
}
