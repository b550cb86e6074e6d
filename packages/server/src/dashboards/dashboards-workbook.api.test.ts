/**
 * A dashboard as one workbook (issue 30 item 2): GET /api/v1/dashboard/{id_or_slug}/workbook/
 * answers an .xlsx that exceljs opens: a first sheet with the dashboard, the filters applied and a
 * link to each chart's sheet; a sheet per chart of the tab that shows, with the data as the chart
 * shows it (post-processed, pivoted), the chart's formats, a frozen header. Filters, tabs, dataset
 * access and RLS apply as they do on the page.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NativeFilter } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { dashboardTestWorld } from '../test-support/dashboards.js';
import { customRole, loggedInUser } from '../test-support/users.js';
import { datasetPermView } from '../access/datasets.js';

let server: TestServer;
let admin: Client;
let bob: Client;
let carol: Client;
let rita: Client;
let flights: number;
let stocks: number;
let dashboard: number;
const charts: Record<string, number> = {};
/** a webhook receiver for the XLSX report */
let hook: Server;
let hookUrl: string;
const hooks: Record<string, unknown>[] = [];

const ORIGINS = ['SEA', 'LAX', 'ORD'];
const inOrigins = { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'origin', operator: 'IN', comparator: ORIGINS };

async function chart(name: string, datasource: number, vizType: string, params: Record<string, unknown>): Promise<number> {
  const r = await admin.post<{ id: number }>('/api/v1/chart/', {
    slice_name: name,
    datasource_id: datasource,
    datasource_type: 'table',
    viz_type: vizType,
    params: JSON.stringify({ datasource: `${datasource}__table`, viz_type: vizType, ...params }),
  });
  if (r.status !== 201) throw new Error(`saving a chart failed: ${r.status} ${r.text}`);
  return r.body.id;
}

const chartItem = (id: number, parent: string[]) => ({
  type: 'CHART',
  id: `CHART-${id}`,
  children: [],
  parents: parent,
  meta: { chartId: id, width: 4, height: 50 },
});

/** Two tabs: the first holds the table, the time series, the pivot table, the stocks chart and a twin title; the second one chart. */
function layout(first: number[], second: number[]): Record<string, unknown> {
  const position: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['TABS-1'] },
    'TABS-1': { type: 'TABS', id: 'TABS-1', children: ['TAB-A', 'TAB-B'], parents: ['ROOT_ID'] },
    'TAB-A': { type: 'TAB', id: 'TAB-A', children: ['ROW-A'], parents: ['ROOT_ID', 'TABS-1'], meta: { text: 'Overview' } },
    'TAB-B': { type: 'TAB', id: 'TAB-B', children: ['ROW-B'], parents: ['ROOT_ID', 'TABS-1'], meta: { text: 'More' } },
    'ROW-A': { type: 'ROW', id: 'ROW-A', children: first.map((c) => `CHART-${c}`), parents: ['ROOT_ID', 'TABS-1', 'TAB-A'] },
    'ROW-B': { type: 'ROW', id: 'ROW-B', children: second.map((c) => `CHART-${c}`), parents: ['ROOT_ID', 'TABS-1', 'TAB-B'] },
  };
  for (const c of first) position[`CHART-${c}`] = chartItem(c, ['ROOT_ID', 'TABS-1', 'TAB-A', 'ROW-A']);
  for (const c of second) position[`CHART-${c}`] = chartItem(c, ['ROOT_ID', 'TABS-1', 'TAB-B', 'ROW-B']);
  return position;
}

const originFilter = (): NativeFilter => ({
  id: 'NATIVE_FILTER-origin',
  type: 'NATIVE_FILTER',
  name: 'Origin airport',
  filterType: 'filter_select',
  targets: [{ datasetId: flights, column: { name: 'origin' } }],
  controlValues: { multiSelect: true },
  defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
  description: '',
});

