import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import Type from 'typebox';
import { DatasetCreate, DatasetDuplicate, DatasetUpdate, ErrorType, GetOrCreateDatasetPayload } from '@rama/shared';
import type { AppContext } from '../context.js';
import { datasetVersions } from './versions.js';
import type { Principal } from '../security/principal.js';
import { requirePermission, requireUser } from '../http/auth.js';
import { HttpError, badRequest, errorsBody, invalidFields, notFound } from '../http/errors.js';
import { decodeRisonQuery, risonIdList } from '../http/rison.js';
import { DatasetService } from './service.js';
import { DISTINCT_COLUMNS, distinctValues, listDatasets, type DistinctColumn } from './list.js';
import { MAX_ID, pickColumns } from './present.js';
import { clientGone } from '../http/abort.js';
import { updateDataset } from './update.js';
import { refreshDataset } from './refresh.js';
import { duplicateDataset } from './duplicate.js';
import { relatedObjects } from './related.js';
import { exportDatasets } from './export.js';
import { BundleError, SSH_TUNNEL_UNSUPPORTED, sshTunnelFiles, type BundleDocs } from './bundle.js';
import { BundleReadError, closeBundleReader, readBundle } from './bundle-read.js';
import { DatasetImporter, type ImportOptions } from './import.js';
import { ImportReport } from './import-report.js';
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

/** An import bundle: the largest upload accepted (the unpacked size is capped separately). */
export const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;
const tooLarge = () => new HttpError(413, { message: 'Request payload is too large.' });

/** Every download cookie's name starts so: a `?token=` can never name a cookie the server uses. */
export const DOWNLOAD_COOKIE_PREFIX = 'rama_dl_';

/**
 * The cookie an export sets (`<name>=done`) once the download has started, for a `?token=` a page
 * waits for (the BI server's habit). The server names it, `rama_dl_<token>`: the BI server's
 * cookie named by the token itself let `token=rama_session` log the downloader out.
 */
export const downloadToken = (raw: unknown): string | null =>
  typeof raw === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(raw) ? DOWNLOAD_COOKIE_PREFIX + raw : null;

/** `true`/`false` as form fields and query strings carry them. */
export const truthy = (v: unknown): boolean => v === 'true' || v === true;

export interface ImportForm {
  file: { name: string; data: Buffer } | null;
  fields: Record<string, string>;
}

/** The import form: the bundle (`formData`) and its text fields; any other file is refused. */
export async function importForm(req: FastifyRequest): Promise<ImportForm> {
  const form: ImportForm = { file: null, fields: {} };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'formData' || form.file) throw badRequest('Only one file, in the formData field, is accepted.');
        form.file = { name: part.filename || 'upload', data: await part.toBuffer() };
      } else {
        if (part.valueTruncated) throw tooLarge();
        form.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw badRequest('Only one file, in the formData field, is accepted.');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest('The import is a multipart form with a formData file.');
    throw e;
  }
  return form;
}

/** Bounds of a secrets field (`passwords`, `ssh_tunnel_*`): entries, file name and secret lengths. */
export const SECRET_FIELD_LIMITS = { entries: 100, fileName: 1000, secret: 16 * 1024 } as const;

/** A form field mapping bundle database files to secrets, bounded. */
export function secretsOf(raw: string | undefined, field = 'passwords'): Record<string, string> {
  if (raw === undefined || raw.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalidFields({ [field]: ['Not a valid JSON object.'] });
  }
  if (!value || typeof value !== 'object' || Array.isArray(value) || !Object.values(value).every((v) => typeof v === 'string'))
    throw invalidFields({ [field]: ['Not a valid JSON object of file names to passwords.'] });
  const entries = Object.entries(value as Record<string, string>);
  if (entries.length > SECRET_FIELD_LIMITS.entries)
    throw invalidFields({ [field]: [`At most ${SECRET_FIELD_LIMITS.entries} entries are accepted.`] });
  if (entries.some(([k, v]) => k.length > SECRET_FIELD_LIMITS.fileName || v.length > SECRET_FIELD_LIMITS.secret))
    throw invalidFields({
      [field]: [`File names are at most ${SECRET_FIELD_LIMITS.fileName} characters, secrets at most ${SECRET_FIELD_LIMITS.secret}.`],
    });
  return Object.fromEntries(entries);
}

export const passwordsOf = (raw: string | undefined): Record<string, string> => secretsOf(raw, 'passwords');

/** The peer's SSH tunnel secrets fields: accepted (and checked) though Rama has no SSH tunnels. */
export const SSH_TUNNEL_FIELDS = ['ssh_tunnel_passwords', 'ssh_tunnel_private_keys', 'ssh_tunnel_private_key_passwords'] as const;

/** What an import route hands its importer: the unpacked bundle and the form's options. */
export interface BundleImport extends ImportOptions {
  contents: BundleDocs;
}

/**
 * `POST <path>`: a multipart form with the bundle in `formData` (plus `overwrite`, `passwords`),
 * parsed for this route only and sized for one bundle; `authorize` runs before anything is read.
 * Every import (datasets, charts, dashboards, saved queries) answers the peer's `{message: 'OK'}`
 * with what it did as `result` (`ImportResult`: created, updated, renamed).
 */
export function registerBundleImport(
  app: FastifyInstance,
  path: string,
  authorize: (req: FastifyRequest) => Principal,
  run: (user: Principal, bundle: BundleImport) => Promise<void>,
): void {
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fieldNameSize: 100,
        fieldSize: 1024 * 1024,
        fields: 10,
        fileSize: IMPORT_BODY_LIMIT,
        files: 1,
        parts: 12,
        headerPairs: 100,
      },
    });
    scope.post(path, { bodyLimit: IMPORT_BODY_LIMIT + 2 * 1024 * 1024 }, async (req) => {
      const user = authorize(req);
      if (!req.isMultipart()) throw badRequest('The import is a multipart form with a formData file.');
      const form = await importForm(req);
      if (!form.file) throw badRequest('The import is a multipart form with a formData file.');
      let contents;
      try {
        // unzipped and parsed in a worker thread, within limits: nobody waits while it is read
        contents = await readBundle(form.file.name, new Uint8Array(form.file.data));
      } catch (e) {
        if (e instanceof BundleError) throw badRequest(e.message);
        if (e instanceof BundleReadError) throw new HttpError(422, errorsBody(e.message, ErrorType.GENERIC_COMMAND_ERROR, 'warning'));
        throw e;
      }
      const passwords = passwordsOf(form.fields.passwords);
      for (const field of SSH_TUNNEL_FIELDS) secretsOf(form.fields[field], field);
      const tunnels = sshTunnelFiles(contents);
      if (tunnels.length)
        throw new HttpError(
          422,
          errorsBody(
            // one sentence each for one file and several (the server's catalogue translates them whole)
            tunnels.length === 1
              ? `SSH tunnels are not supported: ${tunnels[0]} connects through one`
              : `SSH tunnels are not supported: ${tunnels.join(', ')} connect through one`,
            ErrorType.GENERIC_COMMAND_ERROR,
            'warning',
            Object.fromEntries(tunnels.map((f) => [f, { ssh_tunnel: [SSH_TUNNEL_UNSUPPORTED] }])),
          ),
        );
      const report = new ImportReport();
      await run(user, { contents, overwrite: truthy(form.fields.overwrite), passwords, report });
      return { message: 'OK' as const, result: report.result() };
    });
  });
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
