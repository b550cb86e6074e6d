/**
 * Controls the flow family's types (funnel, gauge, radar, treemap, sunburst, sankey, graph, tree,
 * rose, chord, partition) declare alike in the BI server's plugins: "Sort by metric", the number
 * and date formats of labels, the legacy time section (time column, grain, range) and the legacy
 * advanced analytics. Each type names them in its own sections with its own defaults.
 */
import { NUMBER_FORMAT_OPTIONS, TIME_FORMAT_OPTIONS } from '../format/options.js';
import { sharedControls } from './sharedControls.js';
import type { ControlConfig, ControlPanelSection } from './types.js';
import { validateNonEmpty } from './validators.js';

/** A render-only checkbox (the look changes; the query does not). */
export const renderCheckbox = (label: string, def: boolean, description: string, extra: Partial<ControlConfig> = {}): ControlConfig => ({
  type: 'CheckboxControl',
  label,
  default: def,
  renderTrigger: true,
  description,
  ...extra,
});

export const sortByMetricControl = (def: boolean): ControlConfig => ({
  type: 'CheckboxControl',
  label: 'Sort by metric',
  default: def,
  description: 'Whether to sort results by the selected metric in descending order.',
});

export const numberFormatControl = (def: string = NUMBER_FORMAT_OPTIONS[0][0], label = 'Number format'): ControlConfig => ({
  type: 'SelectControl',
  label,
  freeForm: true,
  default: def,
  choices: NUMBER_FORMAT_OPTIONS,
  renderTrigger: true,
  description: 'D3 format syntax: https://github.com/d3/d3-format',
});

export const dateFormatControl = (label = 'Date format'): ControlConfig => ({
  type: 'SelectControl',
  label,
  freeForm: true,
  default: TIME_FORMAT_OPTIONS[0][0],
  choices: TIME_FORMAT_OPTIONS,
  renderTrigger: true,
  description: 'D3 time format for datetime columns',
});

/** A single dataset column picked by name (the BI server's `entity` control). */
export const entityControl = (label: string, description: string, required: boolean): ControlConfig => ({
  type: 'ColumnControl',
  label,
  description,
  columnFilter: 'groupable',
  default: null,
  clearable: !required,
  validators: required ? [validateNonEmpty] : [],
});

/** The legacy time section: the time column, its grain and the time range (legacy timeseries charts). */
export const LEGACY_TIME_SECTION: ControlPanelSection = {
  label: 'Time',
  expanded: true,
  tab: 'data',
  controlSetRows: [['granularity_sqla'], ['time_grain_sqla'], ['time_range']],
};

export const LEGACY_TIME_CONTROLS: Record<string, ControlConfig> = {
  granularity_sqla: {
    type: 'ColumnControl',
    label: 'Time column',
    columnFilter: 'temporal',
    default: null,
    description: 'The time column for the visualization. The time range applies to it and the time grain buckets it.',
  },
  time_range: {
    type: 'TimeRangeControl',
    label: 'Time range',
    default: 'No filter',
    description: 'The time range the query reads, on the time column.',
  },
};

/** The legacy "Contribution" checkbox: each value as its share of its point in time. */
export const contributionControl: ControlConfig = {
  type: 'CheckboxControl',
  label: 'Contribution',
  default: false,
  description: 'Compute the contribution to the total',
};

/** The legacy series limit (`limit`) and its sort metric (`timeseries_limit_metric`). */
export const LEGACY_SERIES_LIMIT_CONTROLS: Record<string, ControlConfig> = {
  limit: { ...sharedControls.series_limit, label: 'Series limit' },
  timeseries_limit_metric: { ...sharedControls.series_limit_metric, label: 'Sort by' },
};

/**
 * The time range of a legacy chart: its Time section's range, unless that is "No filter" and a
 * time-range filter (Explore adds one on a dataset with a time column) narrows the query.
 */
export function legacyTimeRange(fd: Record<string, unknown>, fromFilters: string | null | undefined): string {
  const own = typeof fd.time_range === 'string' && fd.time_range.trim() ? fd.time_range : null;
  if (own && own !== 'No filter') return own;
  return fromFilters ?? own ?? 'No filter';
}
