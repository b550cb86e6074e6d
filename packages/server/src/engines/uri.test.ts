import { describe, expect, it } from 'vitest';
import { formatUri, maskUri, parseUri, UriError } from './uri.js';

describe('connection URIs', () => {
  it('parses a server URI with credentials, port, database and query', () => {
    const u = parseUri('postgresql+psycopg2://al%40ice:p%3Ass@db.example.com:6543/sales?sslmode=require');
    expect(u).toMatchObject({
      backend: 'postgresql',
      username: 'al@ice',
      password: 'p:ss',
      host: 'db.example.com',
      port: 6543,
      database: 'sales',
      query: { sslmode: 'require' },
    });
  });

  it('parses file URIs: three slashes then the path', () => {
    expect(parseUri('duckdb:////abs/examples.duckdb').database).toBe('/abs/examples.duckdb');
    expect(parseUri('sqlite:///relative.db').database).toBe('relative.db');
    expect(parseUri('duckdb:///:memory:').database).toBe(':memory:');
  });

  it('masks the password and round-trips', () => {
    expect(maskUri('mysql://root:secret@127.0.0.1:3306/test')).toBe('mysql://root:XXXXXXXXXX@127.0.0.1:3306/test');
    expect(maskUri('mysql://root@127.0.0.1/test')).toBe('mysql://root@127.0.0.1/test');
    const u = parseUri('postgresql://a:b%2Fc@h:1/d');
    expect(parseUri(formatUri(u)).password).toBe('b/c');
  });

  it('rejects unknown drivers and malformed URIs with a clear message', () => {
    expect(() => parseUri('oracle://x@y/z')).toThrow('Could not load database driver: oracle');
    expect(() => parseUri('not a uri')).toThrow(UriError);
    expect(() => parseUri('postgresql://u@h:99999/d')).toThrow(/port must be between/);
  });
});
