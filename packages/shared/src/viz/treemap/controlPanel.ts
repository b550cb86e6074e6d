/** The treemap's control panel: one metric by a hierarchy of dimensions; labels. */
import type { ControlPanelConfig } from '../types.js';
import { renderCheckbox, sortByMetricControl } from '../flowControls.js';
import { dateFormatControl, numberFormatControl } from '../sharedControls.js';

export const treemapControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [['groupby'], ['metric'], ['row_limit'], ['sort_by_metric'], ['adhoc_filters']],
    },
    {
      label: 'Chart options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        ['color_scheme'],
        ['show_labels'],
        ['show_upper_labels'],
        ['label_type'],
        ['number_format'],
        ['currency_format'],
        ['date_format'],
      ],
    },
  ],
  controls: {
    sort_by_metric: sortByMetricControl(false),
    show_labels: renderCheckbox('Show labels', true, 'Whether to display the labels.'),
    show_upper_labels: renderCheckbox('Show upper labels', true, 'Show labels when the node has children.'),
    label_type: {
      type: 'SelectControl',
      label: 'Label type',
      default: 'key_value',
      renderTrigger: true,
      choices: [
        ['key', 'Key'],
        ['value', 'Value'],
        ['key_value', 'Category and Value'],
      ],
      description: 'What should be shown on the label?',
    },
    number_format: numberFormatControl(),
    date_format: dateFormatControl(),
  },
};
