/** Parallel coordinates' controls: the series (one line each), the metrics (one axis each), the colour metric. */
import { DEFAULT_SEQUENTIAL_SCHEME } from '../../colors/schemes.js';
import { legacySeriesLimitControls } from '../legacyControls.js';
import { sharedControls } from '../sharedControls.js';
import type { ControlPanelConfig } from '../types.js';
import { validateNonEmpty } from '../validators.js';

export const parallelCoordinatesControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [
        ['series'],
        ['metrics'],
        ['secondary_metric'],
        ['adhoc_filters'],
        ['limit', 'row_limit'],
        ['timeseries_limit_metric'],
        ['order_desc'],
      ],
    },
    {
      label: 'Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [['show_datatable', 'include_series'], ['linear_color_scheme']],
    },
  ],
  controls: {
    ...legacySeriesLimitControls,
    series: {
      type: 'ColumnControl',
      label: 'Dimension',
      columnFilter: 'groupable',
      default: null,
      clearable: false,
      validators: [validateNonEmpty],
      description: 'Each value of this column is one line across the axes.',
    },
    secondary_metric: {
      ...sharedControls.metric,
      label: 'Color Metric',
      default: null,
      clearable: true,
      validators: [],
      description: 'A metric to use for color',
    },
    show_datatable: {
      type: 'CheckboxControl',
      label: 'Data Table',
      default: false,
      renderTrigger: true,
      description: 'Whether to display the interactive data table',
    },
    include_series: {
      type: 'CheckboxControl',
      label: 'Include Series',
      default: false,
      renderTrigger: true,
      description: 'Include series name as an axis',
    },
    linear_color_scheme: {
      type: 'ColorSchemeControl',
      label: 'Linear Color Scheme',
      schemeType: 'sequential',
      default: DEFAULT_SEQUENTIAL_SCHEME,
      renderTrigger: true,
      description: 'The sequential scheme the colour metric runs along',
    },
  },
};
