import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MAX_PREFERENCES_BYTES, mergePreferences, UserPreferencesUpdate } from '@rama/shared';
import type { AppContext } from '../context.js';
import { requireUser } from '../http/auth.js';
import { unauthorized } from '../http/errors.js';
import type { Principal } from '../security/principal.js';
import { loadPreferences, savePreferences } from './store.js';

/** Only a signed-in user has preferences: an anonymous visitor (public dashboards) and a guest token do not. */
function requireAccount(req: FastifyRequest): Principal {
  const user = requireUser(req);
  if (user.kind) throw unauthorized();
  return user;
}

/** /api/v1/me/preferences/: the caller's own preferences; no one reads or writes another user's. */
export function preferencesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/api/v1/me/preferences/', async (req, reply) => {
    const user = requireAccount(req);
    // the answer is the user's own: never from a shared cache
    reply.header('cache-control', 'private, no-store');
    return { result: await loadPreferences(ctx.store.db, user.id) };
  });

  r.put('/api/v1/me/preferences/', { schema: { body: UserPreferencesUpdate }, bodyLimit: MAX_PREFERENCES_BYTES }, async (req, reply) => {
    const user = requireAccount(req);
    const next = mergePreferences(await loadPreferences(ctx.store.db, user.id), req.body);
    await savePreferences(ctx.store.db, user.id, next);
    reply.header('cache-control', 'private, no-store');
    return { result: next };
  });
}
