/** The word cloud's control panel (the BI server's names): the words, their metric, sizes and rotation. */
import { sharedControls } from '../sharedControls.js';
import type { ChoiceList, ControlPanelConfig } from '../types.js';
import { validateInteger, validateNonEmpty } from '../validators.js';

/** How words are turned: at random angles, all flat, or flat and upright (the BI server's 'square'). */
export const WORD_ROTATIONS: ChoiceList = [
  ['random', 'random'],
  ['flat', 'flat'],
  ['square', 'square'],
];

export const wordCloudControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [['series'], ['metric'], ['adhoc_filters'], ['row_limit'], ['sort_by_metric']],
    },
    { label: 'Options', expanded: true, tab: 'customize', controlSetRows: [['size_from', 'size_to'], ['rotation'], ['color_scheme']] },
  ],
  controls: {
    series: {
      type: 'ColumnControl',
      label: 'Dimension',
      columnFilter: 'groupable',
      default: null,
      clearable: false,
      validators: [validateNonEmpty],
      description: 'The column whose values are the words.',
    },
    row_limit: { ...sharedControls.row_limit, default: 100 },
    sort_by_metric: {
      type: 'CheckboxControl',
      label: 'Sort by metric',
      default: false,
      description: 'Whether to sort results by the selected metric in descending order.',
    },
    size_from: {
      type: 'TextControl',
      label: 'Minimum Font Size',
      isInt: true,
      default: 10,
      renderTrigger: true,
      validators: [validateInteger],
      description: 'Font size for the smallest value in the list',
    },
    size_to: {
      type: 'TextControl',
      label: 'Maximum Font Size',
      isInt: true,
      default: 70,
      renderTrigger: true,
      validators: [validateInteger],
      description: 'Font size for the biggest value in the list',
    },
    rotation: {
      type: 'SelectControl',
      label: 'Word Rotation',
      default: 'square',
      clearable: false,
      choices: WORD_ROTATIONS,
      renderTrigger: true,
      description: 'Rotation to apply to words in the cloud',
    },
  },
};
