/**
 * The example dashboards (and the charts they hold) that `rama load-examples` saves over the
 * example datasets, owned by the first admin. Loading is idempotent: charts and dashboards are
 * matched by their fixed uuids (charts.ts `exampleUuid`), so a reload brings them back to their
 * definition here instead of adding copies.
 *
 * Layouts are declared as a tree (rows, columns, tabs, charts by key) and flattened into the
 * `position_json` map of the BI server's layout model: every component with its `parents` path,
 * charts with `chartId`, `sliceName` and `uuid`, and the version key `v2`.
 */
import {
  CHART_TYPE,
  COLUMN_TYPE,
  DIVIDER_TYPE,
  GRID_ID,
  GRID_TYPE,
  HEADER_ID,
  HEADER_TYPE,
  MARKDOWN_TYPE,
  ROOT_ID,
  ROW_TYPE,
  TABS_TYPE,
  TAB_TYPE,
  getCategoricalScheme,
  layoutFromTree,
  serializeLayout,
  type DashboardLayout,
  type DashboardMetadata,
  type FilterConfigItem,
  type LayoutTreeNode,
} from '@rama/shared';
import type { AppContext } from '../context.js';
import { flag, nowIso } from '../metadata/db.js';
import { EXAMPLE_CHARTS, exampleFormData, exampleQueryContext, exampleUuid } from './charts.js';
import { firstAdmin } from './datasets.js';
import { exampleNativeFilters } from './filters.js';
import { galleryDashboard } from './gallery/index.js';
import type { ExampleChart, ExampleDashboard, LayoutNode } from './types.js';
import { addOwners } from '../metadata/repos/owners.js';
import { metricNamesOfDatasets, physicalDatasetsOn } from '../metadata/repos/datasets.js';
import {
  addDashboardCharts,
  chartIdByUuid,
  clearDashboardCharts,
  dashboardIdBySlug,
  dashboardIdByUuid,
  insertChart,
  insertDashboard,
  setChartFields,
  setDashboardFields,
} from '../metadata/repos/examples.js';

// ---- layout trees ----------------------------------------------------------------------------

const chart = (key: string, width: number, height: number): LayoutNode => ({ type: 'CHART', chart: key, width, height });
const row = (id: string, ...children: LayoutNode[]): LayoutNode => ({ type: 'ROW', id: `ROW-${id}`, children });

const FLIGHTS_INTRO = `## Where and when US flights left late

Three million domestic flights from January to June 2001, as reported to the U.S. Bureau of
Transportation Statistics (the \`flights\` example dataset).

- **Overview**: the totals, and the weekly traffic of the busiest airports.
- **Details**: delays at the busiest airports, by route and by month, and where the airports are.`;

const WORLD_INTRO = `## Sixty-two countries over fifty years

Population, life expectancy and fertility every five years from 1955 to 2005, from
[Gapminder](https://www.gapminder.org/) (the \`gapminder\` example dataset).`;

const WORLD_NOTES = `### Reading the averages

Life expectancy and fertility are averaged **over countries**: each country counts once,
whatever its population.

Regions are the six regions of Gapminder's \`cluster\` column.`;

