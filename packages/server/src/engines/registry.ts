/** The engine specs Rama knows, by backend name (`postgresql`, `mysql`, `duckdb`, `sqlite`). */
import type { ConnectionUri, EngineSpec } from './types.js';
import { duckdbSpec } from './duckdb.js';
import { mariadbSpec, mysqlSpec } from './mysql.js';
import { postgresSpec } from './postgres.js';
import { sqliteSpec } from './sqlite.js';
import { UriError } from './uri.js';

const SPECS: readonly EngineSpec[] = [postgresSpec, mysqlSpec, mariadbSpec, duckdbSpec, sqliteSpec];
const BY_ENGINE = new Map(SPECS.map((s) => [s.engine, s]));

/** The spec for a backend name; throws UriError (client-safe) for one Rama has no driver for. */
export function getEngineSpec(backend: string): EngineSpec {
  const spec = BY_ENGINE.get(backend.toLowerCase());
  if (!spec) throw new UriError(`Could not load database driver: ${backend}`);
  return spec;
}

/** The spec for a parsed URI: MariaDB URIs get the MariaDB flavour of the MySQL spec. */
export function engineSpecForUri(uri: ConnectionUri): EngineSpec {
  const dialect = uri.scheme.split('+')[0].toLowerCase();
  if (dialect === 'mariadb') return mariadbSpec;
  return getEngineSpec(uri.backend);
}

export function listEngineSpecs(): EngineSpec[] {
  return [...SPECS];
}
