/**
 * The HTTP edge of the chart data engine: a reply is written here, once. JSON payloads arrive as
 * text (see `ChartDataReply`) and are put into `{"result":[…]}` as they are, never parsed to be
 * written again.
 */
import type { FastifyReply } from 'fastify';
import { resultBody, type ChartDataReply } from './engine.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Send a JSON text as it is. */
export function sendJsonText(reply: FastifyReply, text: string) {
  return reply.header('content-type', JSON_TYPE).send(text);
}

/** `{"result":[…]}`, or the file as an attachment. */
export function sendChartData(reply: FastifyReply, out: ChartDataReply) {
  if (out.kind === 'json') return sendJsonText(reply, resultBody(out.payloads));
  const ascii = out.filename.replace(/[^\w.-]+/g, '_');
  return reply
    .header('content-type', out.contentType)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(out.filename)}`)
    .send(out.data);
}

/**
 * A JSON object's text with more fields after its own, as `JSON.stringify({ ...object, ...fields })`
 * writes it when the object holds none of those fields.
 */
export function withFields(objectJson: string, fields: Record<string, unknown>): string {
  const more = JSON.stringify(fields);
  if (more === '{}') return objectJson;
  return objectJson === '{}' ? more : `${objectJson.slice(0, -1)},${more.slice(1)}`;
}
