import { describe, expect, it } from 'vitest';
import type { MetadataStore } from '../metadata/db.js';
import { parseUri } from '../engines/uri.js';
import { checkUri, passwordToUse, sameDestination } from './uri-policy.js';

const sqliteStore = { identity: { backend: 'sqlite', path: '/var/rama/rama.db' } } as unknown as MetadataStore;
const pgStore = { identity: { backend: 'postgresql', host: '127.0.0.1', port: 5432, database: 'rama' } } as unknown as MetadataStore;

describe('URI policy (DESIGN.md security rules)', () => {
  it('refuses file-based engines unless enabled', () => {
    expect(() => checkUri('sqlite:////tmp/a.db', { store: pgStore, allowFileUris: false })).toThrow(/file-based databases cannot be used/);
    expect(() => checkUri('duckdb:////tmp/a.duckdb', { store: pgStore, allowFileUris: false })).toThrow(/file-based/);
    expect(checkUri('duckdb:////tmp/a.duckdb', { store: pgStore, allowFileUris: true }).database).toBe('/tmp/a.duckdb');
  });

  it('allows the trusted examples file only', () => {
    expect(checkUri('duckdb:////tmp/ex.duckdb', { store: pgStore, allowFileUris: false, trustedFile: '/tmp/ex.duckdb' }).backend).toBe(
      'duckdb',
    );
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

describe('a saved password is reused only for the same destination', () => {
  const saved = parseUri('postgresql://rama:s3cret@db.example.com:5432/sales?sslmode=require');
  const masked = (uri: string) => parseUri(uri.replace('PW', 'XXXXXXXXXX'));

  it('keeps the saved password when driver, host, port, database and TLS are unchanged', () => {
    expect(passwordToUse(masked('postgresql://rama:PW@db.example.com:5432/sales?sslmode=require'), saved)).toEqual({ password: 's3cret' });
    // host names without regard to case; another user name reaches the same server
    expect(passwordToUse(masked('postgresql://reader:PW@DB.Example.com:5432/sales?sslmode=require&application_name=x'), saved)).toEqual({
      password: 's3cret',
    });
  });

  it('needs the password again when the destination changes', () => {
    for (const uri of [
      'postgresql://rama:PW@evil.example:5432/sales?sslmode=require',
      'postgresql://rama:PW@10.0.0.5:5432/sales?sslmode=require',
      'postgresql://rama:PW@db.example.com:5433/sales?sslmode=require',
      'postgresql://rama:PW@db.example.com/sales?sslmode=require',
      'postgresql://rama:PW@db.example.com:5432/other?sslmode=require',
      'postgresql://rama:PW@db.example.com:5432/sales',
      'postgresql://rama:PW@db.example.com:5432/sales?sslmode=disable',
      'postgresql+psycopg2://rama:PW@db.example.com:5432/sales?sslmode=require',
      'mysql://rama:PW@db.example.com:5432/sales?sslmode=require',
    ]) {
      expect(sameDestination(masked(uri), saved), uri).toBe(false);
      expect(passwordToUse(masked(uri), saved), uri).toBeNull();
    }
  });

  it('never passes the mask on: with nothing saved it is refused', () => {
    expect(passwordToUse(masked('postgresql://rama:PW@db.example.com:5432/sales'), null)).toBeNull();
  });

  it('a typed password is used as typed, wherever it goes', () => {
    expect(passwordToUse(parseUri('postgresql://rama:typed@evil.example:5432/x'), saved)).toEqual({ password: 'typed' });
    expect(passwordToUse(parseUri('postgresql://rama@evil.example:5432/x'), saved)).toEqual({ password: null });
  });
});
