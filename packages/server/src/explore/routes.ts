import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ExploreFormDataPayload, ExplorePermalinkPayload } from '@rama/shared';
import type { AppContext } from '../context.js';
import { requirePermission } from '../http/auth.js';
import { MAX_ID } from '../datasets/present.js';
import { ExploreFormDataService } from './formData.js';
import { ExplorePermalinkService, explorePermalinkUrl } from './permalink.js';
import { ExploreService } from './service.js';

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Key = Type.String({ minLength: 1, maxLength: 256 });
const KeyParams = Type.Object({ key: Key });
const TabQuery = Type.Object({ tab_id: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID })) });
const BootstrapQuery = Type.Object({
  slice_id: Type.Optional(Id),
  datasource_id: Type.Optional(Id),
  datasource_type: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  form_data_key: Type.Optional(Key),
  permalink_key: Type.Optional(Key),
  viz_type: Type.Optional(Type.String({ maxLength: 250 })),
});

/**
 * Explore state on the server: the page bootstrap, unsaved form data per tab, permalinks.
 * Reading needs `can_read` on Explore (unsaved state is the user's own, as SQL Lab's tab state
 * is); sharing needs `can_write` on ExplorePermalink.
 */
export function exploreRoutes(app: FastifyInstance, ctx: AppContext): { explore: ExploreService } {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const formData = new ExploreFormDataService(ctx);
  const permalinks = new ExplorePermalinkService(ctx);
  const explore = new ExploreService(ctx, formData, permalinks);
  const reader = (req: Parameters<typeof requirePermission>[0]) => requirePermission(req, 'can_read', 'Explore', 'chart');

  r.get('/api/v1/explore/', { schema: { querystring: BootstrapQuery } }, async (req) => {
    const user = reader(req);
    return { result: await explore.bootstrap(user, req.query) };
  });

  r.post('/api/v1/explore/form_data', { schema: { body: ExploreFormDataPayload, querystring: TabQuery } }, async (req, reply) => {
    const user = reader(req);
    return reply.code(201).send({ key: await formData.create(user, req.body) });
  });

  r.get('/api/v1/explore/form_data/:key', { schema: { params: KeyParams } }, async (req) => {
    const user = reader(req);
    return { form_data: (await formData.get(user, req.params.key)).form_data };
  });

  // the key stays the same across tabs: the client keeps one key per tab it opened
  r.put(
    '/api/v1/explore/form_data/:key',
    { schema: { params: KeyParams, body: ExploreFormDataPayload, querystring: TabQuery } },
    async (req) => {
      const user = reader(req);
      return { key: await formData.update(user, req.params.key, req.body) };
    },
  );

  r.delete('/api/v1/explore/form_data/:key', { schema: { params: KeyParams } }, async (req) => {
    const user = reader(req);
    await formData.delete(user, req.params.key);
    return { message: 'Deleted successfully' };
  });

  r.post('/api/v1/explore/permalink', { schema: { body: ExplorePermalinkPayload } }, async (req, reply) => {
    const user = requirePermission(req, 'can_write', 'ExplorePermalink', 'permalink');
    const key = await permalinks.create(user, req.body);
    return reply.code(201).send({ key, url: explorePermalinkUrl(ctx.config.publicUrl, key) });
  });

  r.get('/api/v1/explore/permalink/:key', { schema: { params: KeyParams } }, async (req) => {
    const user = reader(req);
    return permalinks.get(user, req.params.key);
  });

  return { explore };
}
