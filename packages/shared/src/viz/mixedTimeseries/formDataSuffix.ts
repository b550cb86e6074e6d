/**
 * The mixed chart keeps query B's controls under the same names as query A's plus a suffix
 * (`metrics_b`, `adhoc_filters_b`). These turn the one form data into each query's own, as the BI
 * server's client does, so a chart saved there asks the same two queries here.
 */
import type { QueryFormData } from '../types.js';

/** Query A: every control but the suffixed ones. */
export function removeFormDataSuffix(formData: QueryFormData, suffix: string): QueryFormData {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(formData)) if (!key.endsWith(suffix)) out[key] = value;
  return out as QueryFormData;
}

/**
 * Query B: the suffixed controls under their plain names; a control without a suffixed twin
 * keeps the shared value (the x axis, the time grain, the dashboard's extra filters).
 */
export function retainFormDataSuffix(formData: QueryFormData, suffix: string): QueryFormData {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(formData)) {
    if (key.endsWith(suffix) && key.length > suffix.length) out[key.slice(0, -suffix.length)] = value;
  }
  for (const [key, value] of Object.entries(formData)) if (!key.endsWith(suffix) && !(key in out)) out[key] = value;
  return out as QueryFormData;
}
