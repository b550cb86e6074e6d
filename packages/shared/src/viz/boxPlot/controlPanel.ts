/**
 * The box plot's control panel (the BI server's names): what to distribute across, the
 * dimensions that make the boxes, the metrics, and how whiskers and outliers are found.
 */
import { sharedControls, numberFormatControl, dateFormatControl, axisTitleControls } from '../sharedControls.js';
import type { ControlConfig, ControlPanelConfig } from '../types.js';
import { validateNonEmpty } from '../validators.js';
import { WHISKER_OPTIONS } from './buildQuery.js';

/** Is a temporal column among the "distribute across" columns (the time grain applies to it)? */
const distributesOverTime: ControlConfig['visibility'] = ({ formData, datasource }) =>
  (Array.isArray(formData.columns) ? (formData.columns as unknown[]) : []).some((c) =>
    typeof c === 'string' ? Boolean(datasource?.columns.find((d) => d.column_name === c)?.is_dttm) : c !== null && typeof c === 'object',
  );

const controls: Record<string, ControlConfig> = {
  columns: {
    type: 'ColumnsControl',
    label: 'Distribute across',
    multi: true,
    columnFilter: 'groupable',
    default: [],
    validators: [validateNonEmpty],
    description: 'Columns to calculate distribution across.',
  },
  time_grain_sqla: { ...sharedControls.time_grain_sqla, visibility: distributesOverTime },
  groupby: { ...sharedControls.groupby, label: 'Dimensions', description: 'Categories to group by on the x-axis.' },
  // not among the BI server's box plot controls: its server reads 50,000 rows by default, Rama's
  // 1,000, and a box drawn from a cut-off distribution lies; so the limit shows, at 10,000
  row_limit: sharedControls.row_limit,
  whiskerOptions: {
    type: 'SelectControl',
    label: 'Whisker/outlier options',
    default: 'Tukey',
    freeForm: true,
    clearable: false,
    choices: WHISKER_OPTIONS.map((v) => [v, v]),
    description: 'Determines how whiskers and outliers are calculated.',
  },
  ...axisTitleControls,
  x_ticks_layout: sharedControls.x_ticks_layout,
  number_format: numberFormatControl(),
  date_format: dateFormatControl(),
};

export const boxPlotControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [
        ['columns'],
        ['time_grain_sqla'],
        ['groupby'],
        ['metrics'],
        ['adhoc_filters'],
        ['series_limit'],
        ['series_limit_metric'],
        ['row_limit'],
        ['whiskerOptions'],
      ],
    },
    {
      label: 'Chart Title',
      tab: 'customize',
      controlSetRows: [['x_axis_title'], ['x_axis_title_margin'], ['y_axis_title'], ['y_axis_title_margin'], ['y_axis_title_position']],
    },
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [['color_scheme'], ['x_ticks_layout'], ['number_format'], ['date_format']],
    },
  ],
  controls,
};
