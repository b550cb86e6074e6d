/**
 * Uploading a file into a database (`POST /api/v1/database/{id}/csv_upload/`, `excel_upload/`,
 * `columnar_upload/`, and `upload_metadata/` to look at a file first): the form's options with the
 * peer's field names, their limits and the rules that check them, shared by the server and the
 * upload page.
 */

export const UPLOAD_TYPES = ['csv', 'excel', 'columnar'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** What to do when the table exists already (`already_exists`). */
export const ALREADY_EXISTS_OPTIONS = ['fail', 'replace', 'append'] as const;
export type AlreadyExists = (typeof ALREADY_EXISTS_OPTIONS)[number];

/** File extensions each upload accepts (without the dot, lower case). */
export const UPLOAD_EXTENSIONS: Record<UploadType, readonly string[]> = {
  csv: ['csv', 'tsv', 'txt'],
  excel: ['xlsx'],
  // a zip of Parquet files with the same columns loads as one table, as in the peer
  columnar: ['parquet', 'zip'],
};

/** How a column is stored: the generic types a loader maps to each engine's own. */
export const UPLOAD_COLUMN_KINDS = ['integer', 'float', 'boolean', 'datetime', 'string'] as const;
export type UploadColumnKind = (typeof UPLOAD_COLUMN_KINDS)[number];

/** Bounds on what one upload may hold (the file size itself is a server setting, RAMA_UPLOAD_MAX_BYTES). */
export const UPLOAD_LIMITS = {
  /** columns of a file (and of the table made from it) */
  maxColumns: 1000,
  /** characters of one CSV record (a record over it is refused with its line number) */
  maxRecordChars: 1024 * 1024,
  /** sheets of a workbook that `upload_metadata` lists */
  maxSheets: 100,
  /** bytes a workbook may unpack to, all its parts together (its zip directory says) */
  maxWorkbookUnpackedBytes: 2 * 1024 * 1024 * 1024,
  /** bytes of a workbook's shared strings part, which the reader keeps in memory */
  maxSharedStringsBytes: 128 * 1024 * 1024,
  /** Excel's last row: a sheet whose rows claim to go further is refused */
  maxExcelRow: 1_048_576,
  /** data rows `upload_metadata` returns as a preview */
  previewRows: 10,
  /** bytes of a table or column name (PostgreSQL's identifier limit) */
  identifierBytes: 63,
  /** entries of a list field (`columns_read`, `column_dates`, `null_values`) */
  maxListItems: 1000,
  /** characters of one text field of the form */
  maxFieldChars: 64 * 1024,
  /** rows skipped at the start of a file, and the header row's index */
  maxSkipRows: 1_000_000,
} as const;

/** The strings read as null when the form gives no `null_values` (the peer's reader's defaults). */
export const DEFAULT_NULL_VALUES: readonly string[] = [
  '',
  '#N/A',
  '#N/A N/A',
  '#NA',
  '-1.#IND',
  '-1.#QNAN',
  '-NaN',
  '-nan',
  '1.#IND',
  '1.#QNAN',
  '<NA>',
  'N/A',
  'NA',
  'NULL',
  'NaN',
  'None',
  'n/a',
  'nan',
  'null',
];

/** The options of an upload form, checked; absent fields have their defaults. */
export interface UploadOptions {
  table_name: string;
  schema: string | null;
  already_exists: AlreadyExists;
  /** one character (CSV only) */
  delimiter: string;
  /** index of the header row after `skip_rows`; null: the file has no header (columns are 0, 1, 2 …) */
  header_row: number | null;
  /** column used as the row label: dropped unless `dataframe_index`, then written first */
  index_column: string | null;
  /** only these columns, in the file's order; null: all */
  columns_read: string[] | null;
  /** columns read as dates (timestamps) */
  column_dates: string[];
  decimal_character: string;
  /** strings read as null; null: DEFAULT_NULL_VALUES */
  null_values: string[] | null;
  /** Excel: the sheet to load; null: the first */
  sheet_name: string | null;
  skip_rows: number;
  /** data rows to load; null: all */
  rows_to_read: number | null;
  skip_blank_lines: boolean;
  skip_initial_space: boolean;
  /** dates written day first (DD/MM/YYYY) */
  day_first: boolean;
  /** write the row label as a column (`index_label`, else the index column's name, else `index`) */
  dataframe_index: boolean;
  index_label: string | null;
  /** per-column types asked for (`{"user_id": "int"}`) */
  column_data_types: Record<string, UploadColumnKind>;
}

export type UploadFieldErrors = Record<string, string[]>;

/** The fields each kind of upload takes, beyond those every upload takes. */
const TYPE_FIELDS: Record<UploadType, readonly string[]> = {
  csv: [
    'delimiter',
    'column_data_types',
    'day_first',
    'skip_blank_lines',
    'skip_initial_space',
    'column_dates',
    'decimal_character',
    'header_row',
    'index_column',
    'null_values',
    'rows_to_read',
    'skip_rows',
  ],
  excel: ['sheet_name', 'column_dates', 'decimal_character', 'header_row', 'index_column', 'null_values', 'rows_to_read', 'skip_rows'],
  columnar: [],
};
const COMMON_FIELDS = ['table_name', 'schema', 'already_exists', 'index_label', 'columns_read', 'dataframe_index'];

/** Names of the peer's reader's column types (`column_data_types` values) and what they store as. */
const DTYPE_KINDS: Record<string, UploadColumnKind> = {
  int: 'integer',
  int8: 'integer',
  int16: 'integer',
  int32: 'integer',
  int64: 'integer',
  Int64: 'integer',
  Int32: 'integer',
  integer: 'integer',
  float: 'float',
  float32: 'float',
  float64: 'float',
  Float64: 'float',
  double: 'float',
  bool: 'boolean',
  boolean: 'boolean',
  str: 'string',
  string: 'string',
  object: 'string',
  datetime: 'datetime',
  datetime64: 'datetime',
  'datetime64[ns]': 'datetime',
  date: 'datetime',
};

/** The stored kind for a type name of `column_data_types`, or null when it is not one Rama knows. */
export function dtypeKind(dtype: string): UploadColumnKind | null {
  return Object.prototype.hasOwnProperty.call(DTYPE_KINDS, dtype) ? DTYPE_KINDS[dtype] : null;
}

const utf8Bytes = (s: string): number => new TextEncoder().encode(s).length;

/**
 * Why a table name cannot be used, or null when it can: letters, digits, `_`, `-`, `$` and spaces,
 * starting with a letter or `_`, at most 63 bytes. An allow-list, so the name is never more than a
 * name whatever engine quotes it.
 */
export function tableNameError(name: string): string | null {
  if (!name.trim()) return 'Field cannot be empty.';
  if (utf8Bytes(name) > UPLOAD_LIMITS.identifierBytes) return `Table name is too long (at most ${UPLOAD_LIMITS.identifierBytes} bytes).`;
  if (!/^[\p{L}_][\p{L}\p{N}_$ -]*$/u.test(name) || name !== name.trim())
    return 'Table name may hold letters, digits, spaces, "_", "-" and "$", and starts with a letter or "_".';
  return null;
}

/** Why a schema name cannot be used (same characters as a table name), or null. */
export function schemaNameError(name: string): string | null {
  const e = tableNameError(name);
  return e ? e.replace('Table name', 'Schema name') : null;
}

/** Why this file name does not fit the upload's type (by extension), or null. */
/** Excel 97–2003 workbooks are a binary format Rama does not read (see docs/decisions.md). */
export const XLS_REFUSED = 'Excel 97-2003 workbooks (.xls) are not read: save the workbook as .xlsx (File > Save As) and upload that.';

export function uploadFileNameError(type: UploadType, fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  const ext = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  if (type === 'excel' && ext === 'xls') return XLS_REFUSED;
  if (!UPLOAD_EXTENSIONS[type].includes(ext)) return 'File extension is not allowed.';
  return null;
}

/** The upload type a file name suggests (by extension), or null. */
export function uploadTypeOfFile(fileName: string): UploadType | null {
  for (const t of UPLOAD_TYPES) if (!uploadFileNameError(t, fileName)) return t;
  return null;
}

/**
 * May a file be uploaded into `schema`? Only when the database allows uploads, and, when its
 * `schemas_allowed_for_file_upload` lists schemas, into one of them (a database without schemas
 * takes uploads only when the list is empty).
 */
export function schemaAllowsFileUpload(
  db: { allow_file_upload: boolean; schemasAllowed: readonly string[] },
  schema: string | null,
): boolean {
  if (!db.allow_file_upload) return false;
  if (!db.schemasAllowed.length) return true;
  return schema !== null && db.schemasAllowed.includes(schema);
}

/** The schemas listed in a database's `extra` JSON for uploads (an unreadable `extra` lists none). */
export function schemasAllowedForFileUpload(extra: string | null | undefined): string[] {
  if (!extra) return [];
  try {
    const parsed: unknown = JSON.parse(extra);
    const list = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>).schemas_allowed_for_file_upload : null;
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string' && s !== '') : [];
  } catch {
    return [];
  }
}