/** The workbook as the client gets it (binary: the test client reads text). */
async function download(
  c: Client | { baseUrl: string; guestToken: string },
  id: number | string,
  q?: Record<string, unknown>,
): Promise<{ status: number; headers: Headers; book: ExcelJS.Workbook | null; text: string }> {
  const query = q ? `?q=${encodeURIComponent(rison.encode(q))}` : '';
  const headers: Record<string, string> = 'guestToken' in c ? { 'X-GuestToken': c.guestToken } : { cookie: c.cookieHeaderValue };
  const res = await fetch(`${c.baseUrl}/api/v1/dashboard/${id}/workbook/${query}`, { headers });
  const data = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) return { status: res.status, headers: res.headers, book: null, text: data.toString('utf8') };
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  return { status: res.status, headers: res.headers, book, text: '' };
}

const sheetNames = (book: ExcelJS.Workbook) => book.worksheets.map((w) => w.name);
/** The sheet's rows as values (row 1 the header). */
function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  sheet.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}
const column = (sheet: ExcelJS.Worksheet, header: string): unknown[] => {
  const rows = rowsOf(sheet);
  const at = (rows[0] ?? []).indexOf(header);
  return rows.slice(1).map((r) => r[at]);
};

beforeAll(async () => {
  hook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hooks.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;
  // the receiver is on loopback, which the outbound policy refuses unless allowed
  server = await startTestServer({ RAMA_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', EMBEDDED_SUPERSET: 'true' });
  const world = await dashboardTestWorld(server);
  ({ admin, flights, stocks } = world);
  bob = world.bob.client;
  rita = world.rita.client;
  // carol reads flights under a row level security rule: Seattle only
  const seaRole = await customRole(server, 'sea_only', [['datasource_access', datasetPermView('examples', 'flights', flights)]]);
  carol = (await loggedInUser(server, admin, 'carol', ['Gamma', 'sea_only'])).client;
  const rule = await admin.post('/api/v1/rowlevelsecurity/', {
    name: 'Seattle only',
    filter_type: 'Regular',
    tables: [flights],
    roles: [seaRole],
    clause: "origin = 'SEA'",
  });
  if (rule.status !== 201) throw new Error(`creating the RLS rule failed: ${rule.status} ${rule.text}`);

  charts.table = await chart('Flights by origin', flights, 'table', {
    query_mode: 'aggregate',
    groupby: ['origin'],
    metrics: ['count'],
    adhoc_filters: [inOrigins],
    row_limit: 10,
    order_desc: true,
    column_config: { count: { d3NumberFormat: ',.2f' } },
  });
  charts.series = await chart('Monthly flights: SEA/LAX [2001]', flights, 'echarts_timeseries_bar', {
    x_axis: 'date',
    time_grain_sqla: 'P1M',
    metrics: ['count'],
    groupby: [],
    adhoc_filters: [inOrigins],
    time_range: 'No filter',
    row_limit: 100,
    x_axis_time_format: '%Y-%m-%d',
    y_axis_format: '.1%',
  });
  charts.pivot = await chart('Flights by origin', flights, 'pivot_table_v2', {
    groupbyRows: ['origin'],
    groupbyColumns: [],
    metrics: ['count'],
    adhoc_filters: [inOrigins],
    colTotals: true,
    valueFormat: ',d',
    row_limit: 100,
  });
  charts.stocks = await chart('Stock prices', stocks, 'table', { query_mode: 'raw', all_columns: ['symbol', 'price'], row_limit: 3 });
  charts.other = await chart('Busiest destinations', flights, 'table', {
    query_mode: 'aggregate',
    groupby: ['destination'],
    metrics: ['count'],
    row_limit: 3,
  });
  const r = await admin.post<{ id: number }>('/api/v1/dashboard/', {
    dashboard_title: 'Flights: été 2001',
    slug: 'flights-workbook',
    published: true,
    position_json: JSON.stringify(layout([charts.table, charts.series, charts.pivot, charts.stocks], [charts.other])),
    json_metadata: JSON.stringify({ native_filter_configuration: [originFilter()] }),
  });
  if (r.status !== 201) throw new Error(`creating the dashboard failed: ${r.status} ${r.text}`);
  dashboard = r.body.id;
});

afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (hook ? hook.close(() => resolve()) : resolve()));
});

