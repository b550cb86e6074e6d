/** One stored event-log row (GET /api/v1/log/ and /api/v1/log/{id}). */
export interface LogRecord {
  id: number;
  action: string;
  user: { id: number; username: string } | null;
  /** the event as it was posted, JSON text */
  json: string;
  dttm: string;
  dashboard_id: number | null;
  slice_id: number | null;
  duration_ms: number | null;
  referrer: string | null;
}
