import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { apiFor, downloadFromMenuEntry, examplesDatabaseId, toast, unique, type ApiClient } from './support';

// Issue 27 item 5: export from the chart list, import back through the modal (with the overwrite
// confirmation), and a dashboard's "Download as PDF". Screenshots go to test-results/import-export/.
const SHOTS = 'test-results/import-export';
mkdirSync(SHOTS, { recursive: true });

async function flightsDatasetId(api: ApiClient): Promise<number> {
  const reply = await api.get<{ result: { id: number; table_name: string }[] }>(
    '/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:flights)))',
  );
  const flights = reply.result.find((d) => d.table_name === 'flights');
  if (!flights) throw new Error('the flights example dataset is missing');
  return flights.id;
}

test.describe('import and export from the lists', () => {
  test('a chart exported from the chart list is a zip with metadata.yaml; imported back, the modal asks to overwrite, then imports', async ({
    page,
  }) => {
    await page.goto('/chart/list/');
    const api = await apiFor(page);
    const name = unique('io_chart');
    const datasetId = await flightsDatasetId(api);
    const params = { viz_type: 'big_number_total', datasource: `${datasetId}__table`, metric: 'count' };
    await api.post('/api/v1/chart/', {
      slice_name: name,
      viz_type: 'big_number_total',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify(params),
    });

    await page.getByRole('searchbox', { name: 'Search charts by name' }).or(page.getByLabel('Search charts by name')).first().fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);

    // the row's Export: fetched as a blob and saved
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: `Export ${name}` }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^chart_export_\d{8}T\d{6}\.zip$/);
    const zipPath = (await file.path())!;
    const entries = Object.keys(unzipSync(new Uint8Array(readFileSync(zipPath))));
    expect(entries.some((e) => e.endsWith('/metadata.yaml'))).toBe(true);
    expect(entries.some((e) => e.includes('/charts/') && e.endsWith('.yaml'))).toBe(true);

    // the bulk Export of the selected row downloads the same way
    await row.getByRole('checkbox').check();
    const bulk = page.waitForEvent('download');
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Export selected' }).click();
    expect((await bulk).suggestedFilename()).toMatch(/^chart_export_.*\.zip$/);

    // import it back: the chart (and its dataset) exist, so the modal asks to type OVERWRITE
    await page.getByRole('button', { name: 'Import charts' }).click();
    const modal = page.getByRole('dialog', { name: 'Import chart' });
    await expect(modal).toBeVisible();
    const submit = modal.getByRole('button', { name: 'Import' });
    await expect(submit).toBeDisabled();
    await modal.locator('input[type="file"]').setInputFiles({
      name: 'chart_export.zip',
      mimeType: 'application/zip',
      buffer: readFileSync(zipPath),
    });
    await expect(submit).toBeEnabled();
    await page.screenshot({ path: `${SHOTS}/import-modal.png` });
    await submit.click();
    await expect(modal.getByText(/You are importing one or more charts that already exist/)).toBeVisible();
    const overwrite = modal.getByRole('button', { name: 'Overwrite' });
    await expect(overwrite).toBeDisabled();
    await modal.getByLabel('Type "OVERWRITE" to confirm').fill('overwrite');
    await expect(overwrite).toBeDisabled();
    await modal.getByLabel('Type "OVERWRITE" to confirm').fill('OVERWRITE');
    await page.screenshot({ path: `${SHOTS}/import-modal-overwrite.png` });
    const imported = page.waitForResponse((r) => r.url().includes('/api/v1/chart/import/') && r.request().method() === 'POST');
    await overwrite.click();
    expect((await imported).status()).toBe(200);
    // the toast says what the import did: the chart and what it reads were replaced
    await expect(toast(page, /^Chart imported\. Updated \d+\.$/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/import-summary-toast.png` });
    await expect(modal).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  });

  test('a saved query exported from its list is the peer bundle; deleted and imported back, it is listed again', async ({ page }) => {
    const api = await apiFor(page);
    const label = unique('io_query');
    const created = await api.post<{ id: number }>('/api/v1/saved_query/', {
      db_id: await examplesDatabaseId(api),
      label,
      schema: 'main',
      sql: 'SELECT origin, count(*) FROM flights GROUP BY 1',
    });
    await page.goto('/savedqueryview/list/');
    await page.getByLabel('Search saved queries').fill(label);
    const row = page.getByRole('row').filter({ hasText: label });
    await expect(row).toHaveCount(1);

    // the bulk Export of the selected row
    await row.getByRole('checkbox').check();
    const downloading = page.waitForEvent('download');
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Export selected' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^saved_query_export_\d{8}T\d{6}\.zip$/);
    const zip = readFileSync((await file.path())!);
    const entries = Object.keys(unzipSync(new Uint8Array(zip)));
    expect(entries.some((e) => e.endsWith('/metadata.yaml'))).toBe(true);
    expect(entries.some((e) => e.includes('/queries/examples/main/') && e.endsWith('.yaml'))).toBe(true);
    expect(entries.some((e) => e.endsWith('/databases/examples.yaml'))).toBe(true);

    // gone, then imported back through the modal
    expect((await api.send('DELETE', `/api/v1/saved_query/${created.id}`)).status).toBe(200);
    await page.reload();
    await page.getByLabel('Search saved queries').fill(label);
    await expect(page.getByRole('row').filter({ hasText: label })).toHaveCount(0);
    await page.getByRole('button', { name: 'Import queries' }).click();
    const modal = page.getByRole('dialog', { name: 'Import saved query' });
    await modal.locator('input[type="file"]').setInputFiles({ name: 'saved_query_export.zip', mimeType: 'application/zip', buffer: zip });
    await page.screenshot({ path: `${SHOTS}/saved-query-import.png` });
    await modal.getByRole('button', { name: 'Import' }).click();
    await expect(toast(page, 'Query imported')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: label })).toHaveCount(1);
  });

  test('an import the server refuses shows its message in the modal', async ({ page }) => {
    await page.goto('/tablemodelview/list/');
    await page.getByRole('button', { name: 'Import datasets' }).click();
    const modal = page.getByRole('dialog', { name: 'Import dataset' });
    await modal
      .locator('input[type="file"]')
      .setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip') });
    await modal.getByRole('button', { name: 'Import' }).click();
    await expect(modal.getByText('An error occurred while importing dataset')).toBeVisible();
    await expect(modal.getByText('Could not find a valid command to import file')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/import-modal-error.png` });
  });

  test('"Download as PDF" in the dashboard header saves a PDF of the whole dashboard', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/rama/dashboard/flights/');
    await expect(page.locator('[data-test="dashboard"] canvas, [data-test="dashboard"] svg').first()).toBeVisible({ timeout: 30_000 });
    const file = await downloadFromMenuEntry(page, page.locator('[data-test="dashboard-menu"]'), /^Download/, 'Download as PDF', 45_000);
    expect(file.suggestedFilename()).toMatch(/^flights-overview-\d{4}-\d{2}-\d{2}T\d{2}_\d{2}_\d{2}\.\d{3}Z\.pdf$/i);
    const pdfPath = (await file.path())!;
    copyFileSync(pdfPath, `${SHOTS}/dashboard.pdf`);
    const pdf = readFileSync(pdfPath);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A4 landscape pages with the dashboard's image on them
    const text = pdf.toString('latin1');
    const boxes = [...text.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)];
    expect(boxes.length).toBeGreaterThan(0);
    for (const [, width, height] of boxes) {
      expect(Number(width)).toBeCloseTo(841.89, 1);
      expect(Number(height)).toBeCloseTo(595.28, 1);
    }
    // one image per page
    expect(text.match(/\/Subtype \/Image/g)?.length).toBe(boxes.length);
  });
});
