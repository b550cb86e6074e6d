/** The tree's control panel: id, parent and name columns, the root; layout, orientation and symbols. */
import type { ControlContext, ControlPanelConfig } from '../types.js';
import { entityControl, roamControl } from '../flowControls.js';

const isOrthogonal = ({ formData }: ControlContext) => (formData.layout ?? 'orthogonal') === 'orthogonal';

const SIDES: [string, string][] = [
  ['left', 'left'],
  ['top', 'top'],
  ['right', 'right'],
  ['bottom', 'bottom'],
];

export const treeControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [['id'], ['parent'], ['name'], ['root_node_id'], ['metric'], ['adhoc_filters'], ['row_limit']],
    },
    {
      label: 'Layout',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        ['layout'],
        ['orient'],
        ['node_label_position'],
        ['child_label_position'],
        ['emphasis'],
        ['symbol'],
        ['symbolSize'],
        ['roam'],
      ],
    },
  ],
  controls: {
    id: entityControl('Id', 'Name of the id column', true),
    parent: entityControl('Parent', 'Name of the column containing the id of the parent node', true),
    name: entityControl('Name', 'Optional name of the data column.', false),
    root_node_id: {
      type: 'TextControl',
      label: 'Root node id',
      renderTrigger: true,
      description: 'Id of root node of the tree.',
    },
    metric: {
      type: 'MetricControl',
      label: 'Metric',
      clearable: true,
      description: 'Metric for node values',
    },
    layout: {
      type: 'SelectControl',
      label: 'Tree layout',
      default: 'orthogonal',
      renderTrigger: true,
      choices: [
        ['orthogonal', 'Orthogonal'],
        ['radial', 'Radial'],
      ],
      description: 'Layout type of tree',
    },
    orient: {
      type: 'SelectControl',
      label: 'Tree orientation',
      default: 'LR',
      renderTrigger: true,
      choices: [
        ['LR', 'Left to Right'],
        ['RL', 'Right to Left'],
        ['TB', 'Top to Bottom'],
        ['BT', 'Bottom to Top'],
      ],
      visibility: isOrthogonal,
      description: 'Orientation of tree',
    },
    node_label_position: {
      type: 'SelectControl',
      label: 'Node label position',
      default: 'left',
      renderTrigger: true,
      choices: SIDES,
      description: 'Position of intermediate node label on tree',
    },
    child_label_position: {
      type: 'SelectControl',
      label: 'Child label position',
      default: 'right',
      renderTrigger: true,
      choices: SIDES,
      description: 'Position of child node label on tree',
    },
    emphasis: {
      type: 'SelectControl',
      label: 'Emphasis',
      default: 'descendant',
      renderTrigger: true,
      choices: [
        ['ancestor', 'ancestor'],
        ['descendant', 'descendant'],
      ],
      visibility: isOrthogonal,
      description: 'Which relatives to highlight on hover',
    },
    symbol: {
      type: 'SelectControl',
      label: 'Symbol',
      default: 'emptyCircle',
      renderTrigger: true,
      choices: [
        ['emptyCircle', 'Empty circle'],
        ['circle', 'Circle'],
        ['rect', 'Rectangle'],
        ['triangle', 'Triangle'],
        ['diamond', 'Diamond'],
        ['pin', 'Pin'],
        ['arrow', 'Arrow'],
        ['none', 'None'],
      ],
      description: 'Layout type of tree',
    },
    symbolSize: {
      type: 'SliderControl',
      label: 'Symbol size',
      min: 5,
      max: 30,
      step: 2,
      default: 7,
      renderTrigger: true,
      description: 'Size of edge symbols',
    },
    roam: roamControl,
  },
};
