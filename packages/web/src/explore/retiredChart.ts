/** Converting a chart of a retired legacy type in Explore (issue 31 item 2). */
import { VIZ_DEFINITIONS, convertRetiredChart, retiredVizSuggestion, type QueryFormData } from '@rama/shared';

/** The form data a retired chart converts to: its own conversion, else the closest type's controls over the same form data. */
export function retiredConversion(formData: QueryFormData): { formData: QueryFormData } | { vizType: string } | null {
  const suggestion = retiredVizSuggestion(formData.viz_type);
  if (!suggestion) return null;
  const converted = convertRetiredChart(formData);
  if (converted && VIZ_DEFINITIONS.has(converted.formData.viz_type)) return { formData: converted.formData };
  return suggestion.closest && VIZ_DEFINITIONS.has(suggestion.closest) ? { vizType: suggestion.closest } : null;
}
