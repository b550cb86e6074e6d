/** The country map's controls: which country, the subdivision code column, the metric and its colours. */
import { DEFAULT_SEQUENTIAL_SCHEME } from '../../colors/schemes.js';
import { NUMBER_FORMAT, NUMBER_FORMAT_OPTIONS } from '../../format/options.js';
import { sharedControls } from '../sharedControls.js';
import type { ControlPanelConfig, Validator } from '../types.js';
import { validateNonEmpty } from '../validators.js';
import { entityControl } from '../worldMap/controlPanel.js';
import { COUNTRY_MAP_CHOICES, isCountryMapKey } from './countries.js';

/** A typed-in country must be a key the server can serve a map file for. */
const validateCountryKey: Validator = (v) =>
  v === null || v === undefined || v === '' || isCountryMapKey(v)
    ? false
    : 'is expected to be lower-case letters, digits and underscores (the name of the map file)';

export const countryMapControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [['select_country'], ['entity'], ['metric'], ['adhoc_filters']],
    },
    { label: 'Chart Options', expanded: true, tab: 'customize', controlSetRows: [['number_format'], ['linear_color_scheme']] },
  ],
  controls: {
    select_country: {
      type: 'SelectControl',
      label: 'Country',
      default: null,
      freeForm: true,
      choices: COUNTRY_MAP_CHOICES,
      validators: [validateNonEmpty, validateCountryKey],
      description:
        'Which country to plot the map for? USA is built in; for another country an admin adds its subdivisions as RAMA_HOME/maps/<country>.geojson.',
    },
    entity: entityControl('ISO 3166-2 Codes', 'Column containing ISO 3166-2 codes of region/province/department in your table.'),
    metric: { ...sharedControls.metric, description: 'Metric to display bottom title' },
    number_format: {
      type: 'SelectControl',
      label: 'Number format',
      freeForm: true,
      default: NUMBER_FORMAT.SMART_NUMBER,
      choices: NUMBER_FORMAT_OPTIONS,
      renderTrigger: true,
      description: 'D3 format syntax: https://github.com/d3/d3-format',
    },
    linear_color_scheme: {
      type: 'ColorSchemeControl',
      label: 'Linear Color Scheme',
      default: DEFAULT_SEQUENTIAL_SCHEME,
      schemeType: 'sequential',
      renderTrigger: true,
    },
  },
};
