/** Legacy chart types as current ones, and filter boxes as native filters (issue 31 item 2). */
export {
  FORM_DATA_BAK_KEY,
  MIGRATED_TIME_GRAIN,
  temporalRangeFilter,
  type LegacyMigrationOptions,
  type LegacyMigrationResult,
} from './engine.js';
export { LEGACY_MIGRATION_TARGETS, hasLegacyMigration, migrateLegacyFormData } from './migrate.js';
export {
  MAX_LINE_MULTI_CHARTS,
  RETIRED_VIZ_TYPES,
  convertRetiredChart,
  legacyChartAsMarkdown,
  retiredVizMessage,
  retiredVizSuggestion,
  type RetiredConversionContext,
  type RetiredVizSuggestion,
} from './retired.js';
export {
  FILTER_BOX_TIME_COLUMN,
  FILTER_BOX_TIME_GRAIN,
  FILTER_BOX_TIME_RANGE,
  MAX_FILTER_BOXES,
  MAX_FILTER_BOX_FIELDS,
  filterBoxToNativeFilters,
  filterBoxesToNativeFilters,
  randomFilterId,
  type FilterBoxConversionOptions,
  type LegacyFilterBox,
  type LegacyFilterMetadata,
} from './filterBox.js';
