import { describe, expect, it } from 'vitest';
import type { MetadataStore } from '../metadata/db.js';
import { checkUri } from './uri-policy.js';

const sqliteStore = { identity: { backend: 'sqlite', path: '/var/rama/rama.db' } } as unknown as MetadataStore;
const pgStore = { identity: { backend: 'postgresql', host: '127.0.0.1', port: 5432, database: 'rama' } } as unknown as MetadataStore;

describe('URI policy (DESIGN.md security rules)', () => {
  it('refuses file-based engines unless enabled', () => {
    expect(() => checkUri('sqlite:////tmp/a.db', { store: pgStore, allowFileUris: false })).toThrow(/file-based databases cannot be used/);
    expect(() => checkUri('duckdb:////tmp/a.duckdb', { store: pgStore, allowFileUris: false })).toThrow(/file-based/);
    expect(checkUri('duckdb:////tmp/a.duckdb', { store: pgStore, allowFileUris: true }).database).toBe('/tmp/a.duckdb');
  });

  it('allows the trusted examples file only', () => {
    expect(checkUri('duckdb:////tmp/ex.duckdb', { store: pgStore, allowFileUris: false, trustedFile: '/tmp/ex.duckdb' }).backend).toBe('duckdb');
  });

  it('always refuses the metadata store itself', () => {
    expect(() => checkUri('sqlite:////var/rama/rama.db', { store: sqliteStore, allowFileUris: true })).toThrow(/metadata store/);
    expect(() => checkUri('postgresql://u:p@localhost:5432/rama', { store: pgStore, allowFileUris: true })).toThrow(/metadata store/);
    expect(checkUri('postgresql://u:p@localhost:5432/other', { store: pgStore, allowFileUris: false }).database).toBe('other');
  });

  it('needs a host for server databases', () => {
    expect(() => checkUri('postgresql:///db', { store: pgStore, allowFileUris: false })).toThrow(/host is required/);
  });
});
