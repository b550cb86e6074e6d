/** The chart host's texts (spec section 6 "The visualization contract" of issue 11, section 8 "Charts"). */
export const ChartMessage = {
  NO_RESULTS: 'No results were returned for this query',
  RENDER_ERROR: 'An error occurred while rendering the visualization: %s',
  UNKNOWN_TYPE: 'Unknown visualization type: %s',
} as const;

/** `%s` → the value, as the spec's messages are written. */
export const fillMessage = (template: string, value: string): string => template.replace('%s', value);
