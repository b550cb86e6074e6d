/** The horizon chart's controls: metrics by dimensions over time; the band height and the value domain. */
import {
  LEGACY_SERIES_QUERY,
  LEGACY_TIMESERIES_TIME,
  contributionControl,
  legacySeriesLimitControls,
  legacyTimeControls,
  requiredTimeColumn,
} from '../legacyControls.js';
import type { ControlPanelConfig } from '../types.js';

export const HORIZON_SERIES_HEIGHTS = ['10', '25', '40', '50', '75', '100', '150', '200'] as const;

export const horizonControlPanel: ControlPanelConfig = {
  sections: [
    LEGACY_TIMESERIES_TIME,
    LEGACY_SERIES_QUERY,
    { label: 'Chart Options', expanded: true, tab: 'customize', controlSetRows: [['series_height', 'horizon_color_scale']] },
  ],
  controls: {
    ...legacyTimeControls,
    granularity_sqla: requiredTimeColumn,
    ...legacySeriesLimitControls,
    contribution: contributionControl,
    series_height: {
      type: 'SelectControl',
      label: 'Series Height',
      freeForm: true,
      default: '25',
      renderTrigger: true,
      choices: HORIZON_SERIES_HEIGHTS.map((h) => [h, h]),
      description: 'Pixel height of each series',
    },
    horizon_color_scale: {
      type: 'SelectControl',
      label: 'Value Domain',
      default: 'series',
      renderTrigger: true,
      choices: [
        ['series', 'series'],
        ['overall', 'overall'],
        ['change', 'change'],
      ],
      description:
        'series: Treat each series independently; overall: All series use the same scale; change: Show changes compared to the first data point in each series',
    },
  },
};
