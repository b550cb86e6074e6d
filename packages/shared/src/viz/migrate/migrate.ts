/**
 * A legacy chart's form data as a current type's (issue 31 item 2): the entry point the import
 * and Explore call for a chart whose `viz_type` is one of the BI server's legacy keys.
 */
import { type LegacyMigrationOptions, type LegacyMigrationResult, isRecord, runMigrationRule } from './engine.js';
import { MIGRATION_RULE_BY_TYPE } from './rules.js';

/** The legacy keys that migrate to a current type, with the type each becomes by default. */
export const LEGACY_MIGRATION_TARGETS: ReadonlyMap<string, string> = new Map(
  [...MIGRATION_RULE_BY_TYPE.values()].map((r) => [r.source, r.target]),
);

/** True when `vizType` is a legacy key with a migration to a current type. */
export const hasLegacyMigration = (vizType: unknown): boolean => typeof vizType === 'string' && MIGRATION_RULE_BY_TYPE.has(vizType);

/**
 * The migrated form data of a legacy chart, the old one kept under `form_data_bak`, or null when
 * `formData` is not a legacy chart with a migration (a current type, a retired one, not an object).
 * The input is not changed.
 */
export function migrateLegacyFormData(formData: unknown, options: LegacyMigrationOptions = {}): LegacyMigrationResult | null {
  if (!isRecord(formData) || typeof formData.viz_type !== 'string') return null;
  const rule = MIGRATION_RULE_BY_TYPE.get(formData.viz_type);
  return rule ? runMigrationRule(rule, formData, options) : null;
}