describe('GET /api/v1/dashboard/{id_or_slug}/workbook/', () => {
  it('answers an .xlsx named after the dashboard: a first sheet, then one sheet per chart of the first tab, in layout order', async () => {
    const { status, headers, book } = await download(admin, dashboard);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(headers.get('content-disposition')).toBe(
      `attachment; filename="Flights _t_ 2001.xlsx"; filename*=UTF-8''Flights%20%C3%A9t%C3%A9%202001.xlsx`,
    );
    // the twin title is numbered; the forbidden characters are gone
    expect(sheetNames(book!)).toEqual([
      'Dashboard',
      'Flights by origin',
      'Monthly flights SEA LAX 2001',
      'Flights by origin (2)',
      'Stock prices',
    ]);
  });

  it('lists the dashboard, the time of export, the filters applied and a link to each chart’s sheet', async () => {
    const before = Date.now();
    const { book } = await download(admin, 'flights-workbook', {
      dataMask: { 'NATIVE_FILTER-origin': { filterState: { value: ['SEA'] } } },
    });
    const summary = book!.getWorksheet('Dashboard')!;
    const rows = rowsOf(summary);
    expect(rows[0][0]).toBe('Flights: été 2001');
    const exported = rows.find((r) => r[0] === 'Exported at (UTC)')?.[1];
    expect(exported).toBeInstanceOf(Date);
    expect((exported as Date).getTime()).toBeGreaterThanOrEqual(before - 2000);
    expect(rows).toContainEqual(['Origin airport', 'SEA']);
    const links = rows.slice(rows.findIndex((r) => r[0] === 'Charts') + 1);
    expect(links.map((r) => r[0])).toEqual(['Flights by origin', 'Monthly flights: SEA/LAX [2001]', 'Flights by origin', 'Stock prices']);
    expect(links[1][1]).toEqual({
      formula: `HYPERLINK("#'Monthly flights SEA LAX 2001'!A1","Monthly flights SEA LAX 2001")`,
      result: 'Monthly flights SEA LAX 2001',
    });
  });

  it('writes the data as the chart shows it, with its formats as Excel’s and a bold frozen header', async () => {
    const { book } = await download(admin, dashboard);
    const table = book!.getWorksheet('Flights by origin')!;
    expect(table.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(table.getRow(1).font?.bold).toBe(true);
    expect(rowsOf(table)[0]).toEqual(['origin', 'COUNT(*)']);
    expect(column(table, 'origin').sort()).toEqual([...ORIGINS].sort());
    const counts = column(table, 'COUNT(*)');
    for (const n of counts) expect(typeof n).toBe('number');
    expect(table.getCell('B2').numFmt).toBe('#,##0.00');
    expect(table.getColumn(1).width).toBeGreaterThanOrEqual(8);
    expect(table.getColumn(1).width).toBeLessThanOrEqual(60);

    // the time series, post-processed: one row per month, dates as dates in the chart's format
    const series = book!.getWorksheet('Monthly flights SEA LAX 2001')!;
    const months = rowsOf(series).slice(1);
    expect(months.length).toBe(6);
    expect(months[0][0]).toBeInstanceOf(Date);
    expect(series.getCell('A2').numFmt).toBe('yyyy-mm-dd');
    expect(series.getCell('B2').numFmt).toBe('0.0%');
    const monthly = months.reduce((sum, r) => sum + (r[1] as number), 0);
    expect(monthly).toBe((counts as number[]).reduce((a, b) => a + b, 0));

    // the pivot table as drawn: a row per origin and the total row, in the chart's value format
    const pivot = book!.getWorksheet('Flights by origin (2)')!;
    const pivoted = rowsOf(pivot);
    expect(pivoted[0]).toEqual(['origin', 'COUNT(*)']);
    expect(pivoted.slice(1).map((r) => r[0])).toEqual(['LAX', 'ORD', 'SEA', 'Total (Sum)']);
    expect(pivoted.at(-1)?.[1]).toBe(monthly);
    expect(pivot.getCell('B2').numFmt).toBe('#,##0');
    expect(pivot.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, xSplit: 1 });
  });

  it('applies the filter values it is given, and opens the tab it is given', async () => {
    const { book } = await download(admin, dashboard, { dataMask: { 'NATIVE_FILTER-origin': { filterState: { value: ['SEA'] } } } });
    expect(column(book!.getWorksheet('Flights by origin')!, 'origin')).toEqual(['SEA']);
    const other = await download(admin, dashboard, { activeTabs: ['TAB-B'] });
    expect(sheetNames(other.book!)).toEqual(['Dashboard', 'Busiest destinations']);
    expect(rowsOf(other.book!.getWorksheet('Busiest destinations')!).length).toBe(4);
  });

  it('reads the filter values from their native_filters_key', async () => {
    const stored = await admin.post<{ key: string }>(`/api/v1/dashboard/${dashboard}/filter_state`, {
      value: JSON.stringify({ 'NATIVE_FILTER-origin': { filterState: { value: ['LAX'] } } }),
    });
    expect(stored.status).toBe(201);
    const { book } = await download(admin, dashboard, { native_filters_key: stored.body.key });
    expect(column(book!.getWorksheet('Flights by origin')!, 'origin')).toEqual(['LAX']);
    expect((await download(admin, dashboard, { native_filters_key: 'AAAAAAAAAAAAAAAAAAAAAA' })).status).toBe(404);
  });

  it('applies a cross-filter of one chart to the others', async () => {
    const { book } = await download(admin, dashboard, {
      dataMask: { [String(charts.pivot)]: { filterState: { filters: { origin: ['LAX'] }, value: ['LAX'] } } },
    });
    expect(column(book!.getWorksheet('Flights by origin')!, 'origin')).toEqual(['LAX']);
    // the chart that set it is not filtered by it
    expect(rowsOf(book!.getWorksheet('Flights by origin (2)')!).length).toBe(5);
    expect(rowsOf(book!.getWorksheet('Dashboard')!)).toContainEqual(['Flights by origin (cross-filter)', 'LAX']);
  });

  it('leaves out the charts whose dataset the user may not read', async () => {
    const { status, book } = await download(bob, dashboard);
    expect(status).toBe(200);
    expect(sheetNames(book!)).toEqual(['Dashboard', 'Flights by origin', 'Monthly flights SEA LAX 2001', 'Flights by origin (2)']);
  });

  it('applies row level security as on the page', async () => {
    const { book } = await download(carol, dashboard);
    expect(column(book!.getWorksheet('Flights by origin')!, 'origin')).toEqual(['SEA']);
    expect(
      rowsOf(book!.getWorksheet('Flights by origin (2)')!)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['SEA', 'Total (Sum)']);
  });

  it('refuses an embedded dashboard’s guest as its charts’ own downloads do (guests have no can_csv)', async () => {
    const embedded = await admin.post<{ result: { uuid: string } }>(`/api/v1/dashboard/${dashboard}/embedded`, { allowed_domains: [] });
    expect(embedded.status, embedded.text).toBe(200);
    const token = await admin.post<{ token: string }>('/api/v1/security/guest_token/', {
      user: { username: 'host_user', first_name: 'Host', last_name: 'User' },
      resources: [{ type: 'dashboard', id: embedded.body.result.uuid }],
      rls: [],
    });
    expect(token.status, token.text).toBe(200);
    const guest = { baseUrl: admin.baseUrl, guestToken: token.body.token };
    const refused = await download(guest, dashboard);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toEqual({ message: 'You do not have permission to download data.' });
    // another dashboard is not the guest's at all
    expect((await download(guest, 987654)).status).toBe(404);
  });

  it('answers 404 for an unknown dashboard, 403 without the right to download data, 400 for a bad q', async () => {
    expect((await download(admin, 987654)).status).toBe(404);
    expect((await download(admin, 'no-such-slug')).status).toBe(404);
    const refused = await download(rita, dashboard);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toEqual({ message: 'You do not have permission to download data.' });
    const res = await fetch(`${admin.baseUrl}/api/v1/dashboard/${dashboard}/workbook/?q=(((`, {
      headers: { cookie: admin.cookieHeaderValue },
    });
    expect(res.status).toBe(400);
  });
});

