/**
 * The world map's controls: the country column and the code standard it holds, the fill metric,
 * bubbles (size metric, largest size, colour) and whether countries are shaded by the metric or
 * coloured one by one.
 */
import { COUNTRY_FIELD_TYPES } from '../../geo/countries.js';
import { DEFAULT_SEQUENTIAL_SCHEME } from '../../colors/schemes.js';
import { DEFAULT_PICKER_COLOR } from '../bigNumber/controlPanel.js';
import { sharedControls } from '../sharedControls.js';
import type { ControlConfig, ControlContext, ControlPanelConfig } from '../types.js';
import { validateNonEmpty } from '../validators.js';

const FIELD_TYPE_LABELS: Record<(typeof COUNTRY_FIELD_TYPES)[number], string> = {
  name: 'Full name',
  cioc: 'code International Olympic Committee (cioc)',
  cca2: 'code ISO 3166-1 alpha-2 (cca2)',
  cca3: 'code ISO 3166-1 alpha-3 (cca3)',
};

/** `color_by`: shade countries along the metric, or give each its own categorical colour. */
export const WORLD_MAP_COLOR_BY: [string, string][] = [
  ['metric', 'Metric'],
  ['country', 'Country'],
];

const byCountry = ({ formData }: ControlContext) => formData.color_by === 'country';

export const entityControl = (label: string, description: string): ControlConfig => ({
  type: 'ColumnControl',
  label,
  description,
  columnFilter: 'groupable',
  default: null,
  validators: [validateNonEmpty],
});

export const worldMapControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [['entity'], ['country_fieldtype'], ['metric'], ['adhoc_filters'], ['row_limit'], ['sort_by_metric']],
    },
    {
      label: 'Options',
      expanded: true,
      tab: 'data',
      controlSetRows: [
        ['show_bubbles'],
        ['secondary_metric'],
        ['max_bubble_size'],
        ['color_picker'],
        ['color_by'],
        ['linear_color_scheme'],
        ['color_scheme'],
      ],
    },
    { label: 'Chart Options', expanded: true, tab: 'customize', controlSetRows: [['y_axis_format']] },
  ],
  controls: {
    entity: entityControl('Country Column', '3 letter code of the country'),
    country_fieldtype: {
      type: 'SelectControl',
      label: 'Country Field Type',
      default: 'cca2',
      clearable: false,
      choices: COUNTRY_FIELD_TYPES.map((t) => [t, FIELD_TYPE_LABELS[t]]),
      description: 'The country code standard that Rama should expect to find in the [country] column',
    },
    sort_by_metric: {
      type: 'CheckboxControl',
      label: 'Sort by metric',
      default: false,
      description: 'Whether to sort results by the selected metric in descending order.',
    },
    show_bubbles: {
      type: 'CheckboxControl',
      label: 'Show Bubbles',
      default: false,
      renderTrigger: true,
      description: 'Whether to display bubbles on top of countries',
    },
    secondary_metric: {
      type: 'MetricControl',
      label: 'Bubble Size',
      clearable: true,
      default: null,
      description: 'Metric that defines the size of the bubble',
    },
    max_bubble_size: {
      type: 'SelectControl',
      label: 'Max Bubble Size',
      freeForm: true,
      default: '25',
      renderTrigger: true,
      choices: ['5', '10', '15', '25', '50', '75', '100'].map((v) => [v, v]),
      description: 'The radius of the largest bubble, in pixels',
    },
    color_picker: {
      type: 'ColorPickerControl',
      label: 'Bubble Color',
      default: DEFAULT_PICKER_COLOR,
      renderTrigger: true,
      description: 'The colour of the bubbles',
    },
    color_by: {
      type: 'SelectControl',
      label: 'Color by',
      default: 'metric',
      clearable: false,
      renderTrigger: true,
      choices: WORLD_MAP_COLOR_BY,
      description: 'Choose whether a country should be shaded by the metric, or assigned a color based on a categorical color palette',
    },
    linear_color_scheme: {
      type: 'ColorSchemeControl',
      label: 'Country Color Scheme',
      default: DEFAULT_SEQUENTIAL_SCHEME,
      schemeType: 'sequential',
      renderTrigger: true,
      visibility: (ctx) => !byCountry(ctx),
    },
    color_scheme: { ...sharedControls.color_scheme, label: 'Country Color Scheme', visibility: byCountry },
  },
};
