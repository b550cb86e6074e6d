import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { RESTORABLE_DELETED_TYPES, VERSIONED_TYPES, type VersionedType } from '@rama/shared';
import type { AppContext } from '../context.js';
import { requirePermission } from '../http/auth.js';
import { MAX_ID, decodeRisonQuery } from '../http/rison.js';
import { pageQuery } from './service.js';

const MAX_VERSION = 2_147_483_647;
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
const VersionParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  version: Type.Integer({ minimum: 1, maximum: MAX_VERSION }),
});
/** a page of a list: `(page:0,page_size:25)`, a few dozen characters */
const ListQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 1000 })) });

/** The role permission's view of each type (the same the object's own routes check). */
const VIEWS: Record<VersionedType, [view: string, name: string]> = {
  chart: ['Chart', 'chart'],
  dashboard: ['Dashboard', 'dashboard'],
  dataset: ['Dataset', 'dataset'],
  saved_query: ['SavedQuery', 'saved query'],
};

/**
 * The history routes of every versioned type: the list (newest first, paged with rison `q`), one
 * version with its full state, restore; and the admins' "Recently deleted" for charts and
 * dashboards. Reading a history needs read access to the object; restoring, edit rights.
 */
export function versionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const history = ctx.versions;
  for (const type of VERSIONED_TYPES) {
    const [view, name] = VIEWS[type];
    const reader = (req: FastifyRequest) => requirePermission(req, 'can_read', view, name);
    const writer = (req: FastifyRequest) => requirePermission(req, 'can_write', view, name);

    r.get(`/api/v1/${type}/:id/versions/`, { schema: { params: IdParams, querystring: ListQuery } }, async (req) => {
      const user = reader(req);
      return history.list(user, type, req.params.id, pageQuery(decodeRisonQuery(req.query.q)));
    });

    r.get(`/api/v1/${type}/:id/versions/:version`, { schema: { params: VersionParams } }, async (req) => {
      const user = reader(req);
      return { result: await history.get(user, type, req.params.id, req.params.version) };
    });

    r.post(`/api/v1/${type}/:id/versions/:version/restore`, { schema: { params: VersionParams } }, async (req) => {
      const user = writer(req);
      return { result: await history.restore(user, type, req.params.id, req.params.version) };
    });
  }

  for (const type of RESTORABLE_DELETED_TYPES) {
    const [view, name] = VIEWS[type];
    r.get(`/api/v1/${type}/deleted/`, { schema: { querystring: ListQuery } }, async (req) => {
      const user = requirePermission(req, 'can_read', view, name);
      return history.listDeleted(user, type, pageQuery(decodeRisonQuery(req.query.q)));
    });

    r.post(`/api/v1/${type}/deleted/:id/restore`, { schema: { params: IdParams } }, async (req, reply) => {
      const user = requirePermission(req, 'can_write', view, name);
      return reply.code(201).send({ result: await history.restoreDeleted(user, type, req.params.id) });
    });
  }
}
