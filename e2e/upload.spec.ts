import { expect, test, type Page } from '@playwright/test';
import { DuckDBInstance } from '@duckdb/node-api';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PG_URI, apiFor, chooseNavEntry, unique } from './support';

const suffix = unique('up').toLowerCase();
const dbName = `E2E uploads ${suffix}`;
const table = `${suffix}_flights`;
const SHOTS = process.env.RAMA_E2E_UPLOAD_SHOTS ?? '/tmp/pw-upload';

const CSV = [
  'flight,carrier,delay,departed',
  'AA100,AA,12.5,2024-01-02 10:00:00',
  'UA200,UA,-3,2024-01-03 08:15:00',
  'DL300,DL,0,2024-01-04 19:40:00',
].join('\n');

/** A workbook of two sheets; the second is the one to load. */
async function twoSheets(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Notes').addRow(['read me first']);
  const ws = wb.addWorksheet('Delays');
  ws.addRow(['airport', 'delay', 'day']);
  ws.addRow(['SEA', 12.5, new Date(Date.UTC(2024, 0, 2))]);
  ws.addRow(['JFK', 3, new Date(Date.UTC(2024, 0, 3))]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Two Parquet files with the same columns, zipped. */
async function parquetZip(): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'rama-e2e-parquet-'));
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  const parts: Record<string, Uint8Array> = {};
  for (const [name, from] of [
    ['2023.parquet', 0],
    ['2024.parquet', 50],
  ] as const) {
    const path = join(dir, name);
    await conn.run(
      `COPY (SELECT i::BIGINT AS id, 'route ' || (i % 7) AS route, i * 2.5 AS km FROM range(${from}, ${from + 50}) t(i)) TO '${path}' (FORMAT parquet)`,
    );
    parts[`routes/${name}`] = new Uint8Array(readFileSync(path));
  }
  conn.closeSync();
  instance.closeSync();
  return Buffer.from(zipSync(parts));
}

/** Choose an option of the open select dropdown. */
async function pick(page: Page, text: string): Promise<void> {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

test.describe('upload a file into a database', () => {
  test.afterAll(async () => {
    const client = new pg.Client({ connectionString: PG_URI });
    await client.connect();
    for (const t of [table, `${suffix}_sheet`, `${suffix}_parts`]) await client.query(`DROP TABLE IF EXISTS public.${t}`);
    await client.end();
  });

  test('a CSV file is previewed, loaded into PostgreSQL and opened in Explore', async ({ page }) => {
    await page.goto('/databaseview/list/');
    const api = await apiFor(page);
    await api.post('/api/v1/database/', { database_name: dbName, sqlalchemy_uri: PG_URI, allow_file_upload: true, expose_in_sqllab: true });

    await chooseNavEntry(page, 'Data', 'Upload file to database', /\/upload\/$/);
    await expect(page.getByRole('heading', { name: 'Upload file to database' })).toBeVisible();

    await page.locator('input[type=file]').setInputFiles({ name: `${table}.csv`, mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    const preview = page.getByRole('table').filter({ hasText: 'carrier' });
    await expect(preview.getByText('UA200')).toBeVisible();
    await expect(preview.getByRole('columnheader', { name: /delay\s*float/ })).toBeVisible();
    await expect(page.getByLabel('Table name')).toHaveValue(table);

    await page.getByLabel('Database').click();
    await pick(page, dbName);
    await page.getByLabel('Schema').click();
    await pick(page, 'public');
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByLabel('Columns to read as dates').click();
    await pick(page, 'departed');
    await page.keyboard.press('Escape');
    await expect(preview.getByRole('columnheader', { name: /departed\s*datetime/ })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/upload-form.png`, fullPage: true });

    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText(`Loaded 3 rows into public.${table}`)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/upload-done.png`, fullPage: true });

    await page.getByRole('link', { name: 'Explore the dataset' }).click();
    await expect(page).toHaveURL(/\/explore\/\?datasource_type=table&datasource_id=\d+/);
    await expect(page.getByText(table).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/upload-explore.png`, fullPage: true });
  });

  test('a file with a ragged row is refused with its line number', async ({ page }) => {
    await page.goto('/upload/');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'ragged.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n3,4,5\n') });
    // the preview says what the load would say, and shows no column the load would not make
    await expect(page.getByText('Line 3 has 3 values, but the file has 2 columns.')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Unnamed/ })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/upload-error.png`, fullPage: true });
  });

  test('a sheet of an Excel workbook and a zip of Parquet files are previewed and loaded', async ({ page }) => {
    await page.goto('/upload/');
    await page.locator('input[type=file]').setInputFiles({
      name: 'delays.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await twoSheets(),
    });
    await page.getByLabel('Sheet').click();
    await pick(page, 'Delays');
    const preview = page.getByRole('table').filter({ hasText: 'airport' });
    await expect(preview.getByText('JFK')).toBeVisible();
    await page.getByLabel('Table name').fill(`${suffix}_sheet`);
    await page.getByLabel('Database').click();
    await pick(page, dbName);
    await page.getByLabel('Schema').click();
    await pick(page, 'public');
    await page.screenshot({ path: `${SHOTS}/upload-excel-form.png`, fullPage: true });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText(`Loaded 2 rows into public.${suffix}_sheet`)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/upload-excel-done.png`, fullPage: true });

    await page.goto('/upload/');
    await page.locator('input[type=file]').setInputFiles({ name: 'routes.zip', mimeType: 'application/zip', buffer: await parquetZip() });
    const parquet = page.getByRole('table').filter({ hasText: 'route' });
    await expect(parquet.getByRole('columnheader', { name: /km\s*float/ })).toBeVisible();
    await page.getByLabel('Table name').fill(`${suffix}_parts`);
    await page.getByLabel('Database').click();
    await pick(page, dbName);
    await page.getByLabel('Schema').click();
    await pick(page, 'public');
    await page.screenshot({ path: `${SHOTS}/upload-parquet-form.png`, fullPage: true });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText(`Loaded 100 rows into public.${suffix}_parts`)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/upload-parquet-done.png`, fullPage: true });
  });
});
