/**
 * Error replies in the user's language (issue 30 item 4): the signed-in user's stored choice, else
 * the request's Accept-Language, else English. The language is looked up only when an error reply
 * (status ≥ 400 with a JSON error body) is about to be serialized, so a success costs nothing, and
 * an English reply is the very object the route sent.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageFor, type Language } from '@rama/shared';
import type { AppContext } from '../context.js';
import { loadPreferences } from '../preferences/store.js';
import { isErrorBody, translateErrorBody } from './translate.js';

/** The language of a request's messages: the user's stored choice, else its Accept-Language, else English. */
export async function requestLanguage(ctx: AppContext, req: FastifyRequest): Promise<Language> {
  const user = req.principal;
  let choice: Language | null = null;
  // guests and anonymous visitors have no preferences row (their id is 0)
  if (user && !user.kind && user.id > 0) {
    try {
      choice = (await loadPreferences(ctx.store.db, user.id)).language;
    } catch {
      // the metadata store is down: the browser's language still serves
    }
  }
  const header = req.headers['accept-language'];
  return languageFor(choice, Array.isArray(header) ? header[0] : header);
}

/** Translate every JSON error body the app sends (the error handler's and a route's own `reply.code(4xx).send`). */
export function registerMessageTranslation(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('preSerialization', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode < 400 || !isErrorBody(payload)) return payload;
    const language = await requestLanguage(ctx, req);
    return language === 'en' ? payload : translateErrorBody(payload, language);
  });
}
