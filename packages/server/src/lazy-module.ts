/**
 * A CommonJS library the server rarely uses, required on its first use rather than imported at
 * start (an idle server need not hold its modules), synchronously (its callers are). Node keeps
 * the module after the first call.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The library `name` (typed by the caller with `import type`), loaded on the first call. */
export function lazyModule<T>(name: string): () => T {
  return () => require(name) as T;
}
