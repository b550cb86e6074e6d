/**
 * What every engine's bulk loader (`<engine>/bulk-load.ts`) shares: the error for a table that
 * exists already, the driver object a connection wraps, and the names of the tables a load
 * writes. The loader contract itself, `BulkLoader`, is part of the engine contract (types.ts).
 */
import type { BulkTable, EngineConnection, EngineSpec } from './types.js';

/** The table exists and `already_exists` is `fail`. */
export class TableExistsError extends Error {
  constructor(readonly table: string) {
    super(`Table "${table}" already exists.`);
    this.name = 'TableExistsError';
  }
}

/** The driver object an engine connection wraps, read by property name (each engine keeps its own). */
export function driverHandle<T>(conn: EngineConnection, property: string): T {
  const handle = (conn as unknown as Record<string, unknown>)[property];
  if (!handle) throw new Error(`This connection has no ${property} for bulk loading.`);
  return handle as T;
}

/** `schema.table` (or `table`) quoted by the engine. */
export function qualifiedName(spec: EngineSpec, table: Pick<BulkTable, 'schema' | 'name'>): string {
  return table.schema ? `${spec.quoteIdentifier(table.schema)}.${spec.quoteIdentifier(table.name)}` : spec.quoteIdentifier(table.name);
}

/** A fresh staging table's name: loads go there first where DDL is not transactional. */
export function stagingName(): string {
  return `rama_upload_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}
