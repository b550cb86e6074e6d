/** The funnel's control panel: one metric by stages; how percentages are computed; labels and tooltip. */
import { sharedControls, numberFormatControl } from '../sharedControls.js';
import type { ChoiceList, ControlPanelConfig } from '../types.js';
import { renderCheckbox, sortByMetricControl } from '../flowControls.js';

/** The base each stage's percentage is taken of. */
export const FUNNEL_PERCENT_CALCULATIONS: ChoiceList = [
  ['first_step', 'Calculate from first step'],
  ['previous_step', 'Calculate from previous step'],
  ['total', 'Percent of total'],
];

export const FUNNEL_LABEL_TYPES: ChoiceList = [
  ['key', 'Category Name'],
  ['value', 'Value'],
  ['percent', 'Percentage'],
  ['key_value', 'Category and Value'],
  ['key_percent', 'Category and Percentage'],
  ['key_value_percent', 'Category, Value and Percentage'],
  ['value_percent', 'Value and Percentage'],
];

export const funnelControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [['groupby'], ['metric'], ['adhoc_filters'], ['row_limit'], ['sort_by_metric'], ['percent_calculation_type']],
    },
    {
      label: 'Chart options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [['color_scheme'], ['show_legend'], ['legendType', 'legendOrientation']],
    },
    {
      label: 'Labels',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        ['label_type'],
        ['tooltip_label_type'],
        ['number_format'],
        ['currency_format'],
        ['show_labels'],
        ['show_tooltip_labels'],
      ],
    },
  ],
  controls: {
    row_limit: { ...sharedControls.row_limit, default: 10 },
    sort_by_metric: sortByMetricControl(true),
    percent_calculation_type: {
      type: 'SelectControl',
      label: '% calculation',
      default: 'first_step',
      choices: FUNNEL_PERCENT_CALCULATIONS,
      renderTrigger: true,
      description:
        'Display percents in the label and tooltip as the percent of the total value, from the first step of the funnel, or from the previous step in the funnel.',
    },
    label_type: {
      type: 'SelectControl',
      label: 'Label contents',
      default: 'key',
      choices: FUNNEL_LABEL_TYPES,
      renderTrigger: true,
      description: 'What should be shown as the label',
    },
    tooltip_label_type: {
      type: 'SelectControl',
      label: 'Tooltip contents',
      default: 'key_value_percent',
      choices: FUNNEL_LABEL_TYPES.slice(0, 6),
      renderTrigger: true,
      description: 'What should be shown as the tooltip label',
    },
    number_format: numberFormatControl(),
    show_labels: renderCheckbox('Show labels', true, 'Whether to display the labels.'),
    show_tooltip_labels: renderCheckbox('Show tooltip labels', true, 'Whether to display the tooltip labels.'),
  },
};
