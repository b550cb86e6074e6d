/**
 * What a statement can change besides tables: functions with side effects and statements that
 * change the session or the transaction. On a database without `allow_dml` these are refused with
 * the DML message, because a read-only session is only read-only until someone calls
 * `set_config('default_transaction_read_only', 'off', false)` or runs `SET SESSION TRANSACTION READ WRITE`.
 * Every list here is used only to refuse, never to allow.
 */
import { tokenize, type Token } from '../engines/lexer.js';
import type { SqlSyntax } from '../engines/types.js';

/**
 * Functions that write, change the session or the server, take locks, or read server files.
 * Compared by their last name part, in lower case (`pg_catalog.SET_CONFIG` is `set_config`).
 */
const SIDE_EFFECT_FUNCTIONS = new Set([
  // PostgreSQL: configuration (turns a read-only session read-write)
  'set_config',
  // PostgreSQL: the server-side large-object functions (chapter "Large Objects", server-side functions)
  'lo_creat',
  'lo_create',
  'lo_import',
  'lo_export',
  'lo_unlink',
  'lo_put',
  'lo_get',
  'lo_from_bytea',
  'lo_open',
  'lo_close',
  'loread',
  'lowrite',
  'lo_lseek',
  'lo_lseek64',
  'lo_tell',
  'lo_tell64',
  'lo_truncate',
  'lo_truncate64',
  'lo_manage',
  // PostgreSQL: server signalling and administration
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_reload_conf',
  'pg_rotate_logfile',
  'pg_rotate_logfile_old',
  'pg_switch_wal',
  'pg_switch_xlog',
  'pg_create_restore_point',
  'pg_promote',
  'pg_backup_start',
  'pg_backup_stop',
  'pg_start_backup',
  'pg_stop_backup',
  'pg_wal_replay_pause',
  'pg_wal_replay_resume',
  'pg_log_backend_memory_contexts',
  'pg_create_physical_replication_slot',
  'pg_create_logical_replication_slot',
  'pg_drop_replication_slot',
  'pg_copy_physical_replication_slot',
  'pg_copy_logical_replication_slot',
  'pg_replication_slot_advance',
  'pg_logical_slot_get_changes',
  'pg_logical_slot_get_binary_changes',
  'pg_logical_emit_message',
  'pg_import_system_collations',
  // PostgreSQL: notifications, sequences, transaction ids (they assign one)
  'pg_notify',
  'nextval',
  'setval',
  'txid_current',
  'pg_current_xact_id',
  // PostgreSQL: server file access (core and adminpack)
  'pg_read_file',
  'pg_read_binary_file',
  'pg_stat_file',
  'pg_logdir_ls',
  // PostgreSQL: run SQL given as text, which would hide any of the above inside a string
  'query_to_xml',
  'query_to_xmlschema',
  'query_to_xml_and_xmlschema',
  'ts_stat',
  'ts_rewrite',
  // MySQL / MariaDB: server files, named locks, sequences, common command-running UDFs
  'load_file',
  'get_lock',
  'release_lock',
  'release_all_locks',
  'lastval',
  'sys_exec',
  'sys_eval',
]);

/** Families of functions, by name prefix. */
const SIDE_EFFECT_PREFIXES = [
  'pg_advisory_',
  'pg_try_advisory_',
  'dblink',
  'pg_ls_',
  'pg_file_',
  'pg_stat_reset',
  'pg_replication_origin_',
];

/** Does calling a function with this name (any case, any schema) have side effects? */
export function isSideEffectFunction(name: string): boolean {
  const n = name.toLowerCase();
  return SIDE_EFFECT_FUNCTIONS.has(n) || SIDE_EFFECT_PREFIXES.some((p) => n.startsWith(p));
}

/**
 * First words of statements that change data, schema, the session or the transaction. A statement
 * the parser cannot read but that starts with one of these is refused as a change, not as unreadable.
 */
