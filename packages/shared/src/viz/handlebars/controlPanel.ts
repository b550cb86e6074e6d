/**
 * The handlebars chart's controls: the table's query controls (aggregate or raw rows), the
 * template and the CSS. The template runs with prototype access off and its HTML is sanitized; the
 * CSS is sanitized and scoped to the chart when drawn (web/src/visualizations/handlebars).
 */
import { LEGACY_TIMESERIES_TIME, legacyTimeControls } from '../legacyControls.js';
import { tableControlPanel } from '../table/controlPanel.js';
import type { ControlPanelConfig } from '../types.js';
import { validateNonEmpty } from '../validators.js';

export const DEFAULT_HANDLEBARS_TEMPLATE = `<ul class="data-list">
  {{#each data}}
    <li>{{stringify this}}</li>
  {{/each}}
</ul>`;

export const DEFAULT_HANDLEBARS_STYLE = `/*
.data-list {
  background-color: yellow;
}
*/`;

const fromTable = (names: string[]) =>
  Object.fromEntries(names.flatMap((n) => (tableControlPanel.controls[n] ? [[n, tableControlPanel.controls[n]]] : [])));

export const handlebarsControlPanel: ControlPanelConfig = {
  sections: [
    LEGACY_TIMESERIES_TIME,
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [
        ['query_mode'],
        ['groupby'],
        ['metrics', 'all_columns'],
        ['percent_metrics'],
        ['timeseries_limit_metric', 'order_by_cols'],
        ['row_limit'],
        ['include_time', 'order_desc'],
        ['adhoc_filters'],
      ],
    },
    { label: 'Options', expanded: true, tab: 'data', controlSetRows: [['handlebarsTemplate'], ['styleTemplate']] },
  ],
  controls: {
    ...legacyTimeControls,
    ...fromTable(['query_mode', 'groupby', 'metrics', 'all_columns', 'percent_metrics', 'timeseries_limit_metric', 'order_by_cols']),
    include_time: { ...tableControlPanel.controls.include_time },
    order_desc: { ...tableControlPanel.controls.order_desc },
    handlebarsTemplate: {
      type: 'TextAreaControl',
      label: 'Handlebars Template',
      default: DEFAULT_HANDLEBARS_TEMPLATE,
      renderTrigger: true,
      validators: [validateNonEmpty],
      description: 'A handlebars template that is applied to the data: the rows are `data`.',
    },
    styleTemplate: {
      type: 'TextAreaControl',
      label: 'CSS Styles',
      default: DEFAULT_HANDLEBARS_STYLE,
      renderTrigger: true,
      description: 'CSS applied to the chart (scoped to it; @import and external url() are removed)',
    },
  },
};
