/**
 * A dashboard bundle as the BI server exported it before its legacy chart types were retired
 * (issue 31 item 2), written from its documented export format: `metadata.yaml`, the database,
 * a dataset on `main.flights` of the examples database, five charts of legacy types and the
 * dashboard (two tabs, a filter box on `origin` with `default_filters` and `filter_scopes`).
 * Used by the import API test and the legacy import e2e; it imports nothing, so both can load it.
 */

export type BundleDocs = Record<string, Record<string, unknown>>;

export interface LegacyBundleIds {
  /** the examples database's uuid here (the bundle binds to it) */
  databaseUuid: string;
  /** the flights dataset's uuid (here already, or created from the bundle) */
  datasetUuid: string;
  dashboardUuid: string;
  /** uuids of the dist_bar, area, heatmap, markup and filter_box charts */
  charts: { distBar: string; area: string; heatmap: string; markup: string; filterBox: string };
  /** the dashboard's title (`LEGACY_DASHBOARD_TITLE` by default) */
  title?: string;
}

/** The bundle charts' ids in the exporting installation (the layout and the metadata name them). */
export const LEGACY_CHART_IDS = { distBar: 101, area: 102, heatmap: 103, markup: 104, filterBox: 105 } as const;

export const LEGACY_MARKUP_TEXT = '## Flights at a glance\n\nDepartures from US airports, **January to June 2001**.';
export const LEGACY_DASHBOARD_TITLE = 'Legacy flights board';

const VERSION = '1.0.0';
const noTime = { granularity_sqla: 'date', time_range: 'No filter' };

const chartDoc = (name: string, vizType: string, uuid: string, datasetUuid: string, params: Record<string, unknown>) => ({
  slice_name: name,
  viz_type: vizType,
  params: { datasource: '7__table', viz_type: vizType, ...params },
  query_context: null,
  cache_timeout: null,
  uuid,
  dataset_uuid: datasetUuid,
  version: VERSION,
});

const chartNode = (key: string, chartId: number, uuid: string, parents: string[], width: number, name: string) => ({
  type: 'CHART',
  id: key,
  children: [],
  parents,
  meta: { chartId, uuid, width, height: 50, sliceName: name },
});

