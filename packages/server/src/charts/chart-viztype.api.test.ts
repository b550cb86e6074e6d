/**
 * A chart save names a visualization Rama draws or one of the BI server's legacy keys (issue 27
 * item 3): anything else is a 400 in the validation shape, on create and on update. An import
 * keeps its charts' legacy keys (a later issue migrates them).
 */
import { strToU8, unzipSync, strFromU8, zipSync } from 'fflate';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartDetail } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';

let server: TestServer;
let admin: Client;
let flights: number;

type Saved = { id: number; result: ChartDetail };
const tableParams = () => JSON.stringify({ datasource: `${flights}__table`, viz_type: 'table', metrics: ['count'], groupby: ['origin'] });

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  const r = await admin.post<{ id: number }>('/api/v1/dataset/', { database: server.examplesId, schema: 'main', table_name: 'flights' });
  if (r.status !== 201) throw new Error(r.text);
  flights = r.body.id;
});

afterAll(async () => {
  await server?.close();
});

const create = (body: Record<string, unknown>) =>
  admin.post<Saved>('/api/v1/chart/', { datasource_id: flights, datasource_type: 'table', slice_name: 'Viz type check', ...body });

describe('the viz_type of a chart save', () => {
  it('refuses an unknown viz_type on create with a 400 on the viz_type field, and saves nothing', async () => {
    const before = await server.ctx.store.db.selectFrom('slices').select('id').execute();
    const r = await create({ viz_type: 'sparkle_chart', params: tableParams() });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: { viz_type: ['"sparkle_chart" is not a known visualization type.'] } });
    expect(await server.ctx.store.db.selectFrom('slices').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses an unknown viz_type carried only in the form data', async () => {
    const r = await create({ params: JSON.stringify({ viz_type: 'nope', datasource: `${flights}__table` }) });
    expect(r.status).toBe(400);
    expect(Object.keys((r.body as unknown as { message: object }).message)).toEqual(['viz_type']);
  });

  it('accepts a current viz_type and a legacy one exports still carry', async () => {
    const current = await create({ viz_type: 'echarts_timeseries_bar', params: tableParams() });
    expect(current.status, current.text).toBe(201);
    const legacy = await create({ viz_type: 'dist_bar', params: tableParams() });
    expect(legacy.status, legacy.text).toBe(201);
    expect(legacy.body.result.viz_type).toBe('dist_bar');
  });

  it('refuses an unknown viz_type on update and keeps the chart as it was', async () => {
    const { body } = await create({ viz_type: 'table', params: tableParams() });
    const r = await admin.put<Saved>(`/api/v1/chart/${body.id}`, { viz_type: 'made_up' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: { viz_type: ['"made_up" is not a known visualization type.'] } });
    expect((await admin.get<Saved>(`/api/v1/chart/${body.id}`)).body.result.viz_type).toBe('table');
    const ok = await admin.put<Saved>(`/api/v1/chart/${body.id}`, { viz_type: 'pie', slice_name: 'Now a pie' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.result.viz_type).toBe('pie');
  });

  it('accepts an import of a legacy viz_type and stores it migrated to its current type (issue 31)', async () => {
    const { body } = await create({ viz_type: 'table', slice_name: 'Goes out as a table', params: tableParams() });
    const cookie = (admin as unknown as { cookieHeader(): string }).cookieHeader();
    const res = await fetch(`${server.url}/api/v1/chart/export/?q=!(${body.id})`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const chartFile = Object.keys(entries).find((n) => n.includes('/charts/')) as string;
    const doc = parse(strFromU8(entries[chartFile])) as Record<string, unknown>;
    const bundle = zipSync({ ...entries, [chartFile]: strToU8(stringify({ ...doc, viz_type: 'line', slice_name: 'Comes back legacy' })) });
    const form = new FormData();
    form.append('formData', new Blob([bundle as Uint8Array<ArrayBuffer>]), 'bundle.zip');
    form.append('overwrite', 'true');
    const r = await admin.postForm<Record<string, unknown>>('/api/v1/chart/import/', form, { csrf: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const back = await server.ctx.store.db
      .selectFrom('slices')
      .select(['viz_type', 'slice_name', 'params'])
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(back).toMatchObject({ viz_type: 'echarts_timeseries_line', slice_name: 'Comes back legacy' });
    // the old form data is kept, as the peer keeps it
    expect((JSON.parse(back.params ?? '{}') as { form_data_bak?: { viz_type?: string } }).form_data_bak?.viz_type).toBe('line');
  });
});
