import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { AppContext } from '../context.js';
import { requirePermission } from '../http/auth.js';
import { notFound } from '../http/errors.js';
import { decodeRisonQuery, listParams, risonIdList } from '../http/rison.js';
import { ANNOTATION_ORDER_COLUMNS, AnnotationService, LAYER_ORDER_COLUMNS } from './service.js';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const LayerParams = Type.Object({ pk: Id });
const AnnotationParams = Type.Object({ pk: Id, annotation_id: Id });
const VIEW = 'Annotation';
const OBJECT_NAME = 'annotation layer';

const Nullable = (t: ReturnType<typeof Type.String>) => Type.Union([t, Type.Null()]);
const LayerWrite = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 250 }), descr: Type.Optional(Nullable(Type.String({ maxLength: 65_535 }))) },
  { additionalProperties: false },
);
const LayerUpdate = Type.Partial(LayerWrite, { additionalProperties: false });
const Dttm = Type.String({ minLength: 1, maxLength: 40 });
const AnnotationWrite = Type.Object(
  {
    short_descr: Type.String({ minLength: 1, maxLength: 500 }),
    long_descr: Type.Optional(Nullable(Type.String({ maxLength: 65_535 }))),
    start_dttm: Dttm,
    end_dttm: Dttm,
    json_metadata: Type.Optional(Nullable(Type.String({ maxLength: 65_535 }))),
  },
  { additionalProperties: false },
);
const AnnotationUpdate = Type.Partial(AnnotationWrite, { additionalProperties: false });

const rawQ = (req: FastifyRequest) => (req.query as { q?: unknown }).q;
const plural = (n: number, what: string) => `Deleted ${n} ${what}${n === 1 ? '' : 's'}`;

/**
 * /api/v1/annotation_layer/ and /api/v1/annotation_layer/{pk}/annotation/: whoever holds
 * can_read on Annotation lists and reads; can_write creates, edits and deletes.
 */
export function annotationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const service = new AnnotationService(ctx);
  const reader = (req: FastifyRequest) => requirePermission(req, 'can_read', VIEW, OBJECT_NAME);
  const writer = (req: FastifyRequest) => requirePermission(req, 'can_write', VIEW, OBJECT_NAME);

  r.get('/api/v1/annotation_layer/', async (req) => {
    reader(req);
    return service.listLayers(listParams(decodeRisonQuery(rawQ(req)), LAYER_ORDER_COLUMNS));
  });

  r.get(
    '/api/v1/annotation_layer/related/:column',
    { schema: { params: Type.Object({ column: Type.String({ maxLength: 64 }) }) } },
    async (req) => {
      reader(req);
      if (req.params.column !== 'created_by' && req.params.column !== 'changed_by') throw notFound();
      return service.relatedUsers(decodeRisonQuery(rawQ(req)));
    },
  );

  r.get('/api/v1/annotation_layer/:pk', { schema: { params: LayerParams } }, async (req) => {
    reader(req);
    return { id: req.params.pk, result: await service.getLayer(req.params.pk) };
  });

  r.post('/api/v1/annotation_layer/', { schema: { body: LayerWrite } }, async (req, reply) => {
    const user = writer(req);
    return reply.code(201).send(await service.createLayer(user, req.body));
  });

  r.put('/api/v1/annotation_layer/:pk', { schema: { params: LayerParams, body: LayerUpdate } }, async (req) => {
    const user = writer(req);
    return service.updateLayer(user, req.params.pk, req.body);
  });

  r.delete('/api/v1/annotation_layer/:pk', { schema: { params: LayerParams } }, async (req) => {
    writer(req);
    await service.deleteLayers([req.params.pk]);
    return { message: 'OK' };
  });

  r.delete('/api/v1/annotation_layer/', async (req) => {
    writer(req);
    const n = await service.deleteLayers(risonIdList(rawQ(req), 'annotation layer'));
    return { message: plural(n, 'annotation layer') };
  });

  r.get('/api/v1/annotation_layer/:pk/annotation/', { schema: { params: LayerParams } }, async (req) => {
    reader(req);
    return service.listAnnotations(req.params.pk, listParams(decodeRisonQuery(rawQ(req)), ANNOTATION_ORDER_COLUMNS));
  });

  r.get('/api/v1/annotation_layer/:pk/annotation/:annotation_id', { schema: { params: AnnotationParams } }, async (req) => {
    reader(req);
    return { id: req.params.annotation_id, result: await service.getAnnotation(req.params.pk, req.params.annotation_id) };
  });

  r.post('/api/v1/annotation_layer/:pk/annotation/', { schema: { params: LayerParams, body: AnnotationWrite } }, async (req, reply) => {
    const user = writer(req);
    return reply.code(201).send(await service.createAnnotation(user, req.params.pk, req.body));
  });

  r.put(
    '/api/v1/annotation_layer/:pk/annotation/:annotation_id',
    { schema: { params: AnnotationParams, body: AnnotationUpdate } },
    async (req) => {
      const user = writer(req);
      return service.updateAnnotation(user, req.params.pk, req.params.annotation_id, req.body);
    },
  );

  r.delete('/api/v1/annotation_layer/:pk/annotation/:annotation_id', { schema: { params: AnnotationParams } }, async (req) => {
    writer(req);
    await service.deleteAnnotations(req.params.pk, [req.params.annotation_id]);
    return { message: 'OK' };
  });

  r.delete('/api/v1/annotation_layer/:pk/annotation/', { schema: { params: LayerParams } }, async (req) => {
    writer(req);
    const n = await service.deleteAnnotations(req.params.pk, risonIdList(rawQ(req), 'annotation'));
    return { message: plural(n, 'annotation') };
  });
}
