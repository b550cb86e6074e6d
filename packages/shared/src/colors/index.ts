/** Colour schemes and scales for charts and dashboards. */
export { CATEGORICAL_SCHEMES, DEFAULT_COLOR_SCHEME, DEFAULT_SEQUENTIAL_SCHEME, SEQUENTIAL_SCHEMES, type ColorScheme } from './schemes.js';
export { CategoricalColorScale, getCategoricalScheme, getSequentialScheme, sequentialColor } from './scale.js';
