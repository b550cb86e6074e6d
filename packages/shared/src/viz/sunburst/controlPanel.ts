/** The sunburst's control panel: a hierarchy, a primary metric and an optional colour metric; labels and shape. */
import { sharedControls, dateFormatControl, numberFormatControl } from '../sharedControls.js';
import type { ControlContext, ControlPanelConfig } from '../types.js';
import { renderCheckbox, sortByMetricControl } from '../flowControls.js';
import { validateNumber } from '../validators.js';
import { metricLabelOf } from '../buildQueryHelpers.js';
import type { QueryMetric } from '../../api/chartData.js';

/** A secondary metric other than the primary one colours the arcs on a linear scale. */
export function colorsByRatio({ formData }: Pick<ControlContext, 'formData'>): boolean {
  const secondary = formData.secondary_metric as QueryMetric | null | undefined;
  const primary = formData.metric as QueryMetric | null | undefined;
  if (!secondary) return false;
  return !primary || metricLabelOf(secondary) !== metricLabelOf(primary);
}

export const sunburstControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [['columns'], ['metric'], ['secondary_metric'], ['adhoc_filters'], ['row_limit'], ['sort_by_metric']],
    },
    {
      label: 'Chart options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [['color_scheme'], ['linear_color_scheme']],
    },
    {
      label: 'Labels',
      expanded: true,
      tab: 'customize',
      controlSetRows: [['show_labels'], ['show_labels_threshold'], ['show_total'], ['label_type']],
    },
    {
      label: 'Shape',
      tab: 'customize',
      controlSetRows: [['number_format'], ['currency_format'], ['outerRadius'], ['donut'], ['innerRadius'], ['showNulls'], ['date_format']],
    },
  ],
  controls: {
    columns: {
      ...sharedControls.groupby,
      label: 'Hierarchy',
      description:
        'Sets the hierarchy levels of the chart. Each level is represented by one ring with the innermost circle as the top of the hierarchy.',
    },
    metric: {
      ...sharedControls.metric,
      label: 'Primary metric',
      description: 'The primary metric is used to define the arc segment sizes',
    },
    secondary_metric: {
      type: 'MetricControl',
      label: 'Secondary metric',
      default: null,
      clearable: true,
      description:
        '[optional] this secondary metric is used to define the color as a ratio against the primary metric. When omitted, the color is categorical and based on labels',
    },
    sort_by_metric: sortByMetricControl(false),
    color_scheme: {
      ...sharedControls.color_scheme,
      description: 'When only a primary metric is provided, a categorical color scale is used.',
      visibility: (ctx) => !colorsByRatio(ctx),
    },
    linear_color_scheme: {
      type: 'ColorSchemeControl',
      label: 'Linear color scheme',
      schemeType: 'sequential',
      default: 'superset_seq_1',
      renderTrigger: true,
      description: 'When a secondary metric is provided, a linear color scale is used.',
      visibility: colorsByRatio,
    },
    show_labels: renderCheckbox('Show labels', false, 'Whether to display the labels.'),
    show_labels_threshold: {
      type: 'TextControl',
      label: 'Percentage threshold',
      isFloat: true,
      default: 5,
      renderTrigger: true,
      validators: [validateNumber],
      description: 'Minimum threshold in percentage points for showing labels.',
    },
    show_total: renderCheckbox('Show total', false, 'Whether to display the aggregate count'),
    label_type: {
      type: 'SelectControl',
      label: 'Label type',
      default: 'key',
      renderTrigger: true,
      choices: [
        ['key', 'Category Name'],
        ['value', 'Value'],
        ['key_value', 'Category and Value'],
      ],
      description: 'What should be shown on the label?',
    },
    number_format: numberFormatControl(),
    outerRadius: {
      type: 'SliderControl',
      label: 'Outer radius',
      min: 10,
      max: 100,
      step: 1,
      default: 100,
      renderTrigger: true,
      description: 'Outer edge of Pie chart',
    },
    donut: renderCheckbox('Donut', true, 'Do you want a donut or a pie?'),
    innerRadius: {
      type: 'SliderControl',
      label: 'Inner radius',
      min: 0,
      max: 100,
      step: 1,
      default: 30,
      renderTrigger: true,
      visibility: ({ formData }) => formData.donut !== false,
      description: 'Inner radius of donut hole',
    },
    showNulls: renderCheckbox('Show <NULL> values', true, 'Do you want <NULL> slices visible?'),
    date_format: dateFormatControl(),
  },
};
