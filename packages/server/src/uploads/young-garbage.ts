/**
 * A young-generation collection on demand, for the upload's receive.
 *
 * Each piece of a request body arrives in a fresh buffer (up to 64 KB, outside the JS heap) that is
 * garbage once written to disk. V8 frees such buffers only when it collects, and it collects for
 * them only after about 64 MB of outside memory has been allocated since its last collection; the
 * receive itself allocates little on the heap. So a 49 MB file left 30–50 MB of dead buffers
 * resident while the database read it, on top of the database's own memory (the upload bench's
 * peak). Collecting the young generation every few megabytes received (a few milliseconds each)
 * frees them while they are young, and the freed memory serves the next pieces.
 *
 * V8 offers the collection only as `gc`, which Node exposes with `--expose-gc`: the flag is set just
 * long enough to take `gc` from a new context, then cleared, so no other context sees it.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'minor' }) => void;

let collect: Collect | null | undefined;

function collector(): Collect | null {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return exposed as Collect;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? (gc as Collect) : null;
  } catch {
    return null;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

/** Collect V8's young generation now (nothing where the runtime does not allow it). */
export function collectYoungGarbage(): void {
  if (collect === undefined) collect = collector();
  collect?.({ type: 'minor' });
}

/** Bytes received between two collections. */
export const COLLECT_EVERY_BYTES = 8 * 1024 * 1024;
