import Type from 'typebox';
import type { UserRef } from './common.js';

/** Body of POST /api/v1/database/ and PUT /api/v1/database/{id} (PUT: every field optional). */
export const DatabaseWrite = Type.Object({
  database_name: Type.String({ minLength: 1, maxLength: 250 }),
  sqlalchemy_uri: Type.String({ minLength: 1, maxLength: 1024 }),
  expose_in_sqllab: Type.Optional(Type.Boolean()),
  allow_run_async: Type.Optional(Type.Boolean()),
  allow_dml: Type.Optional(Type.Boolean()),
  allow_ctas: Type.Optional(Type.Boolean()),
  allow_cvas: Type.Optional(Type.Boolean()),
  allow_file_upload: Type.Optional(Type.Boolean()),
  cache_timeout: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  force_ctas_schema: Type.Optional(Type.Union([Type.String({ maxLength: 250 }), Type.Null()])),
  /** JSON text: {disable_data_preview, cost_estimate_enabled, schemas_allowed_for_file_upload, ...} */
  extra: Type.Optional(Type.String({ maxLength: 65536 })),
  impersonate_user: Type.Optional(Type.Boolean()),
});
export type DatabaseWrite = Type.Static<typeof DatabaseWrite>;

/** Body of POST /api/v1/database/test_connection/. */
export const DatabaseTestConnection = Type.Object({
  sqlalchemy_uri: Type.String({ minLength: 1, maxLength: 1024 }),
  database_name: Type.Optional(Type.String({ maxLength: 250 })),
  extra: Type.Optional(Type.String({ maxLength: 65536 })),
  impersonate_user: Type.Optional(Type.Boolean()),
});
export type DatabaseTestConnection = Type.Static<typeof DatabaseTestConnection>;

/** Parsed `extra` of a database. */
export interface DatabaseExtra {
  disable_data_preview?: boolean;
  cost_estimate_enabled?: boolean;
  schemas_allowed_for_file_upload?: string[];
  allows_virtual_table_explore?: boolean;
  cancel_query_on_windows_unload?: boolean;
  engine_params?: Record<string, unknown>;
  metadata_cache_timeout?: Record<string, number>;
}

/**
 * How SQL Lab's editor reads a database's SQL: Rama's addition to `engine_information`, filled in by
 * the server from the engine's spec, so the web app never switches on an engine's name.
 */
export interface EditorDialectInfo {
  /** the CodeMirror SQL flavour that highlights it: `PostgreSQL`, `MySQL`, `MariaSQL`, `SQLite`, `StandardSQL` */
  highlight: string;
  /** `\` escapes the next character inside '…' strings */
  backslash_escapes: boolean;
  /** `#` starts a line comment */
  hash_comments: boolean;
  /** keywords the engine adds to standard SQL (upper case), for completion and highlighting */
  keywords: string[];
  /** built-in functions the completion offers beyond the standard ones (lower case) */
  functions: string[];
}

/** `engine_information` of a database: what its engine supports. */
export interface EngineInformation {
  supports_catalog: boolean;
  disable_ssh_tunneling: boolean;
  supports_file_upload: boolean;
  /** Rama: how the SQL editor highlights, tokenizes and completes this database's SQL */
  editor_dialect: EditorDialectInfo;
}

/** One engine of `GET /api/v1/database/available/` (the peer's shape, without its parameter forms). */
export interface AvailableEngine {
  /** the URI scheme naming the engine (`postgresql`, `clickhousedb`…) */
  engine: string;
  /** its human name */
  name: string;
  /** an example connection URI */
  sqlalchemy_uri_placeholder: string;
  /** the driver a bare scheme selects ('' where the scheme names none) */
  default_driver: string;
  /** every `scheme+driver` spelling taken, as drivers */
  available_drivers: string[];
  preferred: boolean;
  engine_information: Omit<EngineInformation, 'editor_dialect'>;
}

/** `GET /api/v1/database/available/` */
export interface AvailableEnginesReply {
  databases: AvailableEngine[];
}

/** One row of GET /api/v1/database/. */
export interface DatabaseListItem {
  id: number;
  database_name: string;
  backend: string;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_file_upload: boolean;
  allows_subquery: boolean;
  disable_data_preview: boolean;
  force_ctas_schema: string | null;
  extra: string;
  changed_on: string;
  changed_on_delta_humanized: string;
  created_by: UserRef | null;
  engine_information: EngineInformation;
}

/** GET /api/v1/database/{id} → result. The password in sqlalchemy_uri is always masked. */
export interface DatabaseDetail extends DatabaseListItem {
  sqlalchemy_uri: string;
  cache_timeout: number | null;
  impersonate_user: boolean;
  is_managed_externally: boolean;
  /** true for the bundled read-only examples database */
  is_examples: boolean;
}

export interface TableListItem {
  value: string;
  type: 'table' | 'view' | 'materialized_view';
  extra: null;
}

export interface TableColumnMeta {
  name: string;
  type: string;
  longType: string;
  keys: { type: 'pk' | 'fk' | 'index'; column_names?: string[]; name?: string | null }[];
  comment: string | null;
  nullable?: boolean;
  default?: string | null;
  type_generic?: number;
  is_dttm?: boolean;
}

/** GET /api/v1/database/{id}/table_metadata/ */
export interface TableMetadataReply {
  name: string;
  columns: TableColumnMeta[];
  selectStar: string;
  primaryKey: { constrained_columns: string[]; name: string | null; type?: 'pk' };
  foreignKeys: {
    name: string | null;
    constrained_columns: string[];
    referred_schema: string | null;
    referred_table: string;
    referred_columns: string[];
    type?: 'fk';
  }[];
  indexes: { name: string; column_names: string[]; unique: boolean; type?: 'index' }[];
  comment: string | null;
}

/** Database flags stored on write, with their defaults. */
export const DATABASE_DEFAULTS = {
  expose_in_sqllab: true,
  allow_run_async: false,
  allow_dml: false,
  allow_ctas: false,
  allow_cvas: false,
  allow_file_upload: false,
  cache_timeout: null,
  force_ctas_schema: null,
  extra: '{}',
  impersonate_user: false,
} as const;

/** Parse a database's `extra` JSON text; the message names the problem when it is not an object. */
export function parseDatabaseExtra(text: string | null | undefined): DatabaseExtra {
  if (!text || !text.trim()) return {};
  const value: unknown = JSON.parse(text);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error('Field cannot be decoded by JSON: extra must be a JSON object');
  }
  return value as DatabaseExtra;
}