describe('XLSX dashboard reports', () => {
  it('sends the dashboard as one workbook with the report’s filter values and tab', async () => {
    const created = await admin.post<{ id: number }>('/api/v1/report/', {
      type: 'Report',
      name: 'Flights workbook',
      crontab: '0 9 * * *',
      dashboard,
      creation_method: 'dashboards',
      report_format: 'XLSX',
      recipients: [{ type: 'Webhook', recipient_config_json: { target: `${hookUrl}/xlsx` } }],
      extra: { dashboard: { anchor: 'TAB-A', dataMask: { 'NATIVE_FILTER-origin': { filterState: { value: ['ORD'] } } } } },
    });
    expect(created.status, created.text).toBe(201);
    await server.ctx.reports.scheduler.tick(new Date('2026-11-27T09:00:10Z'));
    await server.ctx.reports.scheduler.idle();
    const logs = await server.ctx.store.db
      .selectFrom('report_execution_log')
      .select(['state', 'error_message'])
      .where('report_schedule_id', '=', created.body.id)
      .execute();
    expect(logs).toEqual([{ state: 'Success', error_message: null }]);
    const sent = hooks.at(-1) as { format: string; file: { filename: string; content_type: string; content_base64: string } };
    expect(sent.format).toBe('XLSX');
    expect(sent.file.filename).toBe('Flights été 2001.xlsx');
    expect(sent.file.content_type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(sent.file.content_base64, 'base64') as unknown as ArrayBuffer);
    // the report runs as its creator (the admin): every chart of the tab, filtered
    expect(sheetNames(book)).toEqual([
      'Dashboard',
      'Flights by origin',
      'Monthly flights SEA LAX 2001',
      'Flights by origin (2)',
      'Stock prices',
    ]);
    expect(column(book.getWorksheet('Flights by origin')!, 'origin')).toEqual(['ORD']);
    expect(rowsOf(book.getWorksheet('Dashboard')!)).toContainEqual(['Origin airport', 'ORD']);
  });

  it('with "all tabs", holds the charts of every tab', async () => {
    const created = await admin.post<{ id: number }>('/api/v1/report/', {
      type: 'Report',
      name: 'All tabs workbook',
      crontab: '0 10 * * *',
      dashboard,
      creation_method: 'dashboards',
      report_format: 'XLSX',
      recipients: [{ type: 'Webhook', recipient_config_json: { target: `${hookUrl}/all-tabs` } }],
      extra: { dashboard: { anchor: JSON.stringify(['TAB-A', 'TAB-B']) } },
    });
    expect(created.status, created.text).toBe(201);
    await server.ctx.reports.scheduler.tick(new Date('2026-11-27T10:00:10Z'));
    await server.ctx.reports.scheduler.idle();
    const sent = hooks.at(-1) as { name: string; file: { content_base64: string } };
    expect(sent.name).toBe('All tabs workbook');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(sent.file.content_base64, 'base64') as unknown as ArrayBuffer);
    expect(sheetNames(book)).toEqual([
      'Dashboard',
      'Flights by origin',
      'Monthly flights SEA LAX 2001',
      'Flights by origin (2)',
      'Stock prices',
      'Busiest destinations',
    ]);
  });

  it('is a format for dashboards only', async () => {
    const r = await admin.post<{ message: Record<string, string[]> }>('/api/v1/report/', {
      type: 'Report',
      name: 'Chart workbook',
      crontab: '0 9 * * *',
      chart: charts.table,
      creation_method: 'charts',
      report_format: 'XLSX',
      recipients: [{ type: 'Webhook', recipient_config_json: { target: `${hookUrl}/chart` } }],
    });
    expect(r.status).toBe(400);
    expect(r.body.message.report_format).toEqual(['An Excel workbook is sent for a dashboard; send a chart as PNG, PDF, CSV or text.']);
  });
});
