import Type from 'typebox';

/**
 * Asynchronous delivery (GLOBAL_ASYNC_QUERIES): the 202 reply of POST /api/v1/chart/data and the
 * job events of GET /api/v1/async_event/ and its websocket, in the BI server's shapes.
 */

export const ASYNC_JOB_STATUSES = ['pending', 'running', 'done', 'error'] as const;
export type AsyncJobStatus = (typeof ASYNC_JOB_STATUSES)[number];

/** An event id as a Redis stream names its entries: `<milliseconds>-<sequence>`. */
export const ASYNC_EVENT_ID_PATTERN = '^[0-9]{1,20}-[0-9]{1,20}$';

export const AsyncEventError = Type.Object({
  message: Type.String(),
  error_type: Type.String(),
  level: Type.Union([Type.Literal('info'), Type.Literal('warning'), Type.Literal('error')]),
  extra: Type.Record(Type.String(), Type.Unknown()),
});
export type AsyncEventError = Type.Static<typeof AsyncEventError>;

const jobFields = {
  /** the browser's event channel (from its async-token cookie) */
  channel_id: Type.String(),
  job_id: Type.String(),
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.Union([Type.Literal('pending'), Type.Literal('running'), Type.Literal('done'), Type.Literal('error')]),
  errors: Type.Array(AsyncEventError),
  /** where a finished job's result is read (GET), null until then */
  result_url: Type.Union([Type.String(), Type.Null()]),
};

/** The 202 body of POST /api/v1/chart/data: the job was accepted and is awaited through its events. */
export const AsyncJobMetadata = Type.Object(jobFields);
export type AsyncJobMetadata = Type.Static<typeof AsyncJobMetadata>;

/** One job event of a channel. */
export const AsyncEvent = Type.Object({ id: Type.String(), ...jobFields });
export type AsyncEvent = Type.Static<typeof AsyncEvent>;

/** GET /api/v1/async_event/?last_id= — the channel's events after `last_id` (all without it). */
export const AsyncEventsQuery = Type.Object({
  last_id: Type.Optional(Type.String({ pattern: ASYNC_EVENT_ID_PATTERN, maxLength: 41 })),
});
export type AsyncEventsQuery = Type.Static<typeof AsyncEventsQuery>;

export const AsyncEventsReply = Type.Object({ result: Type.Array(AsyncEvent) });
export type AsyncEventsReply = Type.Static<typeof AsyncEventsReply>;

/** A reply body that is an accepted async job (what the web client awaits after a 202). */
export function isAsyncJobMetadata(value: unknown): value is AsyncJobMetadata {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.job_id === 'string' && typeof v.channel_id === 'string' && typeof v.status === 'string';
}
