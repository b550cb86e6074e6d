/**
 * A CSV check worker (see csv-check-run.ts): answers `{ id, path, options }` with `{ id, ok: true,
 * result }` (the check of the file at `path`, read from disk a megabyte at a time into one buffer and
 * left as soon as the check has failed) or `{ id, ok: false, error }`, one job at a time, after announcing
 * `{ ready: true }`.
 */
import { open } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { CsvByteCheck, type CsvCheckOptions } from './csv-check.js';

interface JobMessage {
  id: number;
  path: string;
  options: CsvCheckOptions;
}

/** one buffer read into again and again: a stream would make a new megabyte for every read */
const PIECE = Buffer.allocUnsafe(1024 * 1024);

async function check(path: string, options: CsvCheckOptions) {
  const check = new CsvByteCheck(options);
  const file = await open(path, 'r');
  try {
    for (;;) {
      const { bytesRead } = await file.read(PIECE, 0, PIECE.length, null);
      if (bytesRead === 0) break;
      check.push(PIECE.subarray(0, bytesRead));
      if (check.failed) break;
    }
  } finally {
    await file.close();
  }
  return check.end();
}

const port = parentPort;
if (port) {
  port.on('message', (m: JobMessage) => {
    check(m.path, m.options).then(
      (result) => port.postMessage({ id: m.id, ok: true, result }),
      (e: unknown) => port.postMessage({ id: m.id, ok: false, error: e instanceof Error ? e.message : String(e) }),
    );
  });
  port.postMessage({ ready: true });
}
