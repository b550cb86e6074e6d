import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import rison from 'rison';
import type { AppContext } from '../context.js';
import { requirePermission } from '../http/auth.js';
import { invalidFields, notFound } from '../http/errors.js';
import { decodeRisonQuery, listParams } from '../http/rison.js';
import { MAX_OBJECTS_PER_REQUEST, MAX_TAG_NAME, MAX_TAGS_PER_REQUEST, objectTypeName, type ObjectTypeName } from './rules.js';
import { TAG_ORDER_COLUMNS, TagService } from './service.js';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const VIEW = 'Tag';
const OBJECT_NAME = 'tag';

const ObjectRef = Type.Tuple([Type.Union([Type.Integer({ minimum: 1, maximum: 4 }), Type.String({ maxLength: 16 })]), Id]);
const TagWrite = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: MAX_TAG_NAME + 100 }),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 65_535 }), Type.Null()])),
    objects_to_tag: Type.Optional(Type.Array(ObjectRef, { maxItems: MAX_OBJECTS_PER_REQUEST })),
  },
  { additionalProperties: false },
);
const TagUpdate = Type.Partial(TagWrite, { additionalProperties: false });
const TagNames = Type.Array(Type.String({ maxLength: MAX_TAG_NAME + 100 }), { maxItems: MAX_TAGS_PER_REQUEST });
const ObjectParams = Type.Object({ object_type: Type.String({ maxLength: 16 }), object_id: Id });
const UntagParams = Type.Object({ object_type: Type.String({ maxLength: 16 }), object_id: Id, tag: Type.String({ maxLength: 400 }) });

const rawQ = (req: FastifyRequest) => (req.query as { q?: unknown }).q;
const deleted = (n: number) => `Deleted ${n} tag${n === 1 ? '' : 's'}`;

function objectType(raw: string): ObjectTypeName {
  const type = objectTypeName(raw);
  if (!type) throw notFound('Object type not found.');
  return type;
}

/** A comma-separated query parameter (`tags=a,b`), bounded. */
function commaList(raw: unknown, field: string): string[] {
  if (raw === undefined || raw === '') return [];
  if (typeof raw !== 'string' || raw.length > 20_000) throw invalidFields({ [field]: ['Not a valid list.'] });
  const items = raw.split(',').filter((s) => s.length > 0);
  if (items.length > MAX_TAGS_PER_REQUEST) throw invalidFields({ [field]: [`At most ${MAX_TAGS_PER_REQUEST} items.`] });
  return items;
}

/** The names of a bulk delete: `?q=!(a,b)` (rison list of tag names). */
function risonNames(raw: unknown): string[] {
  let value: unknown;
  try {
    value = typeof raw === 'string' ? rison.decode(raw) : undefined;
  } catch {
    value = undefined;
  }
  if (!Array.isArray(value) || value.length > MAX_TAGS_PER_REQUEST || !value.every((v) => typeof v === 'string'))
    throw invalidFields({ q: ['Not a valid list of tag names.'] });
  return value as string[];
}

/**
 * /api/v1/tag/: whoever holds can_read on Tag lists tags and the objects they may read; can_write
 * creates, edits, deletes and tags objects (each tagged object must also be theirs to edit).
 */
export function tagRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const service = new TagService(ctx);
  const reader = (req: FastifyRequest) => requirePermission(req, 'can_read', VIEW, OBJECT_NAME);
  const writer = (req: FastifyRequest) => requirePermission(req, 'can_write', VIEW, OBJECT_NAME);

  r.get('/api/v1/tag/', async (req) => {
    reader(req);
    return service.list(listParams(decodeRisonQuery(rawQ(req)), TAG_ORDER_COLUMNS));
  });

  r.get(
    '/api/v1/tag/get_objects/',
    {
      schema: {
        querystring: Type.Object({
          tags: Type.Optional(Type.String()),
          tagIds: Type.Optional(Type.String()),
          types: Type.Optional(Type.String()),
        }),
      },
    },
    async (req) => {
      const user = reader(req);
      const tagIds = commaList(req.query.tagIds, 'tagIds').map((v) => {
        if (!/^\d{1,9}$/.test(v)) throw invalidFields({ tagIds: ['Not a valid list of ids.'] });
        return Number(v);
      });
      const types = commaList(req.query.types, 'types').map((t) => {
        const type = objectTypeName(t);
        if (!type) throw invalidFields({ types: [`Unknown object type ${t}.`] });
        return type;
      });
      return { result: await service.objects(user, { tagNames: commaList(req.query.tags, 'tags'), tagIds, types }) };
    },
  );

  r.get('/api/v1/tag/:pk', { schema: { params: Type.Object({ pk: Id }) } }, async (req) => {
    reader(req);
    return { id: req.params.pk, result: await service.get(req.params.pk) };
  });

  r.post('/api/v1/tag/', { schema: { body: TagWrite } }, async (req, reply) => {
    const user = writer(req);
    return reply.code(201).send(await service.create(user, req.body));
  });

  r.put('/api/v1/tag/:pk', { schema: { params: Type.Object({ pk: Id }), body: TagUpdate } }, async (req) => {
    const user = writer(req);
    return service.update(user, req.params.pk, req.body);
  });

  r.delete('/api/v1/tag/:pk', { schema: { params: Type.Object({ pk: Id }) } }, async (req) => {
    writer(req);
    await service.delete([req.params.pk]);
    return { message: 'OK' };
  });

  r.delete('/api/v1/tag/', async (req) => {
    writer(req);
    return { message: deleted(await service.deleteByName(risonNames(rawQ(req)))) };
  });

  r.post(
    '/api/v1/tag/:object_type/:object_id/',
    { schema: { params: ObjectParams, body: Type.Object({ properties: Type.Object({ tags: TagNames }) }) } },
    async (req, reply) => {
      const user = writer(req);
      const tags = await service.tagObject(user, objectType(req.params.object_type), req.params.object_id, req.body.properties.tags);
      return reply.code(201).send({ result: tags });
    },
  );

  r.delete('/api/v1/tag/:object_type/:object_id/:tag/', { schema: { params: UntagParams } }, async (req) => {
    const user = writer(req);
    await service.untagObject(user, objectType(req.params.object_type), req.params.object_id, req.params.tag);
    return { message: 'OK' };
  });
}
