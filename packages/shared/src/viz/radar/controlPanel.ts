/** The radar's control panel: metrics as spokes, groups as polygons; labels, legend and shape. */
import { sharedControls, dateFormatControl, numberFormatControl } from '../sharedControls.js';
import type { ChoiceList, ControlPanelConfig } from '../types.js';
import { renderCheckbox } from '../flowControls.js';

/** ECharts label positions, as the BI server offers them. */
export const LABEL_POSITIONS: ChoiceList = [
  ['top', 'Top'],
  ['left', 'Left'],
  ['right', 'Right'],
  ['bottom', 'Bottom'],
  ['inside', 'Inside'],
  ['insideLeft', 'Inside left'],
  ['insideRight', 'Inside right'],
  ['insideTop', 'Inside top'],
  ['insideBottom', 'Inside bottom'],
  ['insideTopLeft', 'Inside top left'],
  ['insideBottomLeft', 'Inside bottom left'],
  ['insideTopRight', 'Inside top right'],
  ['insideBottomRight', 'Inside bottom right'],
];

export const radarControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [['groupby'], ['metrics'], ['timeseries_limit_metric'], ['adhoc_filters'], ['row_limit'], ['is_normalized']],
    },
    {
      label: 'Chart options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [['color_scheme'], ['show_legend'], ['legendType', 'legendOrientation']],
    },
    {
      label: 'Labels',
      tab: 'customize',
      controlSetRows: [['show_labels'], ['label_type'], ['label_position'], ['number_format'], ['date_format']],
    },
    { label: 'Radar', tab: 'customize', controlSetRows: [['column_config'], ['is_circle']] },
  ],
  controls: {
    timeseries_limit_metric: { ...sharedControls.series_limit_metric, label: 'Sort by' },
    row_limit: { ...sharedControls.row_limit, default: 10 },
    is_normalized: renderCheckbox('Normalize values', false, 'Normalize the radar chart values between 0 & 1 to get consistent plotting.'),
    show_labels: renderCheckbox('Show labels', true, 'Whether to display the labels.'),
    label_type: {
      type: 'SelectControl',
      label: 'Label type',
      default: 'value',
      renderTrigger: true,
      choices: [
        ['value', 'Value'],
        ['key_value', 'Category and Value'],
      ],
      description: 'What should be shown on the label?',
    },
    label_position: {
      type: 'SelectControl',
      label: 'Label position',
      default: 'top',
      renderTrigger: true,
      choices: LABEL_POSITIONS,
      description: 'Where the value labels sit round each point',
    },
    number_format: numberFormatControl(),
    date_format: dateFormatControl(),
    // per-metric min / max of the spokes (`radarMetricMinValue`, `radarMetricMaxValue`); kept and
    // honoured for charts made elsewhere, not edited here
    column_config: {
      type: 'ColumnConfigControl',
      label: 'Customize metrics',
      default: {},
      renderTrigger: true,
      columnSettings: 'radar',
      description: 'Further customize how to display each metric',
    },
    is_circle: renderCheckbox('Circle radar shape', false, "Radar render type, whether to display 'circle' shape."),
  },
};
