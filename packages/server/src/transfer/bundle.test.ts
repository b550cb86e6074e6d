import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  BundleError,
  MAX_BUNDLE_BYTES,
  bundleContents,
  checkMetadata,
  isConfigFile,
  overwriteUri,
  sshTunnelFiles,
  readDatabaseConfig,
  readBundleFiles,
  readDatasetConfig,
  withoutRoot,
} from './bundle.js';
import { readUpload } from './bundle-files.js';
import { LIMIT_MESSAGES, YAML_LIMITS } from './yaml-limits.js';

const UUID = '6f1d0c7e-2b1a-4c4e-9d3a-0a1b2c3d4e5f';
const DB_UUID = 'a2dc77af-e654-49bb-b321-40f6b559a1ee';

describe('import bundle files', () => {
  it('reads the YAML files of a zip without its root folder, skipping hidden and other files', () => {
    const zip = zipSync({
      'export_1/metadata.yaml': strToU8('version: 1.0.0\n'),
      'export_1/datasets/examples/stocks_1.yaml': strToU8('table_name: stocks\n'),
      'export_1/datasets/examples/.hidden.yaml': strToU8('x: 1\n'),
      'export_1/README.txt': strToU8('hello'),
    });
    expect(bundleContents('bundle.zip', zip)).toEqual({
      'metadata.yaml': 'version: 1.0.0\n',
      'datasets/examples/stocks_1.yaml': 'table_name: stocks\n',
    });
    expect(isConfigFile('a/_private.yml')).toBe(false);
    expect(withoutRoot('root/databases/x.yaml')).toBe('databases/x.yaml');
  });

  it('keeps a lone YAML file under its own name, and refuses a broken or oversized zip', () => {
    expect(bundleContents('one.yaml', strToU8('a: 1'))).toEqual({ 'one.yaml': 'a: 1' });
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    expect(() => bundleContents('x.zip', broken)).toThrow(BundleError);
    // a zip whose entries claim more than the limit unpacked is refused before inflating
    const big = zipSync({ 'r/a.yaml': new Uint8Array(600), 'r/b.yaml': new Uint8Array(600) });
    expect(() => bundleContents('big.zip', big, { bytes: 1000, files: 10 })).toThrow(/too large/);
    expect(() => bundleContents('many.zip', big, { bytes: MAX_BUNDLE_BYTES, files: 1 })).toThrow(/too large/);
  });

  it('reads an upload file by file: one over the size limit is not unpacked, and carries the limit instead of its data', () => {
    const limits = { ...YAML_LIMITS, fileChars: 1000 };
    const zip = zipSync({
      'e/metadata.yaml': strToU8('version: 1.0.0\n'),
      'e/charts/big.yaml': strToU8(`a: "${'x'.repeat(2000)}"\n`),
      'e/charts/bad.yaml': strToU8('a: [\n'),
    });
    expect(readUpload('b.zip', zip, limits)).toEqual({
      'metadata.yaml': { doc: { version: '1.0.0' } },
      'charts/big.yaml': { error: LIMIT_MESSAGES.fileChars(limits) },
      'charts/bad.yaml': { error: 'Not a valid YAML file' },
    });
    expect(() => readUpload('x.zip', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1]))).toThrow(BundleError);
  });

  it('accepts a v1 metadata.yaml of the right type only', () => {
    const meta = (text: string) => readBundleFiles({ 'metadata.yaml': text });
    expect(checkMetadata(meta('version: 1.0.0\ntype: SqlaTable\n'), 'SqlaTable')).toEqual({ ok: true });
    expect(checkMetadata({}, 'SqlaTable')).toEqual({ ok: false, versionMismatch: true });
    expect(checkMetadata(meta('version: 0.9.0\n'), 'SqlaTable')).toEqual({ ok: false, versionMismatch: true });
    expect(checkMetadata(meta('version: 1.0.0\ntype: [\n'), 'SqlaTable')).toEqual({
      ok: false,
      versionMismatch: false,
      error: { 'metadata.yaml': 'Not a valid YAML file' },
    });
    expect(checkMetadata(meta('version: 1.0.0\ntype: Slice\n'), 'SqlaTable')).toEqual({
      ok: false,
      versionMismatch: false,
      error: { 'metadata.yaml': { type: ['Must be equal to SqlaTable.'] } },
    });
  });
});

