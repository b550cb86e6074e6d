/**
 * The upload's multipart form: the file part streams to a temporary file (never held in memory),
 * its size checked as it streams; text fields are kept, bounded in number and size.
 *
 * An upload may start loading while its file is still arriving (`receiveForm(req, { early: true })`
 * answers when the file part begins): readers follow the file on disk as it grows, and a read of the
 * whole file ends only when the whole form has been received. A field sent after the file changes
 * the options the load started with, so such a form fails those reads with `LateFieldsError` and the
 * caller loads again from the complete form.
 */
import { open, mkdtemp, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile, Multipart } from '@fastify/multipart';
import { UPLOAD_LIMITS } from '@rama/shared';
import type { UploadSource } from '../engines/types.js';
import { badRequest, invalidFields } from '../http/errors.js';
import { COLLECT_EVERY_BYTES, collectYoungGarbage } from './young-garbage.js';

/** A field came after the file, when the load had begun with the fields before it. */
export class LateFieldsError extends Error {
  constructor() {
    super('A field came after the file.');
    this.name = 'LateFieldsError';
  }
}

/** Bytes a follower reads at once. */
const READ_BYTES = 1 << 20;

/**
 * The uploaded file on disk at `path`, growing until the form is received: `whole()` waits for all
 * of it, `stream()` reads it as it arrives.
 */
export class ArrivingFile implements UploadSource {
  /** bytes on disk so far (written, so a read up to here sees them) */
  private written = 0;
  private state: 'arriving' | 'received' | 'failed' = 'arriving';
  private error: unknown = null;
  private waiters: (() => void)[] = [];
  private readonly settled: Promise<void>;
  private settle!: (error: unknown) => void;

  constructor(
    readonly path: string,
    readonly name: string,
  ) {
    this.settled = new Promise<void>((resolve, reject) => {
      this.settle = (error) => (error === null ? resolve() : reject(error));
    });
    // a failure nobody awaited is still reported by `whole()` and `stream()`
    this.settled.catch(() => undefined);
  }

  /** A file wholly on disk already. */
  static complete(path: string, name: string, bytes: number): ArrivingFile {
    const file = new ArrivingFile(path, name);
    file.grew(bytes);
    file.received();
    return file;
  }

  get bytes(): number {
    return this.written;
  }

  get arriving(): boolean {
    return this.state === 'arriving';
  }

  grew(n: number): void {
    this.written += n;
    this.wake();
  }

  received(): void {
    if (this.state !== 'arriving') return;
    this.state = 'received';
    this.settle(null);
    this.wake();
  }

  failed(error: unknown): void {
    if (this.state !== 'arriving') return;
    this.state = 'failed';
    this.error = error;
    this.settle(error);
    this.wake();
  }

  whole(): Promise<void> {
    return this.settled;
  }

