/**
 * The engine specs Rama knows, by engine key. An engine is one folder, `engines/<engine>/`, plus its
 * import and its entry in SPECS below: nothing else in Rama names an engine (engines/layout.test.ts
 * checks). Code elsewhere asks a spec for a capability.
 */
import type { ConnectionUri, EngineSpec } from './types.js';
import { UriError } from './errors.js';
// the engines, one line each
import { clickhouseSpec } from './clickhouse/spec.js';
import { duckdbSpec } from './duckdb/spec.js';
import { mariadbSpec, mysqlSpec } from './mysql/spec.js';
import { postgresSpec } from './postgres/spec.js';
import { sqliteSpec } from './sqlite/spec.js';

const SPECS: readonly EngineSpec[] = [postgresSpec, mysqlSpec, mariadbSpec, duckdbSpec, sqliteSpec, clickhouseSpec];
const BY_ENGINE = new Map(SPECS.map((s) => [s.engine, s]));

/** The spec for a backend name; throws UriError (client-safe) for one Rama has no driver for. */
export function getEngineSpec(backend: string): EngineSpec {
  const spec = BY_ENGINE.get(backend.toLowerCase());
  if (!spec) throw new UriError(`Could not load database driver: ${backend}`);
  return spec;
}

/** The dialect part of a scheme (`postgresql+psycopg2` → `postgresql`), lower case. */
const dialectOf = (scheme: string): string => scheme.split('+')[0].toLowerCase();

const BY_DIALECT = new Map<string, EngineSpec>();
for (const spec of SPECS)
  for (const scheme of spec.schemes) if (!BY_DIALECT.has(dialectOf(scheme))) BY_DIALECT.set(dialectOf(scheme), spec);

/** The spec whose schemes accept this URI dialect (`postgres`, `mariadb`, …; any `+driver` ignored), if any. */
export function specForScheme(scheme: string): EngineSpec | undefined {
  return BY_DIALECT.get(dialectOf(scheme));
}

/** The spec for a parsed URI: the one its scheme names (a flavour such as MariaDB gets its own spec). */
export function engineSpecForUri(uri: ConnectionUri): EngineSpec {
  return specForScheme(uri.scheme) ?? getEngineSpec(uri.backend);
}

export function listEngineSpecs(): EngineSpec[] {
  return [...SPECS];
}
