/** What the filter bar, the indicators and cross-filtering say (spec section 8 where it has the words). */
export const NativeFilterMessage = {
  REQUIRED_FILTER_WAITING: 'This chart waits for a value of a required filter.',
  CROSS_FILTER_SCOPING_FAILED: 'Failed to save cross-filter scoping',
  NO_FILTERS: 'No filters are currently added to this dashboard.',
  NO_FILTERS_EDITOR: 'Click "Add or edit filters" to add filters to this dashboard.',
  OPTIONS_FAILED: 'The values of this filter could not be loaded',
  ORIENTATION_FAILED: 'The filter bar position could not be saved',
} as const;
