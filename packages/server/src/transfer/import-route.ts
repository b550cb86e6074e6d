/**
 * The import route every entity shares (datasets, charts, dashboards, saved queries): the
 * multipart form, its secrets fields, reading the bundle off the main thread, and the peer's reply.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { ErrorType } from '@rama/shared';
import type { Principal } from '../security/principal.js';
import { HttpError, badRequest, errorsBody, invalidFields } from '../http/errors.js';
import { truthy } from '../http/request.js';
import { BundleError, SSH_TUNNEL_UNSUPPORTED, sshTunnelFiles, type BundleDocs } from './bundle.js';
import { BundleReadError, readBundle } from './bundle-read.js';
import { ImportReport, type ImportOptions } from './import-report.js';

/** An import bundle: the largest upload accepted (the unpacked size is capped separately). */
export const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;
const tooLarge = () => new HttpError(413, { message: 'Request payload is too large.' });

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
