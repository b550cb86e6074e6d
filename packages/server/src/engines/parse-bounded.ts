/**
 * node-sql-parser under a time limit, synchronously. Its grammars backtrack: some nestings take
 * time that multiplies with each level (MySQL's `CAST(CAST(… AS INT) AS INT)`: ~2.3× per level,
 * seconds at ten levels, hours at twenty), so a short expression could hold the event loop for
 * as long as its author likes. The parse runs on a worker thread while this thread waits on a
 * shared flag for at most `PARSE_LIMIT_MS`; a parse over the limit is abandoned (the worker is
 * terminated and replaced on the next call) and reported as such. The wait costs what an inline
 * parse would for ordinary expressions (a few milliseconds).
 */
import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

/** How long one parse may take. Ordinary expressions take a few ms; 10,000 characters ~150 ms. */
export const PARSE_LIMIT_MS = 750;
/** How long a new worker may take to load the parser. */
const BOOT_LIMIT_MS = 10_000;

const PARSER_MODULE = createRequire(import.meta.url).resolve('node-sql-parser');

/** The worker: plain CommonJS (it runs outside any TypeScript loader), loads the parser once. */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { Parser } = require(workerData.parser);
const parser = new Parser();
const { port, flag } = workerData;
const done = () => { Atomics.store(flag, 0, 1); Atomics.notify(flag, 0); };
port.on('message', ({ sql, database }) => {
  let reply;
  try {
    reply = { ast: parser.astify(sql, { database }) };
  } catch (e) {
    const start = e && e.location && e.location.start;
    reply = { error: { offset: start && typeof start.offset === 'number' ? start.offset : null } };
  }
  try {
    port.postMessage(reply);
  } catch {
    port.postMessage({ error: { offset: null } });
  }
  done();
});
done();
`;

export type BoundedParse =
  | { ast: unknown }
  /** a syntax error, with the offset where the parser stopped when it says */
  | { error: { offset: number | null } }
  /** over the time limit, or the parser could not run */
  | { abandoned: true };

interface ParseWorker {
  worker: Worker;
  port: MessagePort;
  flag: Int32Array;
  /** the worker has loaded the parser (its first signal) */
  booted: boolean;
}

let current: ParseWorker | null = null;
/** After a worker failed to start, calls give up at once for a while instead of waiting again. */
let bootFailedAt = -Infinity;
const BOOT_RETRY_MS = 60_000;

/** A new worker; it loads the parser while this thread goes on. */
function start(): ParseWorker {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { parser: PARSER_MODULE, port: port2, flag },
    transferList: [port2],
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
  });
  // an idle parser never keeps the process alive
  worker.unref();
  port1.unref();
  const entry: ParseWorker = { worker, port: port1, flag, booted: false };
  worker.on('exit', () => {
    if (current === entry) current = null;
  });
  worker.on('error', () => undefined);
  return entry;
}

function abandon(w: ParseWorker, replace: boolean): void {
  void w.worker.terminate();
  current = replace ? start() : null;
}

/** Parse `sql` in `database`'s grammar, waiting at most PARSE_LIMIT_MS. */
export function astifyBounded(sql: string, database: string): BoundedParse {
  if (!current && Date.now() - bootFailedAt < BOOT_RETRY_MS) return { abandoned: true };
  const w = current ?? (current = start());
  if (!w.booted) {
    if (Atomics.wait(w.flag, 0, 0, BOOT_LIMIT_MS) === 'timed-out') {
      bootFailedAt = Date.now();
      abandon(w, false);
      return { abandoned: true };
    }
    w.booted = true;
  }
  Atomics.store(w.flag, 0, 0);
  w.port.postMessage({ sql, database });
  if (Atomics.wait(w.flag, 0, 0, PARSE_LIMIT_MS) === 'timed-out') {
    // the replacement loads while the caller goes on
    abandon(w, true);
    return { abandoned: true };
  }
  const reply = receiveMessageOnPort(w.port);
  return reply ? (reply.message as BoundedParse) : { abandoned: true };
}
