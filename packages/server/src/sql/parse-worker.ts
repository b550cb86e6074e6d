/**
 * A parse worker (see offload.ts): answers `{ id, task, sql, dialect }` with `{ id, ok, result }`,
 * one job at a time, after announcing `{ ready: true }` once its modules are loaded.
 */
import { parentPort } from 'node:worker_threads';
import { runTask, type TaskDialects, type TaskName } from './offload-tasks.js';

interface JobMessage {
  id: number;
  task: TaskName;
  sql: string;
  dialect: TaskDialects[TaskName];
}

const port = parentPort;
if (port) {
  port.on('message', (m: JobMessage) => {
    try {
      port.postMessage({ id: m.id, ok: true, result: runTask(m.task, m.sql, m.dialect) });
    } catch (e) {
      port.postMessage({ id: m.id, ok: false, error: e instanceof Error ? e.message : 'the SQL could not be analysed' });
    }
  });
  port.postMessage({ ready: true });
}
