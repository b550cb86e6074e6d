/**
 * The program each SQLite connection runs in: a child Node process holding one better-sqlite3
 * handle, answering `{ id, sql, params, maxRows, objects }` messages over IPC.
 *
 * Why a process and not a worker thread: better-sqlite3 is synchronous, and a statement busy
 * inside SQLite's C code cannot be stopped by `Worker.terminate()` (V8 only stops at the next JS
 * instruction; the thread keeps running until SQLite returns, and blocks process exit meanwhile).
 * Killing a process stops the statement at once, which is what Stop has to mean.
 *
 * Plain JavaScript in a string so it runs under `node -e` both from sources and from dist.
 * With external access off, statements whose compiled program attaches a file, vacuums (VACUUM
 * INTO writes a new file, even from a read-only connection) or loads an extension are refused;
 * the check reads SQLite's own EXPLAIN opcodes, not the SQL text.
 *
 * argv: [modulePath, databasePath, readOnly ('1' | '0'), noExternalAccess ('1' | '0')]
 */
export const SQLITE_CHILD_SOURCE = String.raw`
'use strict';
const Database = require(process.argv[1]);
const path = process.argv[2];
const readOnly = process.argv[3] === '1';
const noExternal = process.argv[4] === '1';
const EXTERNAL_FUNCTIONS = /^(sqlite_attach|load_extension|readfile|writefile|edit|fts3_tokenizer)\(/;
// an EXPLAIN cannot be explained again; it runs nothing, so its own result shape clears it
const EXPLAIN_SHAPES = ['addr,opcode,p1,p2,p3,p4,p5,comment', 'id,parent,notused,detail'];
function touchesFiles(db, stmt, sql, params) {
  let program;
  try {
    program = db.prepare('EXPLAIN ' + sql).all(...params);
  } catch (e) {
    return !(stmt.reader && EXPLAIN_SHAPES.includes(stmt.columns().map((c) => c.name).join(',')));
  }
  for (const op of program) {
    if (op.opcode === 'Vacuum') return true;
    if ((op.opcode === 'Function' || op.opcode === 'PureFunc') && EXTERNAL_FUNCTIONS.test(String(op.p4))) return true;
  }
  return false;
}
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MAX_BINARY = 1024;
function cell(v) {
  switch (typeof v) {
    case 'bigint': return v >= -MAX_SAFE && v <= MAX_SAFE ? Number(v) : v;
    case 'number': return Number.isFinite(v) ? v : null;
    case 'object':
      if (v === null) return null;
      if (v instanceof Uint8Array) {
        const b = Buffer.from(v.buffer, v.byteOffset, Math.min(v.byteLength, MAX_BINARY));
        return '0x' + b.toString('hex') + (v.byteLength > MAX_BINARY ? '\u2026' : '');
      }
      return String(v);
    default: return v;
  }
}
function failure(id, e) {
  return { id, ok: false, error: { message: e && e.message ? String(e.message) : String(e), code: e && e.code ? String(e.code) : null } };
}
function open() {
  const memory = path === ':memory:' || path === '';
  return new Database(memory ? ':memory:' : path, { readonly: readOnly && !memory, fileMustExist: !memory });
}
function serve(db) {
  process.on('message', (msg) => handle(db, msg));
  process.send({ id: 0, ok: true, ready: true });
}
process.on('disconnect', () => process.exit(0));
let opened = null;
try {
  opened = open();
} catch (e) {
  process.send(failure(0, e), () => process.exit(0));
}
if (opened) serve(opened);
function handle(db, msg) {
  const { id, sql, params, maxRows, objects } = msg;
  try {
    const stmt = db.prepare(sql);
    if (noExternal && touchesFiles(db, stmt, sql, params)) {
      process.send({ id, ok: false, error: { message: 'ATTACH, VACUUM and loading extensions are disabled for this database.', code: 'RAMA_EXTERNAL_ACCESS' } });
      return;
    }
    if (!stmt.reader) {
      const info = stmt.run(...params);
      process.send({ id, ok: true, columns: [], rows: [], rowCount: info.changes });
      return;
    }
    stmt.safeIntegers(true);
    if (!objects) stmt.raw(true);
    const columns = stmt.columns().map((c) => ({ name: c.name, type: c.type }));
    const limit = maxRows === null || maxRows === undefined ? Infinity : maxRows;
    const rows = [];
    if (limit > 0) {
      for (const row of stmt.iterate(...params)) {
        if (objects) {
          const out = {};
          for (const k of Object.keys(row)) out[k] = cell(row[k]);
          rows.push(out);
        } else {
          for (let i = 0; i < row.length; i++) row[i] = cell(row[i]);
          rows.push(row);
        }
        if (rows.length >= limit) break;
      }
    }
    process.send({ id, ok: true, columns, rows, rowCount: null });
  } catch (e) {
    process.send(failure(id, e));
  }
}
`;
