/** The sankey's control panel: the source and target columns, the flow's metric. */
import type { ControlPanelConfig } from '../types.js';
import { entityControl, sortByMetricControl } from '../flowControls.js';

export const sankeyControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [['source'], ['target'], ['metric'], ['adhoc_filters'], ['row_limit'], ['sort_by_metric']],
    },
    { label: 'Chart options', expanded: true, tab: 'customize', controlSetRows: [['color_scheme']] },
  ],
  controls: {
    source: entityControl('Source', 'The column to be used as the source of the edge.', true),
    target: entityControl('Target', 'The column to be used as the target of the edge.', true),
    sort_by_metric: sortByMetricControl(false),
  },
};
