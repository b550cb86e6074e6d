/** The graph's control panel: edges (source, target, metric), node categories; layout and forces. */
import type { ControlConfig, ControlContext, ControlPanelConfig } from '../types.js';
import { validateNumber } from '../validators.js';
import { entityControl, roamControl, renderCheckbox } from '../flowControls.js';

const isForce = ({ formData }: ControlContext) => (formData.layout ?? 'force') === 'force';

const slider = (label: string, min: number, max: number, step: number, def: number, description: string): ControlConfig => ({
  type: 'SliderControl',
  label,
  min,
  max,
  step,
  default: def,
  renderTrigger: true,
  description,
  visibility: isForce,
});

export const graphControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [['source'], ['target'], ['metric'], ['source_category'], ['target_category'], ['adhoc_filters'], ['row_limit']],
    },
    {
      label: 'Chart options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [['color_scheme'], ['show_legend'], ['legendType', 'legendOrientation']],
    },
    {
      label: 'Layout',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        ['layout'],
        ['edgeSymbol'],
        ['draggable'],
        ['roam'],
        ['selectedMode'],
        ['showSymbolThreshold'],
        ['baseNodeSize', 'baseEdgeWidth'],
        ['edgeLength'],
        ['gravity'],
        ['repulsion'],
        ['friction'],
      ],
    },
  ],
  controls: {
    source: entityControl('Source', 'Name of the source nodes', true),
    target: entityControl('Target', 'Name of the target nodes', true),
    source_category: entityControl(
      'Source category',
      'The category of source nodes used to assign colors. If a node is associated with more than one category, only the first will be used.',
      false,
    ),
    target_category: entityControl('Target category', 'Category of target nodes', false),
    layout: {
      type: 'SelectControl',
      label: 'Graph layout',
      default: 'force',
      renderTrigger: true,
      choices: [
        ['force', 'Force'],
        ['circular', 'Circular'],
      ],
      description: 'Layout type of graph',
    },
    edgeSymbol: {
      type: 'SelectControl',
      label: 'Edge symbols',
      default: 'none,arrow',
      renderTrigger: true,
      choices: [
        ['none,none', 'None -> None'],
        ['none,arrow', 'None -> Arrow'],
        ['circle,arrow', 'Circle -> Arrow'],
        ['circle,circle', 'Circle -> Circle'],
      ],
      description: 'Symbol of two ends of edge line',
    },
    draggable: renderCheckbox('Enable node dragging', false, 'Whether to enable node dragging in force layout mode.', {
      visibility: isForce,
    }),
    roam: roamControl,
    selectedMode: {
      type: 'SelectControl',
      label: 'Node select mode',
      default: 'single',
      renderTrigger: true,
      choices: [
        [false, 'Disabled'],
        ['single', 'Single'],
        ['multiple', 'Multiple'],
      ],
      description: 'Allow node selections',
    },
    showSymbolThreshold: {
      type: 'TextControl',
      label: 'Label threshold',
      isInt: true,
      default: 0,
      renderTrigger: true,
      validators: [validateNumber],
      description: 'Minimum value for label to be displayed on graph.',
    },
    baseNodeSize: {
      type: 'TextControl',
      label: 'Node size',
      isFloat: true,
      default: 20,
      renderTrigger: true,
      validators: [validateNumber],
      description: 'Median node size, the largest node will be 4 times larger than the smallest',
    },
    baseEdgeWidth: {
      type: 'TextControl',
      label: 'Edge width',
      isFloat: true,
      default: 3,
      renderTrigger: true,
      validators: [validateNumber],
      description: 'Median edge width, the thickest edge will be 4 times thicker than the thinnest.',
    },
    edgeLength: slider('Edge length', 100, 1000, 50, 400, 'Edge length between nodes'),
    gravity: slider('Gravity', 0.1, 1, 0.1, 0.3, 'Strength to pull the graph toward center'),
    repulsion: slider('Repulsion', 100, 3000, 50, 1000, 'Repulsion strength between nodes'),
    friction: slider('Friction', 0.1, 1, 0.1, 0.2, 'Friction between nodes'),
  },
};