export const EXAMPLE_DASHBOARDS: readonly ExampleDashboard[] = [
  {
    key: 'flights',
    title: 'Flights overview',
    slug: 'flights',
    colorScheme: 'bnbColors',
    layout: [
      {
        type: 'TABS',
        id: 'TABS-flights',
        tabs: [
          {
            id: 'TAB-flights-overview',
            title: 'Overview',
            children: [
              { type: 'HEADER', id: 'HEADER-flights-overview', text: 'January to June 2001', size: 'MEDIUM_HEADER' },
              row('flights-intro', { type: 'MARKDOWN', id: 'MARKDOWN-flights-intro', code: FLIGHTS_INTRO, width: 12, height: 22 }),
              row(
                'flights-numbers',
                chart('flights-count', 3, 25),
                chart('flights-avg-delay', 3, 25),
                chart('flights-on-time', 3, 25),
                chart('flights-delay-trend', 3, 25),
              ),
              row('flights-traffic', chart('flights-weekly-busiest', 8, 50), chart('flights-by-origin', 4, 50)),
            ],
          },
          {
            id: 'TAB-flights-details',
            title: 'Details',
            children: [
              row('flights-bars', chart('flights-delay-by-airport', 6, 50), chart('airports-by-state', 6, 50)),
              row('flights-tables', chart('flights-routes', 6, 70), chart('flights-delay-pivot', 6, 70)),
            ],
          },
        ],
      },
    ],
  },
  {
    key: 'world_health',
    title: 'World indicators',
    slug: 'world_health',
    colorScheme: 'googleCategory10c',
    layout: [
      row('world-intro', { type: 'MARKDOWN', id: 'MARKDOWN-world-intro', code: WORLD_INTRO, width: 12, height: 16 }),
      row(
        'world-numbers',
        chart('gapminder-countries', 3, 25),
        chart('gapminder-population-2005', 3, 25),
        chart('gapminder-life-2005', 3, 25),
        chart('gapminder-fertility-trend', 3, 25),
      ),
      row('world-life', chart('gapminder-life-by-region', 8, 50), {
        type: 'MARKDOWN',
        id: 'MARKDOWN-world-notes',
        code: WORLD_NOTES,
        width: 4,
        height: 50,
      }),
      { type: 'DIVIDER', id: 'DIVIDER-world' },
      { type: 'HEADER', id: 'HEADER-world-population', text: 'Population and families', size: 'MEDIUM_HEADER' },
      row('world-population', chart('gapminder-population-by-region', 5, 60), chart('gapminder-region-share-2005', 3, 60), {
        type: 'COLUMN',
        id: 'COLUMN-world-regions',
        width: 4,
        children: [chart('gapminder-fertility-by-region', 4, 30), chart('gapminder-most-populous-2005', 4, 30)],
      }),
      row('world-countries', chart('gapminder-countries-2005', 12, 60)),
    ],
  },
  galleryDashboard(EXAMPLE_CHARTS),
];

/** A saved example chart as a layout needs it. */
export interface SavedChartRef {
  id: number;
  name: string;
  uuid: string;
}

/** The chart keys a layout holds, in layout order. */
export function chartKeysOf(nodes: readonly LayoutNode[]): string[] {
  const out: string[] = [];
  const walk = (n: LayoutNode) => {
    if (n.type === 'CHART') out.push(n.chart);
    else if (n.type === 'ROW' || n.type === 'COLUMN') n.children.forEach(walk);
    else if (n.type === 'TABS') n.tabs.forEach((t) => t.children.forEach(walk));
  };
  nodes.forEach(walk);
  return out;
}

/** The layout model's nested description of a node, its charts resolved to their saved ids. */
function treeNode(dashboard: ExampleDashboard, n: LayoutNode, charts: ReadonlyMap<string, SavedChartRef>): LayoutTreeNode {
  const children = (list: LayoutNode[]) => list.map((c) => treeNode(dashboard, c, charts));
  switch (n.type) {
    case 'CHART': {
      const saved = charts.get(n.chart);
      if (!saved) throw new Error(`example dashboard ${dashboard.key}: chart ${n.chart} is not saved`);
      return {
        type: CHART_TYPE,
        id: `CHART-${n.chart}`,
        meta: { width: n.width, height: n.height, chartId: saved.id, sliceName: saved.name, uuid: saved.uuid },
      };
    }
    case 'MARKDOWN':
      return { type: MARKDOWN_TYPE, id: n.id, meta: { width: n.width, height: n.height, code: n.code } };
    case 'HEADER':
      return { type: HEADER_TYPE, id: n.id, meta: { text: n.text, headerSize: n.size } };
    case 'DIVIDER':
      return { type: DIVIDER_TYPE, id: n.id };
    case 'ROW':
      return { type: ROW_TYPE, id: n.id, children: children(n.children) };
    case 'COLUMN':
      return { type: COLUMN_TYPE, id: n.id, meta: { width: n.width }, children: children(n.children) };
    case 'TABS':
      return {
        type: TABS_TYPE,
        id: n.id,
        children: n.tabs.map((t) => ({ type: TAB_TYPE, id: t.id, meta: { text: t.title }, children: children(t.children) })),
      };
  }
}

