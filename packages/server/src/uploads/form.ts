/**
 * The upload's multipart form: the file part streams to a temporary file (never held in memory),
 * its size checked as it streams; text fields are kept, bounded in number and size.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_LIMITS } from '@rama/shared';
import { badRequest, invalidFields } from '../http/errors.js';

export interface ReceivedForm {
  file: { path: string; name: string; bytes: number } | null;
  fields: Record<string, string>;
  /** remove the temporary file (always call it) */
  cleanup(): Promise<void>;
}

/** limits for @fastify/multipart: one file, a few dozen short fields */
export function multipartLimits(maxBytes: number) {
  return {
    fieldNameSize: 100,
    fieldSize: UPLOAD_LIMITS.maxFieldChars,
    fields: 40,
    fileSize: maxBytes,
    files: 1,
    parts: 41,
    headerPairs: 100,
  };
}

export const FILE_TOO_LARGE = 'File size exceeds the maximum allowed size.';

export async function receiveForm(req: FastifyRequest): Promise<ReceivedForm> {
  if (!req.isMultipart()) throw badRequest('The upload is a multipart form with the file in a "file" field.');
  const dir = await mkdtemp(join(tmpdir(), 'rama-upload-'));
  const form: ReceivedForm = { file: null, fields: {}, cleanup: () => rm(dir, { recursive: true, force: true }) };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || form.file) throw badRequest('Only one file, in the "file" field, is accepted.');
        const path = join(dir, 'upload');
        let bytes = 0;
        part.file.on('data', (chunk: Buffer) => (bytes += chunk.length));
        await pipeline(part.file, createWriteStream(path, { mode: 0o600 }));
        if (part.file.truncated) throw invalidFields({ file: [FILE_TOO_LARGE] });
        form.file = { path, name: part.filename || 'upload', bytes };
      } else {
        if (part.valueTruncated || part.fieldnameTruncated)
          throw invalidFields({ [part.fieldname]: [`At most ${UPLOAD_LIMITS.maxFieldChars} characters.`] });
        form.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (e) {
    await form.cleanup();
    const code = (e as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalidFields({ file: [FILE_TOO_LARGE] });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('The form has too many fields.');
    if (code === 'FST_FILES_LIMIT') throw badRequest('Only one file, in the "file" field, is accepted.');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest('The upload is a multipart form with the file in a "file" field.');
    throw e;
  }
  return form;
}