const CHANGING_LEADING_WORDS = new Set([
  // session and transaction, every dialect: SET [SESSION|LOCAL|GLOBAL] …, SET TRANSACTION, SET @@…,
  // SET SESSION CHARACTERISTICS, RESET, BEGIN, START TRANSACTION, COMMIT, ROLLBACK, DISCARD, LISTEN
  'SET',
  'RESET',
  'BEGIN',
  'START',
  'COMMIT',
  'ROLLBACK',
  'END',
  'ABORT',
  'SAVEPOINT',
  'RELEASE',
  'DISCARD',
  'LISTEN',
  'UNLISTEN',
  'NOTIFY',
  'XA',
  'LOCK',
  'UNLOCK',
  'USE',
  // data and schema
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'UPSERT',
  'REPLACE',
  'CREATE',
  'DROP',
  'ALTER',
  'TRUNCATE',
  'RENAME',
  'COMMENT',
  'GRANT',
  'REVOKE',
  'REASSIGN',
  'SECURITY',
  'COPY',
  'LOAD',
  'IMPORT',
  'ATTACH',
  'DETACH',
  'INSTALL',
  'UNINSTALL',
  'REFRESH',
  // running code and maintenance
  'DO',
  'CALL',
  'EXEC',
  'EXECUTE',
  'PREPARE',
  'DEALLOCATE',
  'HANDLER',
  'VACUUM',
  'ANALYZE',
  'ANALYSE',
  'CLUSTER',
  'REINDEX',
  'CHECKPOINT',
  'OPTIMIZE',
  'REPAIR',
  'FLUSH',
  'KILL',
  'PURGE',
  'SHUTDOWN',
]);

const unquote = (t: Token): string => (t.kind === 'ident' ? t.text.slice(1, -1) : t.text);

/**
 * Lexer-level recognition of a change in text the parser could not read: a leading keyword from
 * the list above, a call of a side-effect function (a name followed by `(`; string literals and
 * comments are separate tokens, so `'set_config('` in a literal is not a call), or MariaDB's
 * `NEXT VALUE FOR seq`. Only ever used to refuse.
 */
export function recognizesChange(statement: string, syntax: SqlSyntax): boolean {
  return tokensShowChange(tokenize(statement, syntax.lexer));
}

export function tokensShowChange(tokens: Token[]): boolean {
  const first = tokens[0];
  if (first && first.kind === 'word' && CHANGING_LEADING_WORDS.has(first.text.toUpperCase())) return true;
  return tokensCallSideEffects(tokens);
}

/** A side-effect function call anywhere in the tokens (refusal only). */
export function tokensCallSideEffects(tokens: Token[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== 'word' && t.kind !== 'ident') continue;
    const next = tokens[i + 1];
    if (next && next.kind === 'punct' && next.text === '(' && isSideEffectFunction(unquote(t))) return true;
    if (
      t.kind === 'word' &&
      (t.text.toUpperCase() === 'NEXT' || t.text.toUpperCase() === 'PREVIOUS') &&
      next?.kind === 'word' &&
      next.text.toUpperCase() === 'VALUE' &&
      tokens[i + 2]?.kind === 'word' &&
      tokens[i + 2].text.toUpperCase() === 'FOR'
    ) {
      return true;
    }
  }
  return false;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The called name of a function node: a string, or `{ name: [{ value }], schema }` in node-sql-parser 5. */
function calledName(name: unknown): string | null {
  if (typeof name === 'string') return name;
  if (isRecord(name)) {
    const parts = name.name;
    if (Array.isArray(parts) && parts.length) {
      const last: unknown = parts[parts.length - 1];
      if (isRecord(last) && typeof last.value === 'string') return last.value;
      if (typeof last === 'string') return last;
    }
    if (typeof parts === 'string') return parts;
    if (typeof name.value === 'string') return name.value;
  }
  return null;
}

/** Does the AST call a side-effect function anywhere (columns, FROM, WHERE, CTEs, subqueries …)? */
export function astCallsSideEffects(node: unknown, depth = 0): boolean {
  if (depth > 200) return true; // absurdly deep: refuse rather than recurse forever
  if (Array.isArray(node)) return node.some((n) => astCallsSideEffects(n, depth + 1));
  if (!isRecord(node)) return false;
  if (node.type === 'function' || node.type === 'aggr_func' || node.type === 'window_func') {
    const name = calledName(node.name);
    if (name !== null && isSideEffectFunction(name)) return true;
  }
  return Object.values(node).some((v) => typeof v === 'object' && v !== null && astCallsSideEffects(v, depth + 1));
}
