/**
 * The bullet chart's controls: the metric, and comma-separated lists of numbers (ranges, markers,
 * marker lines) with their labels, saved as the text typed, as the BI server saves them.
 */
import { LEGACY_REGULAR_TIME, legacyTimeControls } from '../legacyControls.js';
import type { ControlConfig, ControlPanelConfig, Validator } from '../types.js';

/** 'is expected to be a comma-separated list of numbers' unless every item reads as a number. */
export const validateNumberList: Validator = (v) => {
  if (v === null || v === undefined || v === '') return false;
  if (typeof v === 'number') return false;
  if (typeof v !== 'string') return 'is expected to be a comma-separated list of numbers';
  const items = v.split(',').filter((s) => s.trim() !== '');
  return items.every((s) => Number.isFinite(Number(s.trim()))) ? false : 'is expected to be a comma-separated list of numbers';
};

const text = (label: string, description: string, numbers: boolean): ControlConfig => ({
  type: 'TextControl',
  label,
  default: '',
  renderTrigger: true,
  description,
  ...(numbers ? { validators: [validateNumberList] } : {}),
});

export const bulletControlPanel: ControlPanelConfig = {
  sections: [
    LEGACY_REGULAR_TIME,
    { label: 'Query', expanded: true, tab: 'data', controlSetRows: [['metric'], ['adhoc_filters']] },
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        ['ranges', 'range_labels'],
        ['markers', 'marker_labels'],
        ['marker_lines', 'marker_line_labels'],
      ],
    },
  ],
  controls: {
    ...legacyTimeControls,
    ranges: text('Ranges', 'Ranges to highlight with shading', true),
    range_labels: text('Range labels', 'Labels for the ranges', false),
    markers: text('Markers', 'List of values to mark with triangles', true),
    marker_labels: text('Marker labels', 'Labels for the markers', false),
    marker_lines: text('Marker lines', 'List of values to mark with lines', true),
    marker_line_labels: text('Marker line labels', 'Labels for the marker lines', false),
  },
};
