/** What a parsed URI connects to (`EngineSpec.connectionTarget`), for the engines to share. */
import type { ConnectionTarget, ConnectionUri } from './types.js';

/** A file engine's database file; null for `:memory:` (nothing lasting to reach). */
export function fileTarget(uri: ConnectionUri): ConnectionTarget | null {
  const path = uri.database;
  return !path || path === ':memory:' ? null : { kind: 'file', path };
}

/** A server's database, with the engine's defaults for what the URI leaves out. */
export function serverTarget(uri: ConnectionUri, defaults: { port: number; database: string | null }): ConnectionTarget {
  return { kind: 'server', host: uri.host ?? 'localhost', port: uri.port ?? defaults.port, database: uri.database ?? defaults.database };
}
