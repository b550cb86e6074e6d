/**
 * `GET /api/v1/chart/{pk}/thumbnail/{digest}/` and `GET /api/v1/dashboard/{pk}/thumbnail/{digest}/`
 * (the peer's thumbnail API): 200 with the PNG, 202 `{"message": "OK Async"}` while it is being
 * captured, 302 to the current address for an old digest, 404 for an object the caller cannot
 * read, and 404 for everything while thumbnails are off.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { AppContext } from '../context.js';
import { requirePermission } from '../http/auth.js';
import { notFound } from '../http/errors.js';
import { MAX_ID } from '../datasets/present.js';
import type { ThumbnailKind } from '../security/thumbnail-digest.js';
import { ThumbnailService } from './service.js';

const Params = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  digest: Type.String({ minLength: 1, maxLength: 64 }),
});

const VIEWS: Record<ThumbnailKind, string> = { chart: 'Chart', dashboard: 'Dashboard' };

export function thumbnailRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  // made on the first request: a process that serves none opens no store (no Redis connection)
  let service: ThumbnailService | null = null;
  const thumbnails = () => (service ??= new ThumbnailService(ctx));
  app.addHook('onClose', async () => {
    await service?.close();
  });

  const handler = (kind: ThumbnailKind) => async (req: FastifyRequest, reply: FastifyReply) => {
    const { id, digest } = req.params as { id: number; digest: string };
    if (!ctx.config.thumbnails.enabled) throw notFound();
    const user = requirePermission(req, 'can_read', VIEWS[kind], kind);
    const out = await thumbnails().answer(user, kind, id, digest);
    if (out.kind === 'redirect') return reply.redirect(out.location, 302);
    if (out.kind === 'queued') return reply.code(202).send({ message: 'OK Async' });
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', out.maxAge > 0 ? `private, max-age=${out.maxAge}` : 'private, no-cache')
      .send(out.png);
  };

  r.get('/api/v1/chart/:id/thumbnail/:digest/', { schema: { params: Params } }, handler('chart'));
  r.get('/api/v1/dashboard/:id/thumbnail/:digest/', { schema: { params: Params } }, handler('dashboard'));
}
