/** The chord's control panel: a source and a target column, a metric; number format and colours. */
import { sharedControls } from '../sharedControls.js';
import type { ControlPanelConfig } from '../types.js';
import { validateNonEmpty } from '../validators.js';
import { sortByMetricControl } from '../flowControls.js';

export const chordControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [['groupby'], ['columns'], ['metric'], ['adhoc_filters'], ['row_limit'], ['sort_by_metric']],
    },
    { label: 'Chart options', expanded: true, tab: 'customize', controlSetRows: [['y_axis_format'], ['color_scheme']] },
  ],
  controls: {
    groupby: {
      ...sharedControls.groupby,
      type: 'ColumnControl',
      label: 'Source',
      multi: false,
      default: null,
      validators: [validateNonEmpty],
      description: 'Choose a source',
    },
    columns: {
      ...sharedControls.groupby,
      type: 'ColumnControl',
      label: 'Target',
      multi: false,
      default: null,
      validators: [validateNonEmpty],
      description: 'Choose a target',
    },
    sort_by_metric: sortByMetricControl(false),
    y_axis_format: { ...sharedControls.y_axis_format, label: 'Number format', description: 'Choose a number format' },
  },
};