/**
 * The dashboard's layout: ROOT → GRID (or → TABS → TAB when the layout is one TABS node; the grid
 * then stays, empty, as the BI server leaves it after converting to top-level tabs) → rows,
 * columns and components, each with its parents; HEADER_ID holds the title.
 */
export function buildLayout(dashboard: ExampleDashboard, charts: ReadonlyMap<string, SavedChartRef>): DashboardLayout {
  const [first] = dashboard.layout;
  const topTabs = dashboard.layout.length === 1 && first.type === 'TABS';
  const layout = topTabs
    ? layoutFromTree(treeNode(dashboard, first, charts))
    : layoutFromTree({ type: GRID_TYPE, id: GRID_ID, children: dashboard.layout.map((n) => treeNode(dashboard, n, charts)) });
  if (topTabs) layout[GRID_ID] = { type: GRID_TYPE, id: GRID_ID, children: [], parents: [ROOT_ID] };
  layout[HEADER_ID] = { type: HEADER_TYPE, id: HEADER_ID, children: [], meta: { text: dashboard.title } };
  return layout;
}

/** json_metadata as the BI server writes it for a new dashboard, with the colour scheme set. */
export function exampleMetadata(
  dashboard: ExampleDashboard,
  chartIds: number[],
  nativeFilters: FilterConfigItem[] = [],
): DashboardMetadata {
  return {
    color_scheme: dashboard.colorScheme,
    color_scheme_domain: [...getCategoricalScheme(dashboard.colorScheme).colors],
    label_colors: {},
    shared_label_colors: [],
    map_label_colors: {},
    refresh_frequency: 0,
    timed_refresh_immune_slices: [],
    expanded_slices: {},
    default_filters: '{}',
    filter_scopes: {},
    chart_configuration: {},
    global_chart_configuration: { scope: { rootPath: [ROOT_ID], excluded: [] }, chartsInScope: chartIds },
    native_filter_configuration: nativeFilters,
    cross_filters_enabled: true,
  };
}

/** The saved metrics a chart's controls name (adhoc metrics are left out). */
export function savedMetricsOf(chart: ExampleChart): string[] {
  const p = chart.params;
  const names = [p.metric, p.metrics, p.percent_metrics, p.series_limit_metric, p.timeseries_limit_metric].flat();
  return [...new Set(names.filter((m): m is string => typeof m === 'string'))];
}

// ---- saving ----------------------------------------------------------------------------------

export interface ExampleDashboardsResult {
  chartsCreated: number;
  chartsUpdated: number;
  dashboardsCreated: number;
  dashboardsUpdated: number;
  /** what was left out or saved differently, and why (a missing dataset or metric, a slug someone else uses) */
  warnings: string[];
}

const SCHEMA = 'main';

/**
 * The columns an example chart or dashboard is given once, when first saved: made now by the
 * owner, not certified, not managed elsewhere.
 */
const firstSaved = (uuid: string, now: string, ownerId: number) => ({
  uuid,
  certified_by: null,
  certification_details: null,
  is_managed_externally: flag(false),
  external_url: null,
  created_on: now,
  created_by_fk: ownerId,
});

/**
 * Saves the example charts and dashboards over the example datasets of the examples database
 * (registered before by `registerExampleDatasets`). A chart whose dataset or saved metrics are
 * missing is skipped, and so is a dashboard missing one of its charts. Without an admin account
 * there is no owner and nothing is saved.
 */
