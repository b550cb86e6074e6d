/**
 * The rose's control panel: the legacy time section, metrics by dimensions with a series limit,
 * the legacy "Contribution"; formats, rich tooltip and area proportions; advanced analytics.
 */
import { sharedControls, dateFormatControl, numberFormatControl } from '../sharedControls.js';
import type { ControlPanelConfig } from '../types.js';
import { ADVANCED_ANALYTICS_SECTION } from '../timeseries/controlPanel.js';
import { renderCheckbox } from '../flowControls.js';
import {
  LEGACY_SERIES_QUERY,
  LEGACY_TIMESERIES_TIME,
  contributionControl,
  legacySeriesLimitControls,
  legacyTimeControls,
} from '../legacyControls.js';

export const roseControlPanel: ControlPanelConfig = {
  sections: [
    LEGACY_TIMESERIES_TIME,
    LEGACY_SERIES_QUERY,
    {
      label: 'Chart options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [['color_scheme'], ['number_format', 'date_time_format'], ['rich_tooltip', 'rose_area_proportion']],
    },
    ADVANCED_ANALYTICS_SECTION,
  ],
  controls: {
    ...legacyTimeControls,
    ...legacySeriesLimitControls,
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
