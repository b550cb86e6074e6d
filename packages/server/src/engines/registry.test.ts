import { describe, it, expect } from 'vitest';
import { engineSpecForUri, getEngineSpec, listEngineSpecs, specForScheme } from './registry.js';
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
    const engines = specs.map((s) => s.engine);
    expect(engines).toEqual(expect.arrayContaining(['postgresql', 'mysql', 'mariadb', 'duckdb', 'sqlite']));
    expect(new Set(engines).size).toBe(engines.length);
    expect(specs.filter((s) => s.isFileBased).map((s) => s.engine)).toEqual(['duckdb', 'sqlite']);
    for (const s of specs) expect(s.schemes.length).toBeGreaterThan(0);
  });

  it('finds the spec for a URI dialect, any driver after + accepted, and the backend it reports', () => {
    expect(specForScheme('postgres')?.engine).toBe('postgresql');
    expect(specForScheme('postgresql+asyncpg')?.engine).toBe('postgresql');
    expect(specForScheme('MariaDB+pymysql')?.engine).toBe('mariadb');
    expect(specForScheme('oracle')).toBeUndefined();
    expect(parseUri('mariadb://u@h/db').backend).toBe('mysql');
    expect(parseUri('postgres://u@h/db').backend).toBe('postgresql');
    expect(() => parseUri('oracle://u@h/db')).toThrow('Could not load database driver: oracle');
  });

  it('says what a URI connects to, defaults filled in', () => {
    const target = (raw: string) => engineSpecForUri(parseUri(raw)).connectionTarget(parseUri(raw));
    expect(target('postgresql://alice@db.example')).toEqual({ kind: 'server', host: 'db.example', port: 5432, database: 'alice' });
    expect(target('postgresql://db.example:6543/x')).toEqual({ kind: 'server', host: 'db.example', port: 6543, database: 'x' });
    expect(target('postgresql://db.example')).toEqual({ kind: 'server', host: 'db.example', port: 5432, database: 'postgres' });
    expect(target('mysql://u@h/shop')).toEqual({ kind: 'server', host: 'h', port: 3306, database: 'shop' });
    expect(target('duckdb:////data/x.duckdb')).toEqual({ kind: 'file', path: '/data/x.duckdb' });
    expect(target('sqlite:///:memory:')).toBeNull();
  });

  it('answers the capabilities the code outside asks about', () => {
    expect(
      listEngineSpecs()
        .filter((s) => s.supportsIlike)
        .map((s) => s.engine),
    ).toEqual(['postgresql', 'duckdb']);
    expect(getEngineSpec('mysql').syntax.lexer).toMatchObject({ backslashEscapes: true, hashComments: true, atVariables: true });
    expect(getEngineSpec('sqlite').syntax.lexer).toMatchObject({ bracketIdentifiers: true, backslashDependsOnSettings: false });
    expect(getEngineSpec('postgresql').syntax.lexer.dollarQuotedStrings).toBe(true);
    // the editor: MariaDB is edited as MySQL, DuckDB highlighted as PostgreSQL
    expect(getEngineSpec('mariadb').editor).toBe(getEngineSpec('mysql').editor);
    expect(getEngineSpec('duckdb').editor.highlight).toBe('PostgreSQL');
    expect(getEngineSpec('duckdb').editor.functions).toContain('read_parquet');
  });
});
