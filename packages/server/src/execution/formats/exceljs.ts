/**
 * exceljs, loaded on first use: the library and its zip and XML readers hold about 30 MB of a
 * server's memory, which a server that never reads or writes a workbook need not spend (and its
 * start need not wait for them).
 */
import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | null = null;

export function excelJs(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((m) => m.default);
  return loading;
}
