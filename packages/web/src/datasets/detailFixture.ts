import type { DatasetColumnDetail, DatasetDetail, DatasetMetricDetail } from '@rama/shared';

/** Test data: a stored dataset as `GET /api/v1/dataset/{id}` returns it. */

const STAMP = '2024-01-01T00:00:00';

export function columnDetail(id: number, column_name: string, fields: Partial<DatasetColumnDetail> = {}): DatasetColumnDetail {
  return {
    id,
    column_name,
    verbose_name: null,
    type: 'VARCHAR',
    type_generic: 1,
    is_dttm: false,
    groupby: true,
    filterable: true,
    expression: null,
    description: null,
    is_active: true,
    python_date_format: null,
    advanced_data_type: null,
    uuid: null,
    extra: null,
    created_on: STAMP,
    changed_on: STAMP,
    ...fields,
  };
}

export function metricDetail(
  id: number,
  metric_name: string,
  expression: string,
  fields: Partial<DatasetMetricDetail> = {},
): DatasetMetricDetail {
  return {
    id,
    metric_name,
    verbose_name: null,
    metric_type: null,
    expression,
    d3format: null,
    description: null,
    currency: null,
    warning_text: null,
    extra: null,
    uuid: null,
    created_on: STAMP,
    changed_on: STAMP,
    ...fields,
  };
}

export function datasetDetail(fields: Partial<DatasetDetail> = {}): DatasetDetail {
  return {
    id: 5,
    uuid: 'c6c0f1a2-0000-4000-8000-000000000005',
    table_name: 'penguins',
    name: 'main.penguins',
    kind: 'physical',
    database: { id: 1, database_name: 'examples', backend: 'duckdb' },
    catalog: null,
    schema: 'main',
    sql: null,
    template_params: null,
    description: null,
    main_dttm_col: 'observed_at',
    is_managed_externally: false,
    external_url: null,
    select_star: 'SELECT * FROM main.penguins LIMIT 100',
    owners: [{ id: 1, first_name: 'Ada', last_name: 'Admin' }],
    tags: [],
    columns: [
      columnDetail(11, 'species'),
      columnDetail(12, 'body_mass_g', { type: 'INTEGER', type_generic: 0 }),
      columnDetail(13, 'observed_at', { type: 'TIMESTAMP', type_generic: 2, is_dttm: true }),
      columnDetail(14, 'heavy', { expression: 'body_mass_g > 4000', type: 'BOOLEAN' }),
    ],
    metrics: [metricDetail(21, 'count', 'COUNT(*)')],
    changed_on: STAMP,
    changed_on_delta_humanized: 'a day ago',
    changed_by: null,
    created_by: null,
    datasource_type: 'table',
    uid: '5__table',
    datasource_name: 'penguins',
    url: '/tablemodelview/edit/5',
    explore_url: '/explore/?datasource_type=table&datasource_id=5',
    is_sqllab_view: false,
    offset: 0,
    cache_timeout: null,
    filter_select_enabled: true,
    fetch_values_predicate: null,
    normalize_columns: false,
    always_filter_main_dttm: false,
    default_endpoint: null,
    extra: null,
    created_on: STAMP,
    created_on_humanized: 'a day ago',
    changed_on_humanized: 'a day ago',
    ...fields,
  };
}
