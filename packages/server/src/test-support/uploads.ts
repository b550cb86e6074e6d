/** Helpers for the upload API tests: forms, workbooks and Parquet files made on the spot. */
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import ExcelJS from 'exceljs';
import type { Client, Reply } from './server.js';

export interface UploadReply {
  message?: unknown;
  result?: { table_name: string; schema: string | null; rows: number; dataset_id: number };
}

/** POST a file and fields to an upload route as the upload page does (multipart, CSRF header). */
export function postUpload(
  client: Client,
  path: string,
  fileName: string,
  content: string | Uint8Array,
  fields: Record<string, string> = {},
): Promise<Reply<UploadReply & Record<string, unknown>>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), fileName);
  return client.postForm(path, form, { csrf: true });
}

export const upload = (
  client: Client,
  dbId: number,
  type: 'csv' | 'excel' | 'columnar',
  fileName: string,
  content: string | Uint8Array,
  fields: Record<string, string>,
) => postUpload(client, `/api/v1/database/${dbId}/${type}_upload/`, fileName, content, fields);

/** A workbook with the given sheets (rows of cell values), their first row at `startRow` (1). */
export async function workbook(sheets: Record<string, unknown[][]>, opts: { startRow?: number } = {}): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    rows.forEach((r, i) => {
      ws.getRow((opts.startRow ?? 1) + i).values = r as ExcelJS.CellValue[];
    });
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** A Parquet file holding the result of `select` (DuckDB SQL). */
export async function parquetOf(select: string): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'rama-parquet-'));
  const path = join(dir, 'data.parquet');
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  await conn.run(`COPY (${select}) TO '${path}' (FORMAT parquet)`);
  conn.closeSync();
  instance.closeSync();
  return new Uint8Array(await readFile(path));
}

/** Rows of a query run through SQL Lab as the admin. */
export async function rowsOf(admin: Client, dbId: number, sql: string): Promise<Record<string, unknown>[]> {
  const r = await admin.post<{ data: Record<string, unknown>[] }>('/api/v1/sqllab/execute/', { database_id: dbId, sql, queryLimit: 1000 });
  if (r.status !== 200) throw new Error(`query failed: ${r.status} ${r.text}`);
  return r.body.data;
}