/** The bundle's files (each a YAML document as an object), its folder prefix left to the caller. */
export function legacyDashboardBundle(ids: LegacyBundleIds): BundleDocs {
  const c = ids.charts;
  const n = LEGACY_CHART_IDS;
  const tab1 = ['ROOT_ID', 'TABS-main', 'TAB-overview'];
  const tab2 = ['ROOT_ID', 'TABS-main', 'TAB-routes'];
  const title = ids.title ?? LEGACY_DASHBOARD_TITLE;
  return {
    'metadata.yaml': { version: VERSION, type: 'Dashboard', timestamp: '2021-03-01T10:00:00.000000+00:00' },
    'databases/examples.yaml': {
      database_name: 'examples',
      sqlalchemy_uri: 'duckdb:///examples.duckdb',
      cache_timeout: null,
      expose_in_sqllab: true,
      allow_run_async: false,
      allow_ctas: false,
      allow_cvas: false,
      allow_dml: false,
      allow_file_upload: false,
      extra: {},
      uuid: ids.databaseUuid,
      version: VERSION,
    },
    'datasets/examples/flights.yaml': {
      table_name: 'flights',
      main_dttm_col: 'date',
      schema: 'main',
      sql: null,
      uuid: ids.datasetUuid,
      database_uuid: ids.databaseUuid,
      version: VERSION,
      metrics: [{ metric_name: 'count', verbose_name: 'COUNT(*)', metric_type: 'count', expression: 'COUNT(*)' }],
      columns: [
        { column_name: 'date', is_dttm: true, type: 'TIMESTAMP', groupby: true, filterable: true },
        { column_name: 'origin', type: 'VARCHAR', groupby: true, filterable: true },
        { column_name: 'destination', type: 'VARCHAR', groupby: true, filterable: true },
        { column_name: 'delay', type: 'INTEGER', groupby: true, filterable: true },
        { column_name: 'distance', type: 'INTEGER', groupby: true, filterable: true },
      ],
    },
    'charts/Departures_by_origin_101.yaml': chartDoc('Departures by origin', 'dist_bar', c.distBar, ids.datasetUuid, {
      ...noTime,
      metrics: ['count'],
      groupby: ['origin'],
      columns: [],
      row_limit: 10,
      order_desc: true,
      adhoc_filters: [],
      show_legend: true,
      y_axis_format: 'SMART_NUMBER',
      bottom_margin: 'auto',
    }),
    'charts/Departures_by_month_102.yaml': chartDoc('Departures by month', 'area', c.area, ids.datasetUuid, {
      ...noTime,
      time_grain_sqla: 'P1M',
      metrics: ['count'],
      groupby: [],
      adhoc_filters: [],
      stacked_style: 'stack',
      rich_tooltip: true,
      show_legend: true,
      x_axis_format: 'smart_date',
    }),
    'charts/Routes_heatmap_103.yaml': chartDoc('Routes heatmap', 'heatmap', c.heatmap, ids.datasetUuid, {
      ...noTime,
      all_columns_x: 'origin',
      all_columns_y: 'destination',
      metric: 'count',
      adhoc_filters: [
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'origin', operator: 'IN', comparator: ['ORD', 'ATL', 'DFW'] },
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'destination', operator: 'IN', comparator: ['LAX', 'DEN', 'PHX'] },
      ],
      linear_color_scheme: 'blue_white_yellow',
      xscale_interval: null,
      yscale_interval: null,
      canvas_image_rendering: 'pixelated',
      normalize_across: 'heatmap',
      left_margin: 'auto',
      bottom_margin: 'auto',
      y_axis_format: 'SMART_NUMBER',
      sort_x_axis: 'alpha_asc',
      sort_y_axis: 'alpha_asc',
      show_legend: true,
    }),
    'charts/Notes_104.yaml': chartDoc('Notes', 'markup', c.markup, ids.datasetUuid, { markup_type: 'markdown', code: LEGACY_MARKUP_TEXT }),
    'charts/Filters_105.yaml': chartDoc('Filters', 'filter_box', c.filterBox, ids.datasetUuid, {
      ...noTime,
      adhoc_filters: [],
      date_filter: false,
      instant_filtering: true,
      filter_configs: [
        { asc: true, clearable: true, column: 'origin', key: 'k0rigin', label: 'Origin', multiple: true, searchAllOptions: false },
      ],
    }),
    'dashboards/Legacy_flights_board_1.yaml': {
      dashboard_title: title,
      description: null,
      css: '',
      slug: null,
      uuid: ids.dashboardUuid,
      version: VERSION,
      position: {
        DASHBOARD_VERSION_KEY: 'v2',
        ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['TABS-main'] },
        HEADER_ID: { type: 'HEADER', id: 'HEADER_ID', meta: { text: title } },
        'TABS-main': { type: 'TABS', id: 'TABS-main', children: ['TAB-overview', 'TAB-routes'], parents: ['ROOT_ID'], meta: {} },
        'TAB-overview': {
          type: 'TAB',
          id: 'TAB-overview',
          children: ['ROW-filters', 'ROW-overview'],
          parents: ['ROOT_ID', 'TABS-main'],
          meta: { text: 'Overview' },
        },
        'TAB-routes': {
          type: 'TAB',
          id: 'TAB-routes',
          children: ['ROW-routes'],
          parents: ['ROOT_ID', 'TABS-main'],
          meta: { text: 'Routes' },
        },
        'ROW-filters': {
          type: 'ROW',
          id: 'ROW-filters',
          children: ['CHART-box'],
          parents: tab1,
          meta: { background: 'BACKGROUND_TRANSPARENT' },
        },
        'ROW-overview': {
          type: 'ROW',
          id: 'ROW-overview',
          children: ['CHART-dist', 'CHART-area', 'CHART-notes'],
          parents: tab1,
          meta: { background: 'BACKGROUND_TRANSPARENT' },
        },
        'ROW-routes': {
          type: 'ROW',
          id: 'ROW-routes',
          children: ['CHART-heat'],
          parents: tab2,
          meta: { background: 'BACKGROUND_TRANSPARENT' },
        },
        'CHART-box': chartNode('CHART-box', n.filterBox, c.filterBox, [...tab1, 'ROW-filters'], 4, 'Filters'),
        'CHART-dist': chartNode('CHART-dist', n.distBar, c.distBar, [...tab1, 'ROW-overview'], 4, 'Departures by origin'),
        'CHART-area': chartNode('CHART-area', n.area, c.area, [...tab1, 'ROW-overview'], 5, 'Departures by month'),
        'CHART-notes': chartNode('CHART-notes', n.markup, c.markup, [...tab1, 'ROW-overview'], 3, 'Notes'),
        'CHART-heat': chartNode('CHART-heat', n.heatmap, c.heatmap, [...tab2, 'ROW-routes'], 8, 'Routes heatmap'),
      },
      metadata: {
        timed_refresh_immune_slices: [],
        expanded_slices: {},
        refresh_frequency: 0,
        color_scheme: '',
        label_colors: {},
        // the filter box reaches every chart but the heatmap
        filter_scopes: { [String(n.filterBox)]: { origin: { scope: ['ROOT_ID'], immune: [n.heatmap] } } },
        default_filters: JSON.stringify({ [String(n.filterBox)]: { origin: ['ORD'] } }),
        filter_immune_slices: [],
        filter_immune_slice_fields: {},
      },
    },
  };
}
