/**
 * What a dashboard save checks before anything is written.
 * json_metadata and position_json follow the shared rules (spec section 5: colours hex or rgb with
 * opacity 0–1, cross_filters_enabled a boolean; known component types, the nesting table, chart ids
 * up to 65535); here the server adds what only it knows: the charts a layout names exist, and a
 * chart new to the dashboard is one the user may see.
 */
import type { Kysely } from 'kysely';
import {
  DASHBOARD_VERSION_KEY,
  MAX_POSITION_JSON_LENGTH,
  POSITION_MESSAGES,
  chartIdsInLayout,
  validateDashboardMetadata,
  validatePositionJson,
  type DashboardLayout,
  type DashboardMetadata,
} from '@rama/shared';
import type { AppContext } from '../context.js';
import type { MetadataSchema } from '../metadata/schema.js';
import type { Principal } from '../security/principal.js';
import type { SliceRow } from '../access/charts.js';
import { DATASET_DATASOURCE_TYPES } from '../charts/chart-rows.js';
import { datasetScope, inScope } from '../access/datasets.js';
import { withChartUuids, type Position } from './chartRefs.js';
import { ownedAmong } from '../metadata/repos/owners.js';
import { chartsByIds } from '../metadata/repos/charts.js';
import { databaseRefs, datasetLocations } from '../metadata/repos/datasources.js';

export const NOT_JSON = 'Not a valid JSON.';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function parseJson(value: unknown): { value: unknown } | { error: string } {
  if (typeof value !== 'string') return { value };
  try {
    return { value: JSON.parse(value) };
  } catch {
    return { error: NOT_JSON };
  }
}

const isBlank = (v: unknown): boolean => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

export interface CheckedMetadata {
  /** normalised by the shared rules; `positions` taken out */
  metadata: DashboardMetadata;
  /** the layout the BI server's client sends inside json_metadata, when it does */
  positions: Position | null;
}

/** json_metadata (text or an object): null when empty, else the normalised metadata or its errors. */
export function checkMetadata(raw: unknown): { value: CheckedMetadata | null } | { errors: string[] } {
  if (isBlank(raw)) return { value: null };
  const parsed = parseJson(raw);
  if ('error' in parsed || !isRecord(parsed.value)) return { errors: [NOT_JSON] };
  const { positions, ...rest } = parsed.value;
  const { metadata, errors } = validateDashboardMetadata(rest);
  if (errors.length) return { errors };
  return { value: { metadata, positions: isRecord(positions) ? positions : null } };
}

/** position_json (text or an object): null when empty, else the layout or what breaks the layout rules. */
export function checkPositionShape(raw: unknown): { position: Position | null } | { errors: string[] } {
  if (isBlank(raw)) return { position: null };
  // the size limit before the text is parsed
  if (typeof raw === 'string' && raw.length > MAX_POSITION_JSON_LENGTH) return { errors: [POSITION_MESSAGES.tooLong] };
  const parsed = parseJson(raw);
  if ('error' in parsed || !isRecord(parsed.value)) return { errors: [NOT_JSON] };
  const errors = validatePositionJson(parsed.value);
  return errors.length ? { errors } : { position: parsed.value };
}

/** The chart ids a stored layout places (the version key is not a component). */
export function layoutChartIds(position: Position): number[] {
  const layout = Object.fromEntries(Object.entries(position).filter(([key]) => key !== DASHBOARD_VERSION_KEY));
  return chartIdsInLayout(layout as DashboardLayout);
}

/** The ids among `rows` the user may see: admins all, owners theirs, anyone a chart on a dataset they read. */
export async function chartsUserSees(db: Kysely<MetadataSchema>, user: Principal, rows: SliceRow[]): Promise<Set<number>> {
  if (user.isAdmin || !rows.length) return new Set(rows.map((r) => r.id));
  const scope = datasetScope(user, await databaseRefs(db));
  const datasetIds = [...new Set(rows.filter((r) => DATASET_DATASOURCE_TYPES.includes(r.datasource_type)).map((r) => r.datasource_id))];
  const datasets = await datasetLocations(db, datasetIds);
  const readable = new Set(datasets.filter((d) => inScope(scope, d)).map((d) => d.id));
  const owned = await ownedAmong(
    db,
    'chart',
    rows.map((r) => r.id),
    user.id,
  );
  return new Set(
    rows
      .filter((r) => owned.has(r.id) || (DATASET_DATASOURCE_TYPES.includes(r.datasource_type) && readable.has(r.datasource_id)))
      .map((r) => r.id),
  );
}

export interface CheckedLayout {
  /** the layout as stored: each chart's uuid written beside its id */
  text: string;
  chartIds: number[];
}

/**
 * The charts a layout places must exist; one that is not already on the dashboard (`onDashboard`)
 * must also be visible to the user, so nobody attaches a chart they cannot see (both answer
 * "does not exist").
 */
export async function checkLayoutCharts(
  ctx: AppContext,
  user: Principal,
  position: Position,
  onDashboard: ReadonlySet<number>,
): Promise<{ layout: CheckedLayout } | { errors: string[] }> {
  const db = ctx.store.db;
  const ids = [...new Set(layoutChartIds(position))];
  const rows = await chartsByIds(db, ids);
  const newcomers = rows.filter((r) => !onDashboard.has(r.id));
  const seen = await chartsUserSees(db, user, newcomers);
  const usable = new Set([...rows.filter((r) => onDashboard.has(r.id)).map((r) => r.id), ...seen]);
  const missing = ids.filter((id) => !usable.has(id));
  if (missing.length) return { errors: missing.map((id) => `Chart ${id} does not exist.`) };
  const uuids = new Map(rows.map((r) => [r.id, r.uuid]));
  return { layout: { text: JSON.stringify(withChartUuids(position, uuids)), chartIds: ids } };
}