/**
 * Column names for the table, from a header row: blanks become `Unnamed: <i>` and repeats get
 * `.1`, `.2` … as the peer's reader names them; without a header, columns are `0`, `1`, `2` ….
 */
export function uploadColumnNames(header: readonly (string | null)[] | null, count: number): string[] {
  const out: string[] = [];
  const seen = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const raw = header ? (header[i] ?? '').trim() : String(i);
    let name = raw === '' ? `Unnamed: ${i}` : raw;
    const base = name;
    let n = seen.get(base) ?? 0;
    while (out.includes(name)) {
      n += 1;
      name = `${base}.${n}`;
    }
    seen.set(base, n);
    out.push(name);
  }
  return out;
}

/** Why a column name cannot be stored (control characters, too long), or null. */
export function columnNameError(name: string): string | null {
  if (/[\u0000-\u001f\u007f]/.test(name)) return `Column name "${name.replace(/[^\x20-\x7e]/g, '?')}" holds control characters.`;
  if (utf8Bytes(name) > UPLOAD_LIMITS.identifierBytes)
    return `Column name "${name.slice(0, 20)}…" is too long (at most ${UPLOAD_LIMITS.identifierBytes} bytes).`;
  return null;
}

/** A comma-separated list field (the peer's delimited lists), trimmed, empties dropped. */
function listField(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function boolField(raw: string): boolean | null {
  const v = raw.trim().toLowerCase();
  if (['true', '1', 'yes', 'on', 't', 'y'].includes(v)) return true;
  if (['false', '0', 'no', 'off', 'f', 'n', ''].includes(v)) return false;
  return null;
}

function intField(raw: string, min: number, max: number): number | null {
  if (!/^\s*-?\d+\s*$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

/**
 * Read and check the text fields of an upload form. Unknown fields are refused as the peer's
 * schema does; every list and number is bounded.
 */
export function parseUploadOptions(
  type: UploadType,
  fields: Readonly<Record<string, string>>,
): { options: UploadOptions; errors: null } | { options: null; errors: UploadFieldErrors } {
  const errors: UploadFieldErrors = {};
  const fail = (field: string, message: string): void => {
    (errors[field] ??= []).push(message);
  };
  const allowed = new Set([...COMMON_FIELDS, ...TYPE_FIELDS[type]]);
  for (const [k, v] of Object.entries(fields)) {
    if (!allowed.has(k)) fail(k, 'Unknown field.');
    else if (v.length > UPLOAD_LIMITS.maxFieldChars) fail(k, `At most ${UPLOAD_LIMITS.maxFieldChars} characters.`);
  }
  const has = (k: string): boolean => allowed.has(k) && fields[k] !== undefined && fields[k].trim() !== '';
  const str = (k: string): string | null => (has(k) ? fields[k].trim() : null);
  const list = (k: string): string[] | null => {
    if (!has(k)) return null;
    const items = listField(fields[k]);
    if (items.length > UPLOAD_LIMITS.maxListItems) fail(k, `At most ${UPLOAD_LIMITS.maxListItems} entries.`);
    return items;
  };
  const bool = (k: string, dflt: boolean): boolean => {
    if (!has(k)) return dflt;
    const b = boolField(fields[k]);
    if (b === null) fail(k, 'Not a valid boolean.');
    return b ?? dflt;
  };
  const int = (k: string, min: number, max: number): number | null => {
    if (!has(k)) return null;
    const n = intField(fields[k], min, max);
    if (n === null) fail(k, `Must be a whole number from ${min} to ${max}.`);
    return n;
  };

  const tableName = fields.table_name ?? '';
  if (!tableName.trim()) fail('table_name', 'Missing data for required field.');
  else {
    const e = tableNameError(tableName.trim());
    if (e) fail('table_name', e);
  }
  const schema = str('schema');
  if (schema !== null) {
    const e = schemaNameError(schema);
    if (e) fail('schema', e);
  }
  const alreadyExists = (str('already_exists') ?? 'fail') as AlreadyExists;
  if (!ALREADY_EXISTS_OPTIONS.includes(alreadyExists)) fail('already_exists', 'Must be one of: fail, replace, append.');

  // the delimiter is taken as sent (a tab or a space is a delimiter too)
  const delimiter = allowed.has('delimiter') && fields.delimiter !== undefined && fields.delimiter !== '' ? fields.delimiter : ',';
  if ([...delimiter].length !== 1 || /[\r\n"]/.test(delimiter))
    fail('delimiter', 'The delimiter is one character, not a quote or a line break.');
  const decimal = str('decimal_character') ?? '.';
  if ([...decimal].length !== 1 || /[\r\n"]/.test(decimal)) fail('decimal_character', 'The decimal character is one character.');
  else if (decimal === delimiter && type === 'csv') fail('decimal_character', 'The decimal character cannot be the delimiter.');

  // header_row: absent means 0 (the first row); an empty value sent explicitly means no header
  let headerRow: number | null = 0;
  if (allowed.has('header_row') && fields.header_row !== undefined) {
    headerRow = fields.header_row.trim() === '' ? null : int('header_row', 0, UPLOAD_LIMITS.maxSkipRows);
  }
  const columnsRead = list('columns_read');
  const columnDates = list('column_dates') ?? [];
  let nullValues: string[] | null = null;
  if (allowed.has('null_values') && fields.null_values !== undefined && fields.null_values !== '') {
    // null values keep their spaces and may be empty strings (`,N/A` lists "" and "N/A")
    nullValues = fields.null_values.split(',');
    if (nullValues.length > UPLOAD_LIMITS.maxListItems) fail('null_values', `At most ${UPLOAD_LIMITS.maxListItems} entries.`);
  }
  const rowsToRead = int('rows_to_read', 1, Number.MAX_SAFE_INTEGER);
  const skipRows = int('skip_rows', 0, UPLOAD_LIMITS.maxSkipRows) ?? 0;

  const columnTypes: Record<string, UploadColumnKind> = {};
  const rawTypes = str('column_data_types');
  if (rawTypes !== null) {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(rawTypes);
    } catch {
      fail('column_data_types', 'Invalid JSON format for column_data_types');
    }
    if (parsed !== null && (typeof parsed !== 'object' || Array.isArray(parsed)))
      fail('column_data_types', 'An object of column names to types.');
    else if (parsed) {
      const entries = Object.entries(parsed as Record<string, unknown>);
      if (entries.length > UPLOAD_LIMITS.maxColumns) fail('column_data_types', `At most ${UPLOAD_LIMITS.maxColumns} columns.`);
      for (const [col, t] of entries.slice(0, UPLOAD_LIMITS.maxColumns)) {
        const kind = typeof t === 'string' ? dtypeKind(t) : null;
        if (!kind) fail('column_data_types', `Unknown type for column "${col}": ${JSON.stringify(t)}.`);
        else columnTypes[col] = kind;
      }
    }
  }

  if (Object.keys(errors).length) return { options: null, errors };
  return {
    errors: null,
    options: {
      table_name: tableName.trim(),
      schema,
      already_exists: alreadyExists,
      delimiter,
      header_row: headerRow,
      index_column: str('index_column'),
      columns_read: columnsRead,
      column_dates: columnDates,
      decimal_character: decimal,
      null_values: nullValues,
      sheet_name: str('sheet_name'),
      skip_rows: skipRows,
      rows_to_read: rowsToRead,
      skip_blank_lines: bool('skip_blank_lines', true),
      skip_initial_space: bool('skip_initial_space', false),
      day_first: bool('day_first', false),
      dataframe_index: bool('dataframe_index', false),
      index_label: str('index_label'),
      column_data_types: columnTypes,
    },
  };
}

/** One sheet (or the one table of a CSV or Parquet file) as `upload_metadata` describes it. */
export interface UploadFileMetadataItem {
  sheet_name: string | null;
  column_names: string[];
  /** Rama: the stored type each column would get, read from the preview rows */
  column_types: UploadColumnKind[];
  /** Rama: the first data rows, as text (null for a null value) */
  sample_rows: (string | null)[][];
}

export interface UploadFileMetadata {
  items: UploadFileMetadataItem[];
}

/** The reply of an upload (the peer's `{"message": "OK"}`, with what was made as `result`). */
export interface UploadResult {
  message: 'OK';
  result: { table_name: string; schema: string | null; rows: number; dataset_id: number };
}
