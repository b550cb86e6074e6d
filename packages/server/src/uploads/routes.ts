/**
 * `POST /api/v1/database/{id}/csv_upload/`, `excel_upload/`, `columnar_upload/` (and the newer
 * `upload/` with a `type` field) load a file into a table; `POST /api/v1/database/upload_metadata/`
 * describes a file first. Multipart forms, parsed for these routes only, with the file streamed
 * to a temporary file within RAMA_UPLOAD_MAX_BYTES.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_TYPES, type UploadOptions, type UploadType } from '@rama/shared';
import type { AppContext } from '../context.js';
import { requirePermission } from '../http/auth.js';
import { clientGone } from '../execution/abort.js';
import { invalidFields } from '../http/errors.js';
import { closeCsvCheck } from './csv-check-run.js';
import { ArrivingFile, receiveForm, multipartLimits } from './form.js';
import { UploadService } from './service.js';

const PERMISSION: Record<UploadType, string> = { csv: 'can_csv_upload', excel: 'can_excel_upload', columnar: 'can_columnar_upload' };

function databaseId(req: FastifyRequest): number {
  const raw = (req.params as { id?: string }).id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw invalidFields({ id: ['Not a valid integer.'] });
  return id;
}

function typeOf(raw: string | undefined): UploadType {
  if (raw === undefined || !(UPLOAD_TYPES as readonly string[]).includes(raw))
    throw invalidFields({ type: ['Must be one of: csv, excel, columnar.'] });
  return raw as UploadType;
}

/** The value, or null where it throws (options the fields before the file do not make). */
function attempt<T>(make: () => T): T | null {
  try {
    return make();
  } catch {
    return null;
  }
}

export function uploadRoutes(app: FastifyInstance, ctx: AppContext): UploadService {
  const uploads = new UploadService(ctx);
  const maxBytes = ctx.config.uploadMaxBytes;
  app.addHook('onClose', () => closeCsvCheck());

  void app.register(async (scope) => {
    await scope.register(multipart, { limits: multipartLimits(maxBytes) });
    const bodyLimit = maxBytes + 1024 * 1024;

    const handleUpload = (fixed: UploadType | null) => async (req: FastifyRequest, reply: FastifyReply) => {
      const id = databaseId(req);
      const user = requirePermission(req, fixed ? PERMISSION[fixed] : 'can_upload', 'Database', 'database');
      // who and where are checked before the file is read
      const db = await uploads.targetDatabase(user, id);
      const done = uploads.begin(user);
      const signal = clientGone(reply);
      // the load may begin while the file is still arriving (fields sent before the file)
      const form = await receiveForm(req, { early: true }).catch((e: unknown) => {
        done();
        throw e;
      });
      const optionsOf = (all: Record<string, string>): { type: UploadType; opts: UploadOptions } => {
        const { type: typeField, ...fields } = all;
        const type = fixed ?? typeOf(typeField);
        if (fixed && typeField !== undefined) throw invalidFields({ type: ['Unknown field.'] });
        return { type, opts: uploads.checkedOptions(type, fields) };
      };
      try {
        const file = form.file;
        if (file?.arriving) {
          const early = attempt(() => optionsOf(form.fields));
          if (early) {
            try {
              const result = await uploads.upload(user, db, early.type, file, early.opts, signal);
              return reply.code(201).send({ message: 'OK', result });
            } catch (e) {
              // the receive's own failure is the answer (a load reading the file fails with it);
              // a field after the file (its readers fail with LateFieldsError) means loading again
              // with every field
              const { late } = await form.received;
              if (!late) throw e;
            }
          }
        }
        const { fields } = await form.received;
        if (!file) throw invalidFields({ file: ['Missing data for required field.'] });
        const { type, opts } = optionsOf(fields);
        const whole = ArrivingFile.complete(file.path, file.name, file.bytes);
        const result = await uploads.upload(user, db, type, whole, opts, signal);
        return reply.code(201).send({ message: 'OK', result });
      } finally {
        done();
        await form.cleanup();
      }
    };

    for (const type of UPLOAD_TYPES) scope.post(`/api/v1/database/:id/${type}_upload/`, { bodyLimit }, handleUpload(type));
    scope.post('/api/v1/database/:id/upload/', { bodyLimit }, handleUpload(null));

    scope.post('/api/v1/database/upload_metadata/', { bodyLimit }, async (req) => {
      const user = requirePermission(req, 'can_upload', 'Database', 'database');
      const done = uploads.begin(user);
      try {
        const form = await receiveForm(req);
        try {
          if (!form.file) throw invalidFields({ file: ['Missing data for required field.'] });
          const type = typeOf(form.fields.type);
          return { result: await uploads.metadata(type, form.file, form.fields) };
        } finally {
          await form.cleanup();
        }
      } finally {
        done();
      }
    });
  });
  return uploads;
}