describe('dataset and database YAML', () => {
  const dataset = {
    table_name: 'stocks',
    uuid: UUID.toUpperCase(),
    database_uuid: DB_UUID,
    version: '1.0.0',
    columns: [{ column_name: 'symbol', type: 'VARCHAR', is_dttm: false }],
    metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
  };

  it('reads a valid dataset, uuids in lower case', () => {
    const r = readDatasetConfig(dataset);
    expect('config' in r && r.config).toMatchObject({ table_name: 'stocks', uuid: UUID, columns: [{ column_name: 'symbol' }] });
  });

  it('names each field that is missing or of the wrong kind, as the BI server does', () => {
    const r = readDatasetConfig({ ...dataset, uuid: 'nope', table_name: undefined, columns: [{ is_dttm: 'yes' }], metrics: 'x' });
    expect(r).toEqual({
      errors: {
        table_name: ['Missing data for required field.'],
        uuid: ['Not a valid UUID.'],
        'columns.0.column_name': ['Missing data for required field.'],
        'columns.0.is_dttm': ['Not a valid boolean.'],
        metrics: ['Not a valid list.'],
      },
    });
    expect(readDatasetConfig('just text')).toEqual({ errors: { _schema: ['Invalid input type.'] } });
  });

  it('reads a database with its URI and uuid', () => {
    const r = readDatabaseConfig({
      database_name: 'pg',
      sqlalchemy_uri: 'postgresql://u:XXXXXXXXXX@h/db',
      uuid: DB_UUID,
      version: '1.0.0',
    });
    expect('config' in r && r.config.database_name).toBe('pg');
    expect(readDatabaseConfig({ database_name: 'pg', uuid: DB_UUID, version: '1.0.0' })).toEqual({
      errors: { sqlalchemy_uri: ['Missing data for required field.'] },
    });
  });
});

describe('overwriteUri: overwrite never blanks a stored password with the mask', () => {
  const stored = { password_encrypted: 'enc', is_examples: 0 };
  const none = { password_encrypted: null, is_examples: 0 };
  const pgUri = 'postgresql://u@db.example:5432/sales';
  it('puts a given password (passwords field, else the YAML) into the bundle URI', () => {
    expect(overwriteUri({ sqlalchemy_uri: 'postgresql://u:XXXXXXXXXX@db.example:5432/sales' }, 's3cret', stored)).toBe(
      'postgresql://u:s3cret@db.example:5432/sales',
    );
    expect(overwriteUri({ sqlalchemy_uri: pgUri, password: 'yaml' }, undefined, stored)).toBe('postgresql://u:yaml@db.example:5432/sales');
  });
  it('keeps the stored connection for a masked password or a masked file path', () => {
    expect(overwriteUri({ sqlalchemy_uri: 'postgresql://u:XXXXXXXXXX@other:5432/x' }, undefined, stored)).toBeNull();
    expect(overwriteUri({ sqlalchemy_uri: 'duckdb:///XXXXXXXXXX' }, 'pw', none)).toBeNull();
  });
  it('uses a URI without a password only where none is stored, and a real one as it is', () => {
    expect(overwriteUri({ sqlalchemy_uri: pgUri }, undefined, stored)).toBeNull();
    expect(overwriteUri({ sqlalchemy_uri: pgUri }, undefined, none)).toBe(pgUri);
    expect(overwriteUri({ sqlalchemy_uri: 'postgresql://u:real@h:5432/x' }, undefined, stored)).toBe('postgresql://u:real@h:5432/x');
  });
  it('never changes the examples database connection', () => {
    expect(overwriteUri({ sqlalchemy_uri: pgUri }, 'pw', { password_encrypted: null, is_examples: 1 })).toBeNull();
  });
});

describe('sshTunnelFiles: a database behind an SSH tunnel is never imported without it', () => {
  it('names the database files with an ssh_tunnel section', () => {
    const doc = (d: Record<string, unknown>) => ({ doc: d });
    const files = sshTunnelFiles({
      'databases/a.yaml': doc({ database_name: 'a', ssh_tunnel: { server_address: 'bastion' } }),
      'databases/b.yaml': doc({ database_name: 'b', ssh_tunnel: null }),
      'databases/c.yaml': doc({ database_name: 'c' }),
      'datasets/x.yaml': doc({ ssh_tunnel: {} }),
    });
    expect(files).toEqual(['databases/a.yaml']);
  });
});
