/**
 * The rose's control panel: the legacy time section, metrics by dimensions with a series limit,
 * the legacy "Contribution"; formats, rich tooltip and area proportions; advanced analytics.
 */
import { sharedControls } from '../sharedControls.js';
import type { ControlPanelConfig } from '../types.js';
import { ADVANCED_ANALYTICS_SECTION } from '../timeseries/controlPanel.js';
import {
  LEGACY_SERIES_LIMIT_CONTROLS,
  LEGACY_TIME_CONTROLS,
  LEGACY_TIME_SECTION,
  contributionControl,
  dateFormatControl,
  numberFormatControl,
  renderCheckbox,
} from '../flowControls.js';

export const roseControlPanel: ControlPanelConfig = {
  sections: [
    LEGACY_TIME_SECTION,
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [
        ['metrics'],
        ['adhoc_filters'],
        ['groupby'],
        ['limit', 'timeseries_limit_metric'],
        ['order_desc'],
        ['contribution'],
        ['row_limit'],
      ],
    },
    {
      label: 'Chart options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [['color_scheme'], ['number_format', 'date_time_format'], ['rich_tooltip', 'rose_area_proportion']],
    },
    ADVANCED_ANALYTICS_SECTION,
  ],
  controls: {
    ...LEGACY_TIME_CONTROLS,
    ...LEGACY_SERIES_LIMIT_CONTROLS,
    contribution: contributionControl,
    number_format: numberFormatControl(),
    date_time_format: dateFormatControl('Date time format'),
    rich_tooltip: { ...sharedControls.rich_tooltip, label: 'Rich tooltip' },
    rose_area_proportion: renderCheckbox(
      'Use area proportions',
      false,
      'Check if the Rose Chart should use segment area instead of segment radius for proportioning',
    ),
  },
};
