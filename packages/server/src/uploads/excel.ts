/**
 * Excel workbooks (.xlsx) as records, read with exceljs's streaming reader: one sheet's rows at a
 * time, never the whole workbook in memory.
 */
import type ExcelJS from 'exceljs';
import { excelJs } from '../execution/formats/exceljs.js';
import { UPLOAD_LIMITS, type RawCell } from '@rama/shared';
import { UploadFileError } from './errors.js';
import type { RawRecord, RecordSource } from './table.js';
import { zipEntries } from './zip-directory.js';

/** A cell's value as text, number, boolean or date (formulas give their result, rich text its text). */
function cellValue(v: unknown): RawCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('result' in o) return cellValue(o.result);
    if (Array.isArray(o.richText)) return (o.richText as { text?: string }[]).map((r) => r.text ?? '').join('');
    if (typeof o.text === 'string') return o.text;
    if ('error' in o) return null;
  }
  return String(v as string);
}

function rowCells(values: unknown): RawCell[] {
  // exceljs rows are 1-based sparse arrays; trailing empty cells are dropped
  const arr = Array.isArray(values) ? values : [];
  const cells: RawCell[] = [];
  for (let i = 1; i < arr.length; i++) cells.push(cellValue(arr[i]));
  while (cells.length && (cells[cells.length - 1] === null || cells[cells.length - 1] === '')) cells.pop();
  return cells;
}

async function reader(path: string): Promise<ExcelJS.stream.xlsx.WorkbookReader> {
  const excel = await excelJs();
  return new excel.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
}

const NOT_A_WORKBOOK = 'The file cannot be read as an Excel workbook (.xlsx).';

/**
 * The workbook's parts as its zip directory lists them: name and unpacked size. A workbook is read
 * only when it unpacks to a bounded size (a small file can unpack to gigabytes); a directory that
 * cannot be read, or a ZIP64 one (larger than any workbook), is not a workbook here.
 */
export async function workbookParts(path: string): Promise<{ name: string; size: number }[]> {
  return (await zipEntries(path, NOT_A_WORKBOOK)).map((e) => ({ name: e.name, size: e.size }));
}

/** Refuses a workbook that would unpack past the bounds (UPLOAD_LIMITS), before any part is read. */
async function checkWorkbookSize(path: string): Promise<void> {
  const parts = await workbookParts(path);
  const total = parts.reduce((sum, p) => sum + p.size, 0);
  const strings = parts.find((p) => p.name.toLowerCase() === 'xl/sharedstrings.xml')?.size ?? 0;
  if (total > UPLOAD_LIMITS.maxWorkbookUnpackedBytes || strings > UPLOAD_LIMITS.maxSharedStringsBytes)
    throw new UploadFileError(
      `The workbook unpacks to more than Rama reads (${Math.round(UPLOAD_LIMITS.maxWorkbookUnpackedBytes / 2 ** 20)} MB, of which ` +
        `${Math.round(UPLOAD_LIMITS.maxSharedStringsBytes / 2 ** 20)} MB of shared text): save it as CSV and upload that.`,
    );
}

/** A row past Excel's last one: the sheet claims rows no workbook has. */
function checkRowNumber(n: number): void {
  if (n > UPLOAD_LIMITS.maxExcelRow) throw new UploadFileError(`Row ${n} is past Excel's last row (${UPLOAD_LIMITS.maxExcelRow}).`);
}

function notAWorkbook(e: unknown): never {
  if (e instanceof UploadFileError) throw e;
  throw new UploadFileError(NOT_A_WORKBOOK);
}

/**
 * The first `keep` records of each sheet, in order (at most `UPLOAD_LIMITS.maxSheets` sheets): what
 * `upload_metadata` previews. The rest of each sheet is read past, not kept.
 */
export async function sheetHeads(path: string, keep: number): Promise<{ name: string; records: RawRecord[] }[]> {
  const out: { name: string; records: RawRecord[] }[] = [];
  try {
    await checkWorkbookSize(path);
    for await (const ws of await reader(path)) {
      if (out.length >= UPLOAD_LIMITS.maxSheets) throw new UploadFileError(`The workbook has more than ${UPLOAD_LIMITS.maxSheets} sheets.`);
      const records: RawRecord[] = [];
      let expected = 1;
      for await (const row of ws) {
        checkRowNumber(row.number);
        // empty rows are not in the file: count them as blank rows, as the load does
        for (; expected < row.number && records.length < keep; expected++) records.push({ cells: [], line: expected });
        expected = row.number + 1;
        if (records.length < keep) records.push({ cells: rowCells(row.values), line: row.number });
      }
      out.push({ name: (ws as unknown as { name: string }).name, records });
    }
  } catch (e) {
    notAWorkbook(e);
  }
  return out;
}

/** The records of one sheet (the first when `sheetName` is null); a missing sheet is an error naming the ones there are. */
export function excelRecords(path: string, sheetName: string | null): RecordSource {
  return async function* records(): AsyncGenerator<RawRecord[]> {
    const names: string[] = [];
    try {
      await checkWorkbookSize(path);
      for await (const ws of await reader(path)) {
        if (names.length >= UPLOAD_LIMITS.maxSheets)
          throw new UploadFileError(`The workbook has more than ${UPLOAD_LIMITS.maxSheets} sheets.`);
        const name = (ws as unknown as { name: string }).name;
        names.push(name);
        if (sheetName === null || name === sheetName) {
          let expected = 1;
          let batch: RawRecord[] = [];
          for await (const row of ws) {
            checkRowNumber(row.number);
            // rows with nothing in them are not in the file: give them back as blank rows, in batches
            for (; expected < row.number; expected++) {
              batch.push({ cells: [], line: expected });
              if (batch.length >= 1000) {
                yield batch;
                batch = [];
              }
            }
            expected = row.number + 1;
            batch.push({ cells: rowCells(row.values), line: row.number });
            if (batch.length >= 1000) {
              yield batch;
              batch = [];
            }
          }
          if (batch.length) yield batch;
          return;
        }
        for await (const rest of ws) void rest;
      }
    } catch (e) {
      notAWorkbook(e);
    }
    throw new UploadFileError(
      sheetName === null
        ? 'The workbook has no sheets.'
        : `Worksheet named "${sheetName}" not found. The workbook has: ${names.map((n) => `"${n}"`).join(', ')}.`,
    );
  };
}
