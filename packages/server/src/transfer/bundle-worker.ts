/**
 * A bundle worker (see bundle-read.ts): answers `{ id, name, data }` (the upload) with
 * `{ id, ok: true, files }` (each YAML file read within the limits) or `{ id, ok: false, error,
 * bundle }`, one job at a time, after announcing `{ ready: true }` once its modules are loaded.
 */
import { parentPort } from 'node:worker_threads';
import { BundleError, readUpload } from './bundle-files.js';
import type { YamlLimits } from './yaml-limits.js';

interface JobMessage {
  id: number;
  name: string;
  data: Uint8Array;
  limits: YamlLimits;
}

const port = parentPort;
if (port) {
  port.on('message', (m: JobMessage) => {
    try {
      port.postMessage({ id: m.id, ok: true, files: readUpload(m.name, m.data, m.limits) });
    } catch (e) {
      const bundle = e instanceof BundleError;
      port.postMessage({ id: m.id, ok: false, bundle, error: bundle ? e.message : 'The bundle could not be read.' });
    }
  });
  port.postMessage({ ready: true });
}
