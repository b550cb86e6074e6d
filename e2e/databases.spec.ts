import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { PG_URI, shot, toast, unique } from './support';

const suffix = unique('e2e').toLowerCase();
const customers = `${suffix}_customers`;
const orders = `${suffix}_orders`;
const dbName = `E2E Postgres ${suffix}`;

async function withPg<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URI });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function openCreateModal(page: Page) {
  await page.goto('/databaseview/list/');
  await page.getByRole('button', { name: 'Database', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Connect a database' });
  await expect(modal).toBeVisible();
  return modal;
}

test.describe('databases', () => {
  test.beforeAll(async () => {
    await withPg(async (client) => {
      await client.query(`CREATE TABLE public.${customers} (id serial PRIMARY KEY, name text NOT NULL)`);
      await client.query(
        `CREATE TABLE public.${orders} (
           id serial PRIMARY KEY,
           customer_id integer NOT NULL REFERENCES public.${customers}(id),
           amount numeric(12,2),
           ordered_at timestamptz DEFAULT now()
         )`,
      );
      await client.query(`CREATE INDEX ${suffix}_orders_ordered_at ON public.${orders} (ordered_at)`);
    });
  });

  test.afterAll(async () => {
    await withPg(async (client) => {
      await client.query(`DROP TABLE IF EXISTS public.${orders}`);
      await client.query(`DROP TABLE IF EXISTS public.${customers}`);
    });
  });

  test('the list shows the examples database', async ({ page }) => {
    await page.goto('/databaseview/list/');
    await expect(page.getByRole('heading', { name: 'Databases', exact: true })).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'examples', exact: true }) });
    await expect(row).toBeVisible();
    await expect(row.getByText('duckdb')).toBeVisible();
    await shot(page, '06-databases-list');
  });

  test('the examples database opens on its only schema and shows a table', async ({ page }) => {
    await page.goto('/databaseview/list/');
    await page.getByRole('link', { name: 'examples', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'examples', exact: true })).toBeVisible();
    const tables = page.getByRole('list', { name: 'Tables' });
    await expect(page.getByText('Tables in main')).toBeVisible();
    await page.getByLabel('Search tables').fill('airports');
    await tables.getByRole('button', { name: 'airports', exact: true }).click();
    await expect(page).toHaveURL(/table=airports/);
    await expect(page.getByRole('heading', { name: 'airports', exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Columns \(\d+\)$/ })).toBeVisible();
    await page.getByRole('tab', { name: 'Extra metadata' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('column_count');
    await shot(page, '06b-browse-examples');
  });

  test('Test connection shows the error for a bad URI', async ({ page }) => {
    const modal = await openCreateModal(page);
    await modal.getByLabel('Display name').fill(unique('bad'));
    await modal.getByLabel('SQLAlchemy URI').fill('postgresql://postgres@127.0.0.1:1/nowhere');
    await modal.getByRole('button', { name: 'Test connection' }).click();
    const failure = modal.getByRole('alert').filter({ hasText: 'Connection failed' });
    await expect(failure).toBeVisible({ timeout: 20_000 });
    await expect(failure).toContainText('refused the connection');
    await shot(page, '07-test-connection-error');

    // A URI that cannot be parsed is a validation error shown under the field.
    await modal.getByLabel('SQLAlchemy URI').fill('not a uri');
    await expect(failure).toHaveCount(0);
    await modal.getByRole('button', { name: 'Test connection' }).click();
    await expect(modal.getByText(/Invalid connection string/)).toBeVisible();
    await shot(page, '07b-test-connection-invalid-uri');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
  });

  test('add a PostgreSQL database, browse a table, then delete it', async ({ page }) => {
    const modal = await openCreateModal(page);
    await expect(modal.getByLabel('SQLAlchemy URI')).toHaveAttribute('placeholder', 'postgresql://user:password@host:5432/database');
    // the engines come from the server's specs (GET /api/v1/database/available/)
    await expect(modal.getByText('ClickHouse (clickhousedb://)')).toBeVisible();
    await modal.getByLabel('Display name').fill(dbName);
    await modal.getByLabel('SQLAlchemy URI').fill(PG_URI);
    await modal.getByRole('button', { name: 'Test connection' }).click();
    await expect(modal.getByText('Connection looks good!')).toBeVisible({ timeout: 20_000 });
    await modal.getByRole('button', { name: 'Advanced' }).click();
    await modal.getByLabel('Allow DML').check();
    await shot(page, '08-database-modal');
    await modal.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(modal).toBeHidden();
    await expect(toast(page, `Connected ${dbName}`)).toBeVisible();

    await page.getByLabel('Search databases by name').fill(suffix);
    await expect(page.getByText('1 database', { exact: true })).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: dbName }) });
    await expect(row).toBeVisible();
    await expect(row.getByLabel('Allow DML: yes')).toBeVisible();
    await expect(row.getByText('postgresql')).toBeVisible();
    await shot(page, '09-databases-list-with-postgres');

    await row.getByRole('link', { name: dbName }).click();
    await expect(page.getByRole('heading', { name: dbName })).toBeVisible();
    await page.getByRole('list', { name: 'Schemas' }).getByRole('button', { name: 'public', exact: true }).click();
    await page.getByLabel('Search tables').fill(suffix);
    const tables = page.getByRole('list', { name: 'Tables' });
    await expect(tables.getByRole('button')).toHaveCount(2);
    await tables.getByRole('button', { name: orders }).click();

    await expect(page.getByRole('heading', { name: orders })).toBeVisible();
    const columns = page.getByRole('table').filter({ hasText: 'customer_id' });
    for (const column of ['id', 'customer_id', 'amount', 'ordered_at']) {
      await expect(columns.getByRole('cell', { name: column, exact: true })).toBeVisible();
    }
    const customerRow = columns.getByRole('row').filter({ hasText: 'customer_id' });
    await expect(customerRow.getByText('FK', { exact: true })).toBeVisible();
    const idRow = columns.getByRole('row').filter({ has: page.getByRole('cell', { name: 'id', exact: true }) });
    await expect(idRow.getByText('PK', { exact: true })).toBeVisible();
    await shot(page, '10-browse-table-columns');

    await page.getByRole('tab', { name: /Foreign keys/ }).click();
    await expect(page.getByText(`${customers}(id)`)).toBeVisible();
    await page.getByRole('tab', { name: 'SELECT *' }).click();
    await expect(page.getByLabel('SELECT statement', { exact: true })).toContainText(orders);
    await shot(page, '11-browse-select-star');

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: /Edit database/ });
    await expect(edit.getByLabel('SQLAlchemy URI')).toHaveValue(PG_URI);
    await edit.getByRole('button', { name: 'Advanced' }).click();
    await expect(edit.getByLabel('Allow DML')).toBeChecked();
    await edit.getByLabel('Allow asynchronous query execution').check();
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(toast(page, `Saved changes to ${dbName}`)).toBeVisible();

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(toast(page, 'Metadata refreshed')).toBeVisible();

    await page.getByRole('link', { name: 'Databases' }).click();
    await page.getByLabel('Search databases by name').fill(suffix);
    await expect(page.getByRole('row').filter({ hasText: dbName }).getByLabel('Asynchronous query execution: yes')).toBeVisible();
    await page.getByRole('button', { name: `Delete ${dbName}` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, `Deleted ${dbName}`)).toBeVisible();
    await expect(page.getByRole('link', { name: dbName })).toHaveCount(0);
  });
});