export async function registerExampleDashboards(ctx: AppContext, databaseId: number): Promise<ExampleDashboardsResult> {
  const result: ExampleDashboardsResult = { chartsCreated: 0, chartsUpdated: 0, dashboardsCreated: 0, dashboardsUpdated: 0, warnings: [] };
  const owner = await firstAdmin(ctx);
  if (!owner) {
    ctx.log.warn('no admin account yet: example charts and dashboards not saved');
    return result;
  }
  const db = ctx.store.db;
  const tables = [...new Set(EXAMPLE_CHARTS.map((c) => c.table))];
  // several datasets may sit on one table (someone made their own): the first physical one is used
  const datasets = await physicalDatasetsOn(db, databaseId, SCHEMA, tables);
  const datasetOf = new Map<string, number>();
  for (const d of datasets) if (!datasetOf.has(d.table_name)) datasetOf.set(d.table_name, d.id);
  const metricRows = await metricNamesOfDatasets(db, [...datasetOf.values()]);
  const metricsOf = new Map<number, Set<string>>();
  for (const m of metricRows) metricsOf.set(m.table_id, (metricsOf.get(m.table_id) ?? new Set()).add(m.metric_name));

  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const saved = new Map<string, SavedChartRef>();
    for (const chart of EXAMPLE_CHARTS) {
      const datasetId = datasetOf.get(chart.table);
      if (datasetId === undefined) {
        result.warnings.push(`chart "${chart.name}": no dataset on the example table ${chart.table}`);
        continue;
      }
      const missing = savedMetricsOf(chart).filter((m) => !metricsOf.get(datasetId)?.has(m));
      if (missing.length) {
        result.warnings.push(`chart "${chart.name}": dataset ${chart.table} has no metric ${missing.join(', ')}`);
        continue;
      }
      const formData = exampleFormData(chart, datasetId);
      const uuid = exampleUuid(`chart:${chart.key}`);
      const values = {
        slice_name: chart.name,
        datasource_id: datasetId,
        datasource_type: 'table',
        viz_type: chart.vizType,
        params: JSON.stringify(formData),
        query_context: JSON.stringify(exampleQueryContext(formData)),
        description: chart.description ?? null,
        last_saved_at: now,
        last_saved_by_fk: owner.id,
        changed_on: now,
        changed_by_fk: owner.id,
      };
      const existing = await chartIdByUuid(trx, uuid);
      let id: number;
      if (existing !== undefined) {
        id = existing;
        await setChartFields(trx, id, values);
        result.chartsUpdated++;
      } else {
        id = await insertChart(trx, { ...values, ...firstSaved(uuid, now, owner.id), cache_timeout: null });
        await addOwners(trx, 'chart', id, [owner.id]);
        result.chartsCreated++;
      }
      saved.set(chart.key, { id, name: chart.name, uuid });
    }

    for (const dashboard of EXAMPLE_DASHBOARDS) {
      const keys = chartKeysOf(dashboard.layout);
      const absent = keys.filter((k) => !saved.has(k));
      if (absent.length) {
        result.warnings.push(`dashboard "${dashboard.title}": charts not saved (${absent.join(', ')})`);
        continue;
      }
      const chartIds = keys.map((k) => (saved.get(k) as SavedChartRef).id);
      const layout = buildLayout(dashboard, saved);
      const uuid = exampleUuid(`dashboard:${dashboard.key}`);
      const existing = await dashboardIdByUuid(trx, uuid);
      const slugOwner = await dashboardIdBySlug(trx, dashboard.slug);
      // a slug already taken by someone's own dashboard stays theirs
      const slug = slugOwner === undefined || slugOwner === existing ? dashboard.slug : null;
      if (slug === null) result.warnings.push(`dashboard "${dashboard.title}": the slug ${dashboard.slug} is taken; saved without one`);
      const values = {
        dashboard_title: dashboard.title,
        slug,
        position_json: serializeLayout(layout),
        json_metadata: JSON.stringify(exampleMetadata(dashboard, chartIds, exampleNativeFilters(dashboard.key, layout, datasetOf))),
        css: null,
        published: flag(true),
        changed_on: now,
        changed_by_fk: owner.id,
      };
      let id: number;
      if (existing !== undefined) {
        id = existing;
        await setDashboardFields(trx, id, values);
        await clearDashboardCharts(trx, id);
        result.dashboardsUpdated++;
      } else {
        id = await insertDashboard(trx, { ...values, ...firstSaved(uuid, now, owner.id), description: null });
        await addOwners(trx, 'dashboard', id, [owner.id]);
        result.dashboardsCreated++;
      }
      await addDashboardCharts(trx, id, chartIds);
    }
  });
  for (const w of result.warnings) ctx.log.warn(`examples: ${w}`);
  return result;
}
