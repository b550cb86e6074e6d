import type { FastifyReply } from 'fastify';
import { QueryCancelledError } from './executor.js';

/** Aborted when the client goes away before its reply is complete: the work it asked for is cancelled. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new QueryCancelledError('The client went away; the query was stopped.'));
  });
  return controller.signal;
}
