/**
 * Controls the flow family's types (funnel, gauge, radar, treemap, sunburst, sankey, graph, tree,
 * rose, chord, partition) declare alike in the BI server's plugins: "Sort by metric", the number
 * and date formats of labels, entity columns and the legacy time range. The legacy time and query
 * sections are in legacyControls.ts. Each type names them in its own sections with its own defaults.
 */
import { checkboxControl } from './sharedControls.js';
import type { ControlConfig } from './types.js';
import { validateNonEmpty } from './validators.js';

/** A render-only checkbox (the look changes; the query does not). */
export const renderCheckbox = checkboxControl;

export const sortByMetricControl = (def: boolean): ControlConfig => ({
  type: 'CheckboxControl',
  label: 'Sort by metric',
  default: def,
  description: 'Whether to sort results by the selected metric in descending order.',
});

/** "Enable graph roaming": pan and zoom of the graph and tree charts. */
export const roamControl: ControlConfig = {
  type: 'SelectControl',
  label: 'Enable graph roaming',
  default: true,
  renderTrigger: true,
  choices: [
    [false, 'Disabled'],
    ['scale', 'Scale only'],
    ['move', 'Move only'],
    [true, 'Scale and Move'],
  ],
  description: 'Whether to enable changing graph position and scaling.',
};

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

/**
 * The time range of a legacy chart: its Time section's range, unless that is "No filter" and a
 * time-range filter (Explore adds one on a dataset with a time column) narrows the query.
 */
export function legacyTimeRange(fd: Record<string, unknown>, fromFilters: string | null | undefined): string {
  const own = typeof fd.time_range === 'string' && fd.time_range.trim() ? fd.time_range : null;
  if (own && own !== 'No filter') return own;
  return fromFilters ?? own ?? 'No filter';
}
