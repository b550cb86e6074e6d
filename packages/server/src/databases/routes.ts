import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { DatabaseTestConnection, DatabaseWrite } from '@rama/shared';
import type { AppContext } from '../context.js';
import { clientGone } from '../execution/abort.js';
import { requirePermission, requireUser } from '../http/auth.js';
import { invalidFields } from '../http/errors.js';
import { decodeRisonQuery, listParams } from '../http/rison.js';
import { DatabaseService, DATABASE_ORDER_COLUMNS } from './service.js';
import { BrowseService } from './browse.js';
import { availableEngines } from './present.js';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const TableQuery = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 512 }),
  schema: Type.Optional(Type.String({ maxLength: 512 })),
  catalog: Type.Optional(Type.String({ maxLength: 512 })),
});
const DatabaseUpdate = Type.Partial(DatabaseWrite);

function flagOf(q: Record<string, unknown>, key: string): boolean {
  const v = q[key];
  return v === true || v === 'true' || v === '!t';
}

function optionalString(q: Record<string, unknown>, key: string): string | null {
  const v = q[key];
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string') throw invalidFields({ [key]: ['Not a valid string.'] });
  return v;
}

export function databaseRoutes(app: FastifyInstance, ctx: AppContext): { databases: DatabaseService; browse: BrowseService } {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const databases = new DatabaseService(ctx);
  const browse = new BrowseService(ctx, databases);
  const q = (req: { query: unknown }) => decodeRisonQuery((req.query as { q?: unknown }).q);

  r.get('/api/v1/database/', async (req) => {
    const user = requirePermission(req, 'can_read', 'Database', 'database');
    return databases.list(user, listParams(q(req), DATABASE_ORDER_COLUMNS));
  });

  r.get('/api/v1/database/available/', async (req) => {
    requirePermission(req, 'can_read', 'Database', 'database');
    return { databases: availableEngines(ctx.config.allowFileUris) };
  });

  r.get('/api/v1/database/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requirePermission(req, 'can_read', 'Database', 'database');
    return { id: req.params.id, result: await databases.get(user, req.params.id) };
  });

  r.post('/api/v1/database/', { schema: { body: DatabaseWrite } }, async (req, reply) => {
    const user = requirePermission(req, 'can_write', 'Database', 'database');
    const result = await databases.create(user, req.body);
    return reply.code(201).send({ id: result.id, result });
  });

  r.put('/api/v1/database/:id', { schema: { params: IdParams, body: DatabaseUpdate } }, async (req) => {
    const user = requirePermission(req, 'can_write', 'Database', 'database');
    const result = await databases.update(user, req.params.id, req.body);
    browse.forget(req.params.id);
    return { id: result.id, result };
  });

  r.delete('/api/v1/database/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requirePermission(req, 'can_write', 'Database', 'database');
    await databases.delete(user, req.params.id);
    browse.forget(req.params.id);
    return { message: 'OK' };
  });

  r.post('/api/v1/database/test_connection/', { schema: { body: DatabaseTestConnection } }, async (req, reply) => {
    const user = requirePermission(req, 'can_write', 'Database', 'database');
    await databases.testConnection(user, req.body, clientGone(reply));
    return { message: 'OK' };
  });

  r.get('/api/v1/database/:id/catalogs/', { schema: { params: IdParams } }, async (req, reply) => {
    const user = requireUser(req);
    return { result: await browse.catalogs(user, req.params.id, flagOf(q(req), 'force'), clientGone(reply)) };
  });

  r.get('/api/v1/database/:id/schemas/', { schema: { params: IdParams } }, async (req, reply) => {
    const user = requireUser(req);
    const query = q(req);
    return {
      result: await browse.schemas(user, req.params.id, optionalString(query, 'catalog'), flagOf(query, 'force'), clientGone(reply)),
    };
  });

  r.get('/api/v1/database/:id/tables/', { schema: { params: IdParams } }, async (req, reply) => {
    const user = requireUser(req);
    const query = q(req);
    const schema = optionalString(query, 'schema_name');
    if (!schema) throw invalidFields({ schema_name: ['Missing data for required field.'] });
    return browse.tables(user, req.params.id, schema, optionalString(query, 'catalog_name'), flagOf(query, 'force'), clientGone(reply));
  });

  r.get('/api/v1/database/:id/table_metadata/', { schema: { params: IdParams, querystring: TableQuery } }, async (req, reply) => {
    const user = requireUser(req);
    const { name, schema, catalog } = req.query;
    return browse.tableMetadata(user, req.params.id, name, schema ?? null, catalog ?? null, clientGone(reply));
  });

  r.get('/api/v1/database/:id/table_metadata/extra/', { schema: { params: IdParams, querystring: TableQuery } }, async (req, reply) => {
    const user = requireUser(req);
    const { name, schema, catalog } = req.query;
    return browse.tableMetadataExtra(user, req.params.id, name, schema ?? null, catalog ?? null, clientGone(reply));
  });

  const selectStar = async (req: { params: { id: number; table: string; schema?: string } } & Parameters<typeof requireUser>[0]) => {
    const user = requireUser(req);
    return { result: await browse.selectStar(user, req.params.id, req.params.table, req.params.schema ?? null) };
  };
  r.get(
    '/api/v1/database/:id/select_star/:table/',
    { schema: { params: Type.Object({ id: Type.Integer({ minimum: 1 }), table: Type.String() }) } },
    (req) => selectStar(req),
  );
  r.get(
    '/api/v1/database/:id/select_star/:table/:schema/',
    { schema: { params: Type.Object({ id: Type.Integer({ minimum: 1 }), table: Type.String(), schema: Type.String() }) } },
    (req) => selectStar(req),
  );

  return { databases, browse };
}
