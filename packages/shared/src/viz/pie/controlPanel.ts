/** The pie's control panel: one metric by dimensions; labels, legend and the donut shape. */
import { sharedControls, numberFormatControl, dateFormatControl } from '../sharedControls.js';
import type { ControlConfig, ControlPanelConfig } from '../types.js';
import { validateNumber } from '../validators.js';

/** What each slice's label shows. */
export const PIE_LABEL_TYPES: [string, string][] = [
  ['key', 'Category Name'],
  ['value', 'Value'],
  ['percent', 'Percentage'],
  ['key_value', 'Category and Value'],
  ['key_percent', 'Category and Percentage'],
  ['key_value_percent', 'Category, Value and Percentage'],
  ['value_percent', 'Value and Percentage'],
  ['template', 'Template'],
];

const renderCheckbox = (label: string, def: boolean, description: string, extra: Partial<ControlConfig> = {}): ControlConfig => ({
  type: 'CheckboxControl',
  label,
  default: def,
  renderTrigger: true,
  description,
  ...extra,
});

const labelsShown = ({ formData }: { formData: Record<string, unknown> }) => formData.show_labels !== false;

export const pieControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [['groupby'], ['metric'], ['adhoc_filters'], ['row_limit'], ['sort_by_metric']],
    },
    {
      label: 'Chart options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [['color_scheme'], ['show_labels_threshold'], ['show_legend'], ['legendType', 'legendOrientation']],
    },
    {
      label: 'Labels',
      tab: 'customize',
      controlSetRows: [
        ['label_type'],
        ['label_template'],
        ['number_format'],
        ['currency_format'],
        ['date_format'],
        ['show_labels'],
        ['labels_outside'],
        ['label_line'],
        ['show_total'],
      ],
    },
    { label: 'Pie shape', tab: 'customize', controlSetRows: [['outerRadius'], ['donut'], ['innerRadius']] },
  ],
  controls: {
    row_limit: { ...sharedControls.row_limit, default: 100 },
    sort_by_metric: {
      type: 'CheckboxControl',
      label: 'Sort by metric',
      default: true,
      description: 'Whether to sort results by the selected metric in descending order.',
    },
    show_labels_threshold: {
      type: 'TextControl',
      label: 'Percentage threshold',
      isFloat: true,
      default: 5,
      renderTrigger: true,
      validators: [validateNumber],
      description: 'Minimum threshold in percentage points for showing labels.',
    },
    label_type: {
      type: 'SelectControl',
      label: 'Label type',
      default: 'key',
      choices: PIE_LABEL_TYPES,
      renderTrigger: true,
      description: 'What should be shown on the label?',
    },
    label_template: {
      type: 'TextAreaControl',
      label: 'Label Template',
      default: '',
      renderTrigger: true,
      description:
        'Format data labels. Use variables: {name}, {value}, {percent}. \\n represents a new line. ' +
        'ECharts compatibility: {a} (series), {b} (name), {c} (value), {d} (percentage)',
      visibility: ({ formData }) => formData.label_type === 'template',
    },
    number_format: numberFormatControl(),
    date_format: dateFormatControl(),
    show_labels: renderCheckbox('Show labels', true, 'Whether to display the labels.'),
    labels_outside: renderCheckbox('Put labels outside', true, 'Put the labels outside of the pie?', { visibility: labelsShown }),
    label_line: renderCheckbox('Label line', false, 'Draw line from Pie to label when labels outside?', {
      visibility: ({ formData }) => formData.show_labels !== false && formData.labels_outside !== false,
    }),
    show_total: renderCheckbox('Show total', false, 'Whether to display the aggregate count'),
    outerRadius: {
      type: 'SliderControl',
      label: 'Outer radius',
      default: 70,
      min: 10,
      max: 100,
      step: 1,
      renderTrigger: true,
      description: 'Outer edge of Pie chart',
    },
    donut: renderCheckbox('Donut', false, 'Do you want a donut or a pie?'),
    innerRadius: {
      type: 'SliderControl',
      label: 'Inner radius',
      default: 30,
      min: 0,
      max: 100,
      step: 1,
      renderTrigger: true,
      visibility: ({ formData }) => formData.donut === true,
      description: 'Inner radius of donut hole',
    },
  },
};
