/**
 * Pure rules of native annotations: how a time is stored, what makes an annotation valid, and
 * which annotations a chart's time range shows.
 */

const ISO_LIKE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A time as stored: UTC 'YYYY-MM-DDTHH:MM:SS' (text order is time order). Accepts ISO dates and
 * date-times; one without a zone is taken as UTC, as the chart data's times are. Null when the
 * text is not such a time.
 */
export function storedDttm(value: string): string | null {
  const s = value.trim();
  const m = ISO_LIKE.exec(s);
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', sec = '00', zone] = m;
  const base = `${y}-${mo}-${d}T${h}:${mi}:${sec}`;
  const ms = Date.parse(zone ? `${base}${zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}` : `${base}Z`);
  if (Number.isNaN(ms)) return null;
  const date = new Date(ms);
  // Date.parse rolls 2024-02-30 over to March: a day that does not exist is refused
  if (!zone && date.toISOString().slice(0, 19) !== base) return null;
  return date.toISOString().slice(0, 19);
}

/** Epoch milliseconds of a stored time (the chart data's time values). */
export const storedDttmMs = (stored: string): number => Date.parse(`${stored}Z`);

export interface AnnotationTimes {
  start_dttm: string;
  end_dttm: string;
}

/** Field errors of an annotation's times and JSON metadata, keyed like the peer's (empty: valid). */
export function annotationFieldErrors(body: {
  start_dttm: string;
  end_dttm: string;
  json_metadata?: string | null;
}): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const start = storedDttm(body.start_dttm);
  const end = storedDttm(body.end_dttm);
  if (start === null) errors.start_dttm = ['Not a valid datetime.'];
  if (end === null) errors.end_dttm = ['Not a valid datetime.'];
  if (start !== null && end !== null && end < start) errors.end_dttm = ['End date must be after start date'];
  if (body.json_metadata !== undefined && body.json_metadata !== null && body.json_metadata.trim() !== '') {
    try {
      JSON.parse(body.json_metadata);
    } catch {
      errors.json_metadata = ['JSON not valid'];
    }
  }
  return errors;
}

/**
 * Whether an annotation shows in a chart over [since, until): it starts before the range ends and
 * ends at or after it starts. An open bound (null) admits everything on that side.
 */
export function overlapsRange(a: AnnotationTimes, since: Date | null, until: Date | null): boolean {
  if (until && storedDttmMs(a.start_dttm) >= until.getTime()) return false;
  if (since && storedDttmMs(a.end_dttm) < since.getTime()) return false;
  return true;
}

export interface NativeLayerRef {
  name: string;
  layerId: number;
}

/** The NATIVE layers of a query's `annotation_layers` that are shown: name and layer id. */
export function nativeLayerRefs(value: unknown): NativeLayerRef[] {
  if (!Array.isArray(value)) return [];
  const out: NativeLayerRef[] = [];
  for (const item of value as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const l = item as Record<string, unknown>;
    if (l.sourceType !== 'NATIVE' || l.show === false) continue;
    const layerId = Number(l.value);
    if (typeof l.name !== 'string' || !l.name || !Number.isInteger(layerId) || layerId < 1 || layerId > 2_147_483_647) continue;
    out.push({ name: l.name, layerId });
  }
  return out.slice(0, 50);
}
