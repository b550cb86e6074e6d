export * from './constants.js';
export * from './errors/messages.js';
export * from './errors/types.js';
export * from './api/common.js';
export * from './api/database.js';
export * from './api/security.js';
export * from './api/roles.js';
export * from './api/rls.js';
export * from './api/embedded.js';
export * from './errors/clientError.js';
export * from './toasts.js';
export * from './sqllab/states.js';
export * from './api/sqllab.js';
export * from './api/dataset.js';
export * from './api/log.js';
export * from './api/logEvents.js';
export * from './api/chartData.js';
export * from './sqllab/tabs.js';
export * from './sqllab/queries.js';
export * from './sqllab/storage.js';
export * from './sqllab/connectivity.js';
export * from './sqllab/messages.js';
export * from './errors/timeoutHints.js';
export * from './sqllab/resultNames.js';
export * from './sqllab/tables.js';
export * from './sqllab/editor.js';
export * from './sqllab/tabState.js';
export * from './sqllab/completion.js';
export * from './charts/formData.js';
export * from './charts/operators.js';
export * from './viz/annotations.js';
export * from './time/timeRange.js';
export * from './time/timeShift.js';
export * from './time/timeGrains.js';
export * from './time/errors.js';
export * from './time/calendar.js';
export * from './charts/postprocess/index.js';
export * from './api/chart.js';
export * from './api/explore.js';
export * from './api/dashboard.js';
export * from './format/options.js';
export * from './viz/types.js';
export * from './viz/validators.js';
export * from './viz/sharedControls.js';
export * from './viz/registry.js';
/** the form data pieces the chart types' example charts (and the server's other examples) are written with */
export * as EXAMPLE_FORM_DATA from './viz/exampleFormData.js';
export * from './viz/transitions.js';
// what the web app's drawing and controls of the time table, time pivot and handlebars types read
export {
  TIME_TABLE_COLUMN_TYPES,
  TIME_TABLE_COMPARISONS,
  newTimeTableColumn,
  type TimeTableColumn,
  type TimeTableColumnType,
  type TimeTableComparison,
} from './viz/timeTable/columns.js';
export { FREQUENCY_PATTERN } from './viz/timePivot/controlPanel.js';
export { DEFAULT_HANDLEBARS_TEMPLATE } from './viz/handlebars/controlPanel.js';
// what the web app's map drawing and the server's map route read
export { WORLD_MAP_COLOR_BY } from './viz/worldMap/index.js';
export {
  BUNDLED_COUNTRY_MAPS,
  COUNTRY_MAP_CHOICES,
  COUNTRY_MAP_KEY_PATTERN,
  countryMapLabel,
  isCountryMapKey,
} from './viz/countryMap/index.js';
export { MAPBOX_COLOR_PATTERN, MAPBOX_COUNT_LABEL, mapboxLabelOf, mapboxRadiusOf } from './viz/mapbox/index.js';
export * from './geo/countries.js';
export * from './geo/usStates.js';
export * from './geo/cluster.js';
export * from './geo/projection.js';
export * from './viz/legacyTypes.js';
export * from './viz/migrate/index.js';
export * from './format/index.js';
export * from './colors/index.js';
export { PIVOT_AGGREGATE_FUNCTIONS, type PivotAggregateFunction } from './viz/pivotTable/controlPanel.js';
export { MAX_TABLE_TIME_SHIFTS, tableTimeShifts } from './viz/table/buildQuery.js';
export * from './dashboards/types.js';
export * from './dashboards/tree.js';
export * from './dashboards/layout.js';
export * from './dashboards/nesting.js';
export * from './dashboards/drop.js';
export * from './dashboards/ops.js';
export * from './dashboards/history.js';
export * from './dashboards/metadata.js';
export * from './dashboards/validatePosition.js';
export * from './dashboards/refresh.js';
export * from './dashboards/urlParams.js';
export * from './dashboards/css.js';
export * from './dashboards/activeTabs.js';
export * from './dashboards/naming.js';
export * from './filters/types.js';
export * from './dashboards/filterScope.js';
export * from './filters/dataMask.js';
export * from './filters/cascade.js';
export * from './filters/indicators.js';
export * from './filters/urlState.js';
export * from './filters/changes.js';
export * from './api/nativeFilters.js';
export * from './api/report.js';
export * from './reports/messages.js';
export * from './reports/schedule.js';
export * from './reports/validator.js';
export * from './reports/rules.js';
export * from './reports/tabs.js';
export * from './api/asyncEvent.js';
export * from './api/importResult.js';
export * from './async/constants.js';
export * from './async/transport.js';
export * from './async/events.js';
export * from './savedqueries/schedule.js';
export * from './upload/index.js';
export { METRIC_KEY as PIVOT_METRIC_KEY, buildPivot, pivotDimensions, type Pivot, type PivotConfig } from './viz/pivotTable/pivot.js';
export { DEFAULT_AGGREGATE_FUNCTION as DEFAULT_PIVOT_AGGREGATE_FUNCTION, naturalCompare } from './viz/pivotTable/aggregators.js';
export { axisEntries, headerLevels, headersByEntry, type AxisEntry, type EntryKind, type HeaderCell } from './viz/pivotTable/axes.js';
export * from './dashboards/workbook.js';
export * from './dashboards/workbookContent.js';
export { columnLabelOf, metricLabelOf } from './viz/buildQueryHelpers.js';
export * from './api/versions.js';
export * from './versions/compare.js';
export * from './versions/summary.js';
export * from './api/preferences.js';
export * from './theme/index.js';
export * from './i18n/index.js';