  stream(start = 0): Readable {
    return Readable.from(this.chunks(start), { objectMode: false });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  private async *chunks(start: number): AsyncGenerator<Buffer> {
    const fh = await open(this.path, 'r');
    try {
      let pos = start;
      for (;;) {
        if (pos < this.written) {
          const len = Math.min(READ_BYTES, this.written - pos);
          const buf = Buffer.allocUnsafe(len);
          const { bytesRead } = await fh.read(buf, 0, len, pos);
          if (bytesRead === 0) throw new Error('The uploaded file is shorter than what was received.');
          pos += bytesRead;
          yield bytesRead === len ? buf : buf.subarray(0, bytesRead);
          continue;
        }
        if (this.state === 'received') return;
        if (this.state === 'failed') throw this.error;
        await new Promise<void>((resolve) => this.waiters.push(resolve));
      }
    } finally {
      await fh.close();
    }
  }
}

export interface ReceivedForm {
  file: ArrivingFile | null;
  /** the text fields (with `early`, those sent before the file) */
  fields: Record<string, string>;
  /**
   * The whole form is in: every field, and whether one came after the file when `early` (its
   * file then fails readers with `LateFieldsError`); fails as the receive fails.
   */
  received: Promise<{ fields: Record<string, string>; late: boolean }>;
  /** remove the temporary file (always call it; it waits for the receive to end first) */
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

/** The receive's failures in the words the client sees. */
function receiveError(e: unknown): unknown {
  const code = (e as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return invalidFields({ file: [FILE_TOO_LARGE] });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('The form has too many fields.');
  if (code === 'FST_FILES_LIMIT') return badRequest('Only one file, in the "file" field, is accepted.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest('The upload is a multipart form with the file in a "file" field.');
  return e;
}

/** Bytes gathered before a write: the parser hands over pieces of a few KB, one write each would cost. */
const WRITE_BYTES = 1 << 20;

/**
 * The file part written to disk as it comes, a megabyte at a time, the file told of each write; the
 * written pieces' buffers are collected every few megabytes (`young-garbage.ts`). One write is in
 * flight while the next megabyte is read: waiting for each write before reading on held the socket
 * still for every write (a 49 MB receive 150-165 → 105-115 ms here).
 */
async function writeFilePart(part: MultipartFile, file: ArrivingFile, fh: FileHandle): Promise<void> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let uncollected = 0;
  const write = async (bufs: Buffer[], n: number): Promise<void> => {
    let done = 0;
    while (done < n) {
      const { bytesWritten } = await fh.writev(done === 0 ? bufs : [Buffer.concat(bufs).subarray(done)]);
      done += bytesWritten;
    }
    file.grew(n);
    uncollected += n;
    if (uncollected >= COLLECT_EVERY_BYTES) {
      uncollected = 0;
      collectYoungGarbage();
    }
  };
  let writing: Promise<void> = Promise.resolve();
  const flush = async (): Promise<void> => {
    const bufs = held;
    const n = heldBytes;
    held = [];
    heldBytes = 0;
    // in order: the file grows only by what is on disk
    await writing;
    writing = write(bufs, n);
    // its failure is reported where it is awaited (the next flush, or the end)
    writing.catch(() => undefined);
  };
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes >= WRITE_BYTES) await flush();
    }
    if (heldBytes) await flush();
    await writing;
  } finally {
    await writing.catch(() => undefined);
    await fh.close();
  }
  if (part.file.truncated) throw invalidFields({ file: [FILE_TOO_LARGE] });
}

/**
 * Read the form. Without `early`, answers once the whole form is in. With `early`, answers as soon
 * as the file part begins (the fields before it known), and the rest of the form is read meanwhile.
 */
export async function receiveForm(req: FastifyRequest, { early = false }: { early?: boolean } = {}): Promise<ReceivedForm> {
  if (!req.isMultipart()) throw badRequest('The upload is a multipart form with the file in a "file" field.');
  const dir = await mkdtemp(join(tmpdir(), 'rama-upload-'));
  let file: ArrivingFile | null = null;
  const fields: Record<string, string> = {};
  let late = false;
  let begun = (): void => undefined;
  const fileBegun = new Promise<void>((resolve) => (begun = resolve));
  const read = async (): Promise<void> => {
    for await (const part of req.parts() as AsyncIterable<Multipart>) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) throw badRequest('Only one file, in the "file" field, is accepted.');
        const path = join(dir, 'upload');
        // on disk before anyone is told of it
        const fh = await open(path, 'wx', 0o600);
        const arriving = new ArrivingFile(path, part.filename || 'upload');
        file = arriving;
        begun();
        await writeFilePart(part, arriving, fh);
      } else {
        if (part.valueTruncated || part.fieldnameTruncated)
          throw invalidFields({ [part.fieldname]: [`At most ${UPLOAD_LIMITS.maxFieldChars} characters.`] });
        if (file) late = true;
        fields[part.fieldname] = String(part.value);
      }
    }
  };
  const received = read().then(
    () => {
      const f = file as ArrivingFile | null;
      if (early && late) f?.failed(new LateFieldsError());
      else f?.received();
      return { fields: { ...fields }, late: early && late };
    },
    (e: unknown) => {
      const error = receiveError(e);
      (file as ArrivingFile | null)?.failed(error);
      throw error;
    },
  );
  received.catch(() => undefined);
  const removeDir = () => rm(dir, { recursive: true, force: true });
  if (early) await Promise.race([fileBegun, received.catch(() => undefined)]);
  if (!early || !file) {
    // the whole form first (or it ended without a file)
    try {
      await received;
    } catch (e) {
      await removeDir();
      throw e;
    }
  }
  return {
    file,
    fields: { ...fields },
    received,
    cleanup: async () => {
      await received.catch(() => undefined);
      await removeDir();
    },
  };
}
