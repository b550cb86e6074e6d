import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { DatasetCreate, DatasetDuplicate, DatasetUpdate, GetOrCreateDatasetPayload } from '@rama/shared';
import type { AppContext } from '../context.js';
import { datasetVersions } from './versions.js';
import { requirePermission, requireUser } from '../http/auth.js';
import { invalidFields, notFound } from '../http/errors.js';
import { downloadToken, truthy } from '../http/request.js';
import { decodeRisonQuery, risonIdList } from '../http/rison.js';
import { DatasetService } from './service.js';
import { DISTINCT_COLUMNS, distinctValues, listDatasets, type DistinctColumn } from './list.js';
import { MAX_ID, pickColumns } from './present.js';
import { clientGone } from '../execution/abort.js';
import { updateDataset } from './update.js';
import { refreshDataset } from './refresh.js';
import { duplicateDataset } from './duplicate.js';
import { relatedObjects } from './related.js';
import { exportDatasets } from './export.js';
import { closeBundleReader } from '../transfer/bundle-read.js';
import { registerBundleImport } from '../transfer/import-route.js';
import { DatasetImporter } from './import.js';
import { datasetIdOfKey, datasourceNotFound, loadExploreDatasource } from './metadata.js';

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

const idList = (raw: unknown): number[] => risonIdList(raw, 'dataset');

export function datasetRoutes(app: FastifyInstance, ctx: AppContext): DatasetService {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const datasets = new DatasetService(ctx);
  ctx.versions.register(datasetVersions(ctx, datasets));
  // the import workers (every import route's) stop with the server; the next import starts them again
  app.addHook('onClose', () => closeBundleReader());

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

  r.put('/api/v1/dataset/:id', { schema: { params: IdParams, body: DatasetUpdate } }, async (req, reply) => {
    const user = requirePermission(req, 'can_write', 'Dataset', 'dataset');
    const override = truthy((req.query as { override_columns?: unknown }).override_columns) || req.body.override_columns === true;
    return updateDataset(ctx, datasets, user, req.params.id, req.body, override, clientGone(reply));
  });

  r.put('/api/v1/dataset/:id/refresh', { schema: { params: IdParams } }, async (req, reply) => {
    const user = requirePermission(req, 'can_write', 'Dataset', 'dataset');
    await refreshDataset(ctx, datasets, user, req.params.id, clientGone(reply));
    return { message: 'OK' };
  });

  r.post('/api/v1/dataset/duplicate', { schema: { body: DatasetDuplicate } }, async (req, reply) => {
    const user = requirePermission(req, 'can_write', 'Dataset', 'dataset');
    return reply.code(201).send(await duplicateDataset(ctx, datasets, user, req.body));
  });

  r.get('/api/v1/dataset/:id/related_objects', { schema: { params: IdOrUuidParams } }, async (req) => {
    const user = requirePermission(req, 'can_read', 'Dataset', 'dataset');
    return relatedObjects(datasets, ctx.store.db, user, req.params.id, { rbac: ctx.config.featureFlags.DASHBOARD_RBAC });
  });

  r.get(
    '/api/v1/dataset/distinct/:column',
    { schema: { params: Type.Object({ column: Type.String({ maxLength: 64 }) }) } },
    async (req) => {
      const user = requirePermission(req, 'can_read', 'Dataset', 'dataset');
      const column = req.params.column;
      if (!(DISTINCT_COLUMNS as readonly string[]).includes(column)) throw notFound();
      return distinctValues(ctx.store.db, user, column as DistinctColumn, q(req));
    },
  );

  r.get('/api/v1/dataset/export/', async (req, reply) => {
    // the BI server's rule: exporting datasets is a permission of its own (Alpha and Admin)
    const user = requirePermission(req, 'can_export', 'Dataset', 'dataset');
    const query = req.query as { q?: unknown; token?: unknown };
    const { fileName, zip } = await exportDatasets(ctx, datasets, user, idList(query.q));
    const token = downloadToken(query.token);
    if (token) void reply.setCookie(token, 'done', { path: '/', maxAge: 600, sameSite: 'lax', secure: ctx.config.secureCookies });
    return reply.type('application/zip').header('content-disposition', `attachment; filename="${fileName}"`).send(Buffer.from(zip));
  });

  registerBundleImport(
    app,
    '/api/v1/dataset/import/',
    (req) => requirePermission(req, 'can_write', 'Dataset', 'dataset'),
    (user, { contents, ...opts }) => new DatasetImporter(ctx, datasets, user).run(contents, opts),
  );

  r.get('/rama/fetch_datasource_metadata', async (req) => {
    // a login is enough: the dataset's own access rule answers 404 for one the user may not see
    const user = requireUser(req);
    const id = datasetIdOfKey((req.query as { datasourceKey?: unknown }).datasourceKey);
    if (id === null) throw datasourceNotFound();
    return loadExploreDatasource(ctx, datasets, user, id);
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
