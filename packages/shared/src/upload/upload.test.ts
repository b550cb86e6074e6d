import { describe, expect, it } from 'vitest';
import {
  dtypeKind,
  parseUploadOptions,
  schemaAllowsFileUpload,
  schemasAllowedForFileUpload,
  tableNameError,
  uploadColumnNames,
  uploadFileNameError,
  XLS_REFUSED,
  uploadTypeOfFile,
} from './options.js';
import { cellRules, kindOfCell, parseDateText, storedValue, widenKind, CellError } from './values.js';

describe('upload options (the peer’s form fields)', () => {
  it('defaults: fail when the table exists, comma, header on the first row, blank lines skipped', () => {
    const r = parseUploadOptions('csv', { table_name: 'flights' });
    expect(r.errors).toBeNull();
    expect(r.options).toMatchObject({
      table_name: 'flights',
      schema: null,
      already_exists: 'fail',
      delimiter: ',',
      header_row: 0,
      decimal_character: '.',
      null_values: null,
      skip_rows: 0,
      rows_to_read: null,
      skip_blank_lines: true,
      dataframe_index: false,
    });
  });

  it('reads delimited lists and booleans, and an empty header_row as "no header"', () => {
    const r = parseUploadOptions('csv', {
      table_name: 't',
      columns_read: 'a, b,,c',
      column_dates: 'd',
      null_values: ',N/A',
      header_row: '',
      day_first: 'true',
      delimiter: '\t',
    });
    expect(r.options).toMatchObject({
      columns_read: ['a', 'b', 'c'],
      column_dates: ['d'],
      null_values: ['', 'N/A'],
      header_row: null,
      day_first: true,
      delimiter: '\t',
    });
  });

  it('refuses unknown fields, fields of another upload type, and bad values, per field', () => {
    const r = parseUploadOptions('columnar', { table_name: '', delimiter: ';', already_exists: 'merge', bogus: 'x' });
    expect(r.errors).toEqual({
      table_name: ['Missing data for required field.'],
      delimiter: ['Unknown field.'],
      bogus: ['Unknown field.'],
      already_exists: ['Must be one of: fail, replace, append.'],
    });
    const csv = parseUploadOptions('csv', {
      table_name: 't',
      delimiter: ';;',
      skip_rows: '-1',
      rows_to_read: '0',
      column_data_types: '{"a":"complex"}',
    });
    expect(Object.keys(csv.errors ?? {}).sort()).toEqual(['column_data_types', 'delimiter', 'rows_to_read', 'skip_rows']);
  });

  it('maps the peer’s column type names to stored kinds', () => {
    expect(
      parseUploadOptions('csv', { table_name: 't', column_data_types: '{"a":"int","b":"float64","c":"str","d":"bool"}' }).options
        ?.column_data_types,
    ).toEqual({
      a: 'integer',
      b: 'float',
      c: 'string',
      d: 'boolean',
    });
    expect(dtypeKind('datetime64[ns]')).toBe('datetime');
    expect(dtypeKind('__proto__')).toBeNull();
  });

  it('bounds list fields', () => {
    const r = parseUploadOptions('csv', { table_name: 't', columns_read: Array.from({ length: 1001 }, (_, i) => `c${i}`).join(',') });
    expect(r.errors).toEqual({ columns_read: ['At most 1000 entries.'] });
  });
});

describe('table names are an allow-list', () => {
  it.each(['flights', 'Flights 2024', '_tmp', 'sales-by-region', 'prix_été'])('accepts %s', (name) =>
    expect(tableNameError(name)).toBeNull(),
  );
  it.each(['', '1abc', 'a"b', 'a;drop', 'a.b', ' padded', 'x'.repeat(64), 'é'.repeat(32)])('refuses %j', (name) =>
    expect(tableNameError(name)).not.toBeNull(),
  );
});

