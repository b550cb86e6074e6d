import {
  parseDatabaseExtra,
  STANDARD_EDITOR_DIALECT,
  type AvailableEngine,
  type DatabaseExtra,
  type EngineInformation,
  type SqlLabDatabase,
} from '@rama/shared';
import type { DatabaseTable, Row } from '../metadata/schema.js';
import { engineSpecForUri, listEngineSpecs } from '../engines/registry.js';
import type { EngineSpec } from '../engines/types.js';
import { parseUri } from '../engines/uri.js';

/** The engine backend named by a stored URI (`postgresql`, `mysql`, `duckdb`, `sqlite`). */
export function backendOf(uri: string): string {
  try {
    return parseUri(uri).backend;
  } catch {
    return 'unknown';
  }
}

/** The engine spec of a stored URI, or null when it no longer parses. */
function specOfUri(uri: string): EngineSpec | null {
  try {
    return engineSpecForUri(parseUri(uri));
  } catch {
    return null;
  }
}

/** `engine_information`: what the database's engine supports, from its spec (the standard SQL editor when unknown). */
export function engineInformation(uri: string): EngineInformation {
  const spec = specOfUri(uri);
  return { ...engineFlags(spec), editor_dialect: spec?.editor ?? STANDARD_EDITOR_DIALECT };
}

function engineFlags(spec: EngineSpec | null): Omit<EngineInformation, 'editor_dialect'> {
  return {
    supports_catalog: spec?.supportsCatalogs ?? false,
    disable_ssh_tunneling: true,
    supports_file_upload: Boolean(spec?.bulkLoader),
  };
}

/**
 * `GET /api/v1/database/available/`: the engines a database can be added on, from their specs, in
 * the registry's order; file engines only where file URIs are allowed (`RAMA_ALLOW_FILE_URIS`).
 */
export function availableEngines(allowFileUris: boolean): AvailableEngine[] {
  return listEngineSpecs()
    .filter((spec) => allowFileUris || !spec.isFileBased)
    .map((spec) => {
      const [engine, driver = ''] = spec.schemes[0].split('+');
      const drivers = new Set(spec.schemes.map((s) => s.split('+')[1]).filter((d): d is string => Boolean(d)));
      return {
        engine,
        name: spec.engineName,
        sqlalchemy_uri_placeholder: spec.sqlalchemyUriPlaceholder,
        default_driver: driver,
        available_drivers: [...drivers],
        preferred: !spec.isFileBased,
        engine_information: engineFlags(spec),
      };
    });
}

/** A database's `extra`, or {} when it cannot be read (it was validated on write). */
export function extraOf(row: Pick<Row<DatabaseTable>, 'extra'>): DatabaseExtra {
  try {
    return parseDatabaseExtra(row.extra);
  } catch {
    return {};
  }
}

/** The capability flags every client view of a database shares. */
export function presentDatabaseFlags(row: Row<DatabaseTable>): SqlLabDatabase {
  const extra = extraOf(row);
  return {
    id: row.id,
    database_name: row.database_name,
    backend: backendOf(row.sqlalchemy_uri),
    expose_in_sqllab: Boolean(row.expose_in_sqllab),
    allow_run_async: Boolean(row.allow_run_async),
    allow_dml: Boolean(row.allow_dml),
    allow_ctas: Boolean(row.allow_ctas),
    allow_cvas: Boolean(row.allow_cvas),
    allow_file_upload: Boolean(row.allow_file_upload),
    allows_subquery: true,
    disable_data_preview: Boolean(extra.disable_data_preview),
    force_ctas_schema: row.force_ctas_schema,
    allows_cost_estimate: Boolean(extra.cost_estimate_enabled),
    engine_information: engineInformation(row.sqlalchemy_uri),
  };
}
