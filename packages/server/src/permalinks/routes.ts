import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { PermalinkPayload } from '@rama/shared';
import type { AppContext } from '../context.js';
import { requirePermission } from '../http/auth.js';
import { SqlLabPermalinkService } from './service.js';

const KeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 256 }) });
const VIEW = 'SqlLabPermalink';

/**
 * Where the web app opens a SQL Lab permalink: under the configured public URL (RAMA_PUBLIC_URL),
 * never the request's Host header, which the client chooses (a link on an attacker's host).
 */
function permalinkUrl(publicUrl: string, key: string): string {
  return `${publicUrl}/sqllab/p/${encodeURIComponent(key)}`;
}

export function permalinkRoutes(app: FastifyInstance, ctx: AppContext): { sqllabPermalinks: SqlLabPermalinkService } {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const sqllabPermalinks = new SqlLabPermalinkService(ctx);

  r.post('/api/v1/sqllab/permalink', { schema: { body: PermalinkPayload } }, async (req, reply) => {
    const user = requirePermission(req, 'can_write', VIEW, 'permalink');
    const key = await sqllabPermalinks.create(user, req.body);
    return reply.code(201).send({ key, url: permalinkUrl(ctx.config.publicUrl, key) });
  });

  // `kv:{key}` is the same route: the key pattern strips the prefix
  r.get('/api/v1/sqllab/permalink/:key', { schema: { params: KeyParams } }, async (req) => {
    const user = requirePermission(req, 'can_read', VIEW, 'permalink');
    return sqllabPermalinks.get(user, req.params.key);
  });

  return { sqllabPermalinks };
}
