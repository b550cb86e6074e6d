import { retiredVizSuggestion } from '@rama/shared';
import { t } from '../i18n';

/**
 * The chart host's texts (spec section 6 "The visualization contract" of issue 11, section 8
 * "Charts"), in the user's language: called where they are shown.
 */
export const chartMessages = {
  /** 'No results were returned for this query' */
  noResults: (): string => t('visualizations:noResults'),
  /** 'An error occurred while rendering the visualization: <message>' */
  renderError: (message: string): string => t('visualizations:renderError', { message }),
  /** 'Unknown visualization type: <type>' */
  unknownType: (vizType: string): string => t('visualizations:unknownType', { vizType }),
};

/**
 * Why a chart of this type cannot be drawn: a retired legacy type says so and names the closest
 * current type (issue 31); any other unknown key is "Unknown visualization type".
 */
export const unknownVizTypeText = (vizType: string): string => retiredVizSuggestion(vizType)?.message ?? chartMessages.unknownType(vizType);