describe('files and schemas', () => {
  it('checks the extension for the upload type', () => {
    expect(uploadFileNameError('csv', 'a.CSV')).toBeNull();
    expect(uploadFileNameError('csv', 'a.xlsx')).toBe('File extension is not allowed.');
    expect(uploadFileNameError('excel', 'book.xlsx')).toBeNull();
    expect(uploadFileNameError('columnar', 'data')).toBe('File extension is not allowed.');
    expect(uploadTypeOfFile('x.parquet')).toBe('columnar');
    expect(uploadTypeOfFile('x.tsv')).toBe('csv');
    expect(uploadTypeOfFile('x.doc')).toBeNull();
  });

  it('takes a zip of Parquet files as a columnar upload, and says how to read an .xls workbook', () => {
    expect(uploadFileNameError('columnar', 'parts.ZIP')).toBeNull();
    expect(uploadTypeOfFile('parts.zip')).toBe('columnar');
    expect(uploadFileNameError('excel', 'old.xls')).toBe(XLS_REFUSED);
    expect(XLS_REFUSED).toMatch(/save the workbook as \.xlsx/);
  });

  it('allows a schema only when uploads are on and the list is empty or names it', () => {
    expect(schemaAllowsFileUpload({ allow_file_upload: false, schemasAllowed: [] }, 'public')).toBe(false);
    expect(schemaAllowsFileUpload({ allow_file_upload: true, schemasAllowed: [] }, null)).toBe(true);
    expect(schemaAllowsFileUpload({ allow_file_upload: true, schemasAllowed: ['staging'] }, 'public')).toBe(false);
    expect(schemaAllowsFileUpload({ allow_file_upload: true, schemasAllowed: ['staging'] }, null)).toBe(false);
    expect(schemaAllowsFileUpload({ allow_file_upload: true, schemasAllowed: ['staging'] }, 'staging')).toBe(true);
    expect(schemasAllowedForFileUpload('{"schemas_allowed_for_file_upload": ["a", 3, ""]}')).toEqual(['a']);
    expect(schemasAllowedForFileUpload('not json')).toEqual([]);
  });

  it('names columns as the peer’s reader does: blanks, repeats, no header', () => {
    expect(uploadColumnNames(['a', '', 'a', 'a', null], 6)).toEqual(['a', 'Unnamed: 1', 'a.1', 'a.2', 'Unnamed: 4', 'Unnamed: 5']);
    expect(uploadColumnNames(null, 3)).toEqual(['0', '1', '2']);
  });
});

describe('cell values', () => {
  const rules = cellRules({ null_values: null, decimal_character: '.', day_first: false });
  const comma = cellRules({ null_values: ['-'], decimal_character: ',', day_first: true });

  it('reads a column’s kind from its values, widening integers to floats and mixes to text', () => {
    expect(kindOfCell('42', rules)).toBe('integer');
    expect(kindOfCell('-1.5e3', rules)).toBe('float');
    expect(kindOfCell('True', rules)).toBe('boolean');
    expect(kindOfCell('2024-01-01', rules)).toBe('string');
    expect(kindOfCell('1,5', comma)).toBe('float');
    expect(kindOfCell('1.5', comma)).toBe('string');
    expect(widenKind(null, 'integer')).toBe('integer');
    expect(widenKind('integer', 'float')).toBe('float');
    expect(widenKind('float', 'boolean')).toBe('string');
  });

  it('stores values of their column’s kind, and says which value does not fit', () => {
    expect(storedValue('NA', 'integer', rules)).toBeNull();
    expect(storedValue('-', 'integer', comma)).toBeNull();
    expect(storedValue('NA', 'string', comma)).toBe('NA');
    expect(storedValue('9007199254740993', 'integer', rules)).toBe(9007199254740993n);
    expect(storedValue('1,25', 'float', comma)).toBe(1.25);
    expect(storedValue('false', 'boolean', rules)).toBe(false);
    expect(() => storedValue('abc', 'integer', rules)).toThrow(CellError);
    expect(() => storedValue('abc', 'integer', rules)).toThrow('"abc" is not a whole number');
  });

  it('parses dates month first, or day first when asked, with times and offsets', () => {
    expect(parseDateText('2024-02-29 13:45:10.5', false)?.toISOString()).toBe('2024-02-29T13:45:10.500Z');
    expect(parseDateText('03/04/2024', false)?.toISOString()).toBe('2024-03-04T00:00:00.000Z');
    expect(parseDateText('03/04/2024', true)?.toISOString()).toBe('2024-04-03T00:00:00.000Z');
    expect(parseDateText('2024-01-01T10:00:00+02:00', false)?.toISOString()).toBe('2024-01-01T08:00:00.000Z');
    expect(parseDateText('2023-02-29', false)).toBeNull();
    expect(parseDateText('2024-02-29T23:59:59', false)?.toISOString()).toBe('2024-02-29T23:59:59.000Z');
    expect(parseDateText('2024-04-31 00:00:00', false)).toBeNull();
    expect(parseDateText('2024-01-01 24:00:00', false)).toBeNull();
    expect(parseDateText('0099-01-01', false)?.getUTCFullYear()).toBe(99);
    expect(parseDateText('soon', false)).toBeNull();
  });
});
