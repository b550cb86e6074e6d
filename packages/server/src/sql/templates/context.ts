/** What a render sees (the executor receives it from template.ts), and how its values are escaped. */

export type Escaping = 'standard' | 'backslash';

export interface EngineContext {
  params: Record<string, unknown>;
  username: string | null;
  userId: number | null;
  email: string | null;
  urlParams: Record<string, string>;
  filters: Array<{ col: string; op: string; val: unknown }>;
  escaping: Escaping;
  /** a chart query's time bounds (`YYYY-MM-DD HH:MM:SS`, UTC) as `from_dttm` / `to_dttm`; null when open */
  fromDttm?: string | null;
  toDttm?: string | null;
}
