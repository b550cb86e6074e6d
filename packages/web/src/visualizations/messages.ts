import { retiredVizSuggestion } from '@rama/shared';

/** The chart host's texts (spec section 6 "The visualization contract" of issue 11, section 8 "Charts"). */
export const ChartMessage = {
  NO_RESULTS: 'No results were returned for this query',
  RENDER_ERROR: 'An error occurred while rendering the visualization: %s',
  UNKNOWN_TYPE: 'Unknown visualization type: %s',
} as const;

/** `%s` → the value, as the spec's messages are written. */
export const fillMessage = (template: string, value: string): string => template.replace('%s', value);

/**
 * Why a chart of this type cannot be drawn: a retired legacy type says so and names the closest
 * current type (issue 31); any other unknown key is "Unknown visualization type".
 */
export const unknownVizTypeText = (vizType: string): string =>
  retiredVizSuggestion(vizType)?.message ?? fillMessage(ChartMessage.UNKNOWN_TYPE, vizType);
