/**
 * The upload page's form, as plain values, and the multipart fields it sends (the peer's field
 * names; lists comma-separated). Pure, so the mapping is tested without a browser.
 */
import type { AlreadyExists, UploadType } from '@rama/shared';
import { currentLocale, t } from '../i18n';

export interface UploadFormValues {
  databaseId: number | null;
  schema: string | null;
  tableName: string;
  alreadyExists: AlreadyExists;
  sheetName: string | null;
  delimiter: string;
  /** true: the first row (after skipped rows) names the columns */
  hasHeader: boolean;
  headerRow: number;
  skipRows: number;
  rowsToRead: number | null;
  columnsRead: string[];
  columnDates: string[];
  indexColumn: string | null;
  dataframeIndex: boolean;
  indexLabel: string;
  decimalCharacter: string;
  nullValues: string[];
  dayFirst: boolean;
  skipBlankLines: boolean;
  skipInitialSpace: boolean;
}

export const INITIAL_VALUES: UploadFormValues = {
  databaseId: null,
  schema: null,
  tableName: '',
  alreadyExists: 'fail',
  sheetName: null,
  delimiter: ',',
  hasHeader: true,
  headerRow: 0,
  skipRows: 0,
  rowsToRead: null,
  columnsRead: [],
  columnDates: [],
  indexColumn: null,
  dataframeIndex: false,
  indexLabel: '',
  decimalCharacter: '.',
  nullValues: [],
  dayFirst: false,
  skipBlankLines: true,
  skipInitialSpace: false,
};

/** A table name from a file name: the name without its extension, with other characters made `_`. */
export function tableNameFromFile(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, '');
  const cleaned = base.replace(/[^\p{L}\p{N}_]+/gu, '_').replace(/^_+|_+$/g, '');
  const named = /^[\p{L}_]/u.test(cleaned) ? cleaned : `t_${cleaned}`;
  return named.slice(0, 60);
}

/** The text fields of the upload request for this file type (only the fields that type takes). */
export function uploadFields(type: UploadType, v: UploadFormValues): Record<string, string> {
  const f: Record<string, string> = { table_name: v.tableName.trim(), already_exists: v.alreadyExists };
  if (v.schema) f.schema = v.schema;
  if (v.columnsRead.length) f.columns_read = v.columnsRead.join(',');
  if (v.dataframeIndex) f.dataframe_index = 'true';
  if (v.dataframeIndex && v.indexLabel.trim()) f.index_label = v.indexLabel.trim();
  if (type === 'columnar') return f;
  f.header_row = v.hasHeader ? String(v.headerRow) : '';
  if (v.skipRows > 0) f.skip_rows = String(v.skipRows);
  if (v.rowsToRead !== null) f.rows_to_read = String(v.rowsToRead);
  if (v.columnDates.length) f.column_dates = v.columnDates.join(',');
  if (v.indexColumn) f.index_column = v.indexColumn;
  if (v.decimalCharacter !== '.') f.decimal_character = v.decimalCharacter;
  if (v.nullValues.length) f.null_values = v.nullValues.join(',');
  if (type === 'excel') {
    if (v.sheetName) f.sheet_name = v.sheetName;
    return f;
  }
  f.delimiter = v.delimiter;
  if (v.dayFirst) f.day_first = 'true';
  if (!v.skipBlankLines) f.skip_blank_lines = 'false';
  if (v.skipInitialSpace) f.skip_initial_space = 'true';
  return f;
}

/** The fields of `upload_metadata` for this file type. */
export function metadataFields(
  type: UploadType,
  v: Pick<UploadFormValues, 'delimiter' | 'hasHeader' | 'headerRow'>,
): Record<string, string> {
  const f: Record<string, string> = { type };
  if (type === 'columnar') return f;
  f.header_row = v.hasHeader ? String(v.headerRow) : '';
  if (type === 'csv') f.delimiter = v.delimiter;
  return f;
}

/** What the server said went wrong, as one line: a message, or each field's messages. */
export function uploadErrorText(status: number, body: unknown): string {
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : null;
  if (typeof message === 'string') return message;
  if (message && typeof message === 'object') {
    return Object.entries(message as Record<string, unknown>)
      .map(([field, msgs]) => `${field}: ${Array.isArray(msgs) ? msgs.join(' ') : String(msgs)}`)
      .join('; ');
  }
  const errors = body && typeof body === 'object' ? (body as { errors?: { message?: string }[] }).errors : null;
  if (Array.isArray(errors) && errors[0]?.message) return errors[0].message;
  return status === 0 ? t('upload:unreachable') : t('upload:failedHttp', { status });
}

/** Where the new dataset opens in Explore. */
export const exploreUrl = (datasetId: number): string => `/explore/?datasource_type=table&datasource_id=${datasetId}`;

/** A file's size as the drop zone shows it: bytes, KB or MB (1024-based, one decimal). */
export function fileSizeText(bytes: number): string {
  const oneDecimal = (n: number) => n.toLocaleString(currentLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (bytes < 1024) return t('upload:size.bytes', { count: bytes });
  if (bytes < 1024 * 1024) return t('upload:size.kb', { size: oneDecimal(bytes / 1024) });
  return t('upload:size.mb', { size: oneDecimal(bytes / 1024 / 1024) });
}
