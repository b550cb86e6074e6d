import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import rison from 'rison';
import { DatasetCreate, GetOrCreateDatasetPayload } from '@rama/shared';
import type { AppContext } from '../context.js';
import { requirePermission } from '../http/auth.js';
import { invalidFields } from '../http/errors.js';
import { decodeRisonQuery } from '../http/rison.js';
import { DatasetService } from './service.js';
import { listDatasets } from './list.js';
import { MAX_ID, pickColumns } from './present.js';
import { clientGone } from '../http/abort.js';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
/** a dataset is addressed by its id or its uuid */
const IdOrUuidParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

const q = (req: { query: unknown }) => decodeRisonQuery((req.query as { q?: unknown }).q);

function selectedColumns(query: Record<string, unknown>): string[] | null {
  const columns = query.columns;
  if (columns === undefined) return null;
  if (!Array.isArray(columns) || !columns.every((c): c is string => typeof c === 'string'))
    throw invalidFields({ columns: ['Not a valid list.'] });
  return columns.length ? columns : null;
}

/** Bulk delete takes `?q=!(1,2)`: a rison list of ids. */
function idList(raw: unknown): number[] {
  let value: unknown;
  try {
    value = typeof raw === 'string' ? rison.decode(raw) : undefined;
  } catch {
    value = undefined;
  }
  if (!Array.isArray(value) || !value.length || !value.every((v) => Number.isInteger(v) && (v as number) > 0 && (v as number) <= MAX_ID)) {
    throw invalidFields({ q: ['Give a list of dataset ids, e.g. !(1,2).'] });
  }
  return value as number[];
}

export function datasetRoutes(app: FastifyInstance, ctx: AppContext): DatasetService {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const datasets = new DatasetService(ctx);

  r.get('/api/v1/dataset/', async (req) => {
    const user = requirePermission(req, 'can_read', 'Dataset', 'dataset');
    return listDatasets(datasets, ctx.store.db, user, q(req));
  });

  r.get('/api/v1/dataset/:id', { schema: { params: IdOrUuidParams } }, async (req) => {
    const user = requirePermission(req, 'can_read', 'Dataset', 'dataset');
    const columns = selectedColumns(q(req));
    const detail = await datasets.get(user, req.params.id);
    return { id: detail.id, result: columns ? pickColumns(detail, columns) : detail };
  });

  r.post('/api/v1/dataset/', { schema: { body: DatasetCreate } }, async (req, reply) => {
    const user = requirePermission(req, 'can_write', 'Dataset', 'dataset');
    return reply.code(201).send(await datasets.create(user, req.body, clientGone(reply)));
  });

  r.post('/api/v1/dataset/get_or_create/', { schema: { body: GetOrCreateDatasetPayload } }, async (req) => {
    const user = requirePermission(req, 'can_write', 'Dataset', 'dataset');
    return { result: { table_id: await datasets.getOrCreate(user, req.body) } };
  });

  r.delete('/api/v1/dataset/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requirePermission(req, 'can_write', 'Dataset', 'dataset');
    await datasets.delete(user, [req.params.id]);
    return { message: 'OK' };
  });

  r.delete('/api/v1/dataset/', async (req) => {
    const user = requirePermission(req, 'can_write', 'Dataset', 'dataset');
    const n = await datasets.delete(user, idList((req.query as { q?: unknown }).q));
    return { message: n === 1 ? 'Deleted 1 dataset' : `Deleted ${n} datasets` };
  });

  return datasets;
}
