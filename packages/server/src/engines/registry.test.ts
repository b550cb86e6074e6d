import { describe, it, expect } from 'vitest';
import { engineSpecForUri, getEngineSpec, listEngineSpecs } from './registry.js';
import { parseUri, UriError } from './uri.js';

describe('engine registry', () => {
  it('finds a spec for every backend a URI can name', () => {
    expect(getEngineSpec('postgresql').engineName).toBe('PostgreSQL');
    expect(getEngineSpec('mysql').engineName).toBe('MySQL');
    expect(getEngineSpec('duckdb').engineName).toBe('DuckDB');
    expect(getEngineSpec('sqlite').engineName).toBe('SQLite');
  });

  it('refuses an unknown backend with a client-safe UriError', () => {
    expect(() => getEngineSpec('oracle')).toThrow(UriError);
    expect(() => getEngineSpec('oracle')).toThrow('Could not load database driver: oracle');
  });

  it('picks the spec from a parsed URI, with the MariaDB flavour for mariadb://', () => {
    expect(engineSpecForUri(parseUri('postgresql+psycopg2://u:p@h/db')).engine).toBe('postgresql');
    expect(engineSpecForUri(parseUri('mysql://u@h/db')).engineName).toBe('MySQL');
    expect(engineSpecForUri(parseUri('mariadb://u@h/db')).engineName).toBe('MariaDB');
    expect(engineSpecForUri(parseUri('duckdb:///:memory:')).isFileBased).toBe(true);
  });

  it('lists every spec once, file engines marked', () => {
    const specs = listEngineSpecs();
    expect(specs.map((s) => s.engine)).toEqual(['postgresql', 'mysql', 'mariadb', 'duckdb', 'sqlite']);
    expect(specs.filter((s) => s.isFileBased).map((s) => s.engine)).toEqual(['duckdb', 'sqlite']);
    for (const s of specs) expect(s.schemes.length).toBeGreaterThan(0);
  });
});
