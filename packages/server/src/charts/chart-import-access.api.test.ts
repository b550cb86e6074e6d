/**
 * Chart import as a Gamma user against charts they cannot see: a bundle naming the uuid of a
 * hidden chart is refused with one message whatever that chart is (its owner, its dataset) and
 * with or without overwrite, and the hidden chart is never changed.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { customRole, loggedInUser } from '../test-support/users.js';
import { examplesDataset } from '../test-support/datasets.js';
import { datasetPermView } from '../access/datasets.js';

type Bundle = Record<string, Record<string, unknown>>;
type User = { client: Client; id: number };

let server: TestServer;
let admin: Client;
let flights: number;
let stocks: number;
/** Gamma, reads flights: the importer */
let alice: User;
/** Gamma, reads flights and stocks */
let bob: User;
let bundle: Bundle;
let chartFile: string;

const NO_OVERWRITE = "A chart already exists and user doesn't have permissions to overwrite it";

async function chart(c: Client, name: string, dataset: number): Promise<{ id: number; uuid: string }> {
  const r = await c.post<{ id: number }>('/api/v1/chart/', {
    slice_name: name,
    datasource_id: dataset,
    datasource_type: 'table',
    viz_type: 'table',
    params: JSON.stringify({ datasource: `${dataset}__table`, viz_type: 'table', all_columns: [], row_limit: 5 }),
  });
  if (r.status !== 201) throw new Error(r.text);
  const row = await server.ctx.store.db.selectFrom('slices').select('uuid').where('id', '=', r.body.id).executeTakeFirstOrThrow();
  return { id: r.body.id, uuid: row.uuid };
}

async function download(c: Client, path: string): Promise<Bundle> {
  const cookie = (c as unknown as { cookieHeader(): string }).cookieHeader();
  const res = await fetch(server.url + path, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`export failed: ${res.status}`);
  const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const root = Object.keys(entries)[0].split('/')[0];
  const files: Bundle = {};
  for (const [name, bytes] of Object.entries(entries))
    files[name.slice(root.length + 1)] = parse(strFromU8(bytes)) as Record<string, unknown>;
  return files;
}

/** Alice's own chart bundle (a chart on flights, which she reads) renamed and given `uuid`. */
function upload(c: Client, uuid: string, overwrite: boolean) {
  const files = { ...bundle, [chartFile]: { ...bundle[chartFile], uuid, slice_name: 'Taken over' } };
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([name, doc]) => [`chart_export/${name}`, strToU8(stringify(doc))])));
  const form = new FormData();
  form.append('formData', new Blob([zip as Uint8Array<ArrayBuffer>]), 'bundle.zip');
  if (overwrite) form.append('overwrite', 'true');
  return c.postForm<Record<string, unknown>>('/api/v1/chart/import/', form, { csrf: true });
}

const rowOf = (uuid: string) => server.ctx.store.db.selectFrom('slices').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  flights = await examplesDataset(server, admin, 'flights');
  stocks = await examplesDataset(server, admin, 'stocks');
  await customRole(server, 'import_flights', [['datasource_access', datasetPermView('examples', 'flights', flights)]]);
  await customRole(server, 'import_stocks', [['datasource_access', datasetPermView('examples', 'stocks', stocks)]]);
  alice = await loggedInUser(server, admin, 'alice', ['Gamma', 'import_flights']);
  bob = await loggedInUser(server, admin, 'bob', ['Gamma', 'import_flights', 'import_stocks']);
  const own = await chart(alice.client, 'Alice flights', flights);
  bundle = await download(admin, `/api/v1/chart/export/?q=!(${own.id})`);
  chartFile = Object.keys(bundle).find((f) => f.startsWith('charts/')) as string;
});

afterAll(async () => {
  await server?.close();
});

describe('chart import of a uuid the importer cannot see', () => {
  it('answers the same refusal for any hidden chart, with or without overwrite, and leaves it as it was', async () => {
    const hidden = [await chart(admin, 'Admin stocks', stocks), await chart(bob.client, 'Bob stocks', stocks)];
    const before = await Promise.all(hidden.map((h) => rowOf(h.uuid)));
    expect((await alice.client.get(`/api/v1/chart/${hidden[0].id}`)).status).toBe(404);

    const answers = [];
    for (const h of hidden)
      for (const overwrite of [false, true]) {
        const r = await upload(alice.client, h.uuid, overwrite);
        expect(r.status, r.text).toBe(422);
        answers.push(r.body);
      }
    expect(answers[0]).toEqual({
      errors: [
        { message: 'Error importing chart', error_type: 'GENERIC_COMMAND_ERROR', level: 'warning', extra: { [chartFile]: NO_OVERWRITE } },
      ],
    });
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(JSON.stringify(answers)).not.toContain('already exists and `overwrite=true`');

    for (const [i, h] of hidden.entries()) expect(await rowOf(h.uuid)).toEqual(before[i]);
    const owners = await server.ctx.store.db.selectFrom('slice_owners').select('user_id').where('slice_id', '=', hidden[1].id).execute();
    expect(owners.map((o) => o.user_id)).toEqual([bob.id]);
  });

  it('still tells a visible chart of another owner apart by overwrite, and replaces the importer’s own', async () => {
    const bobs = await chart(bob.client, 'Bob flights', flights);
    const without = await upload(alice.client, bobs.uuid, false);
    expect(without.status).toBe(422);
    expect(JSON.stringify(without.body)).toContain('Chart already exists and `overwrite=true` was not passed');
    const withOverwrite = await upload(alice.client, bobs.uuid, true);
    expect(withOverwrite.status).toBe(422);
    expect(JSON.stringify(withOverwrite.body)).toContain(NO_OVERWRITE);
    expect((await rowOf(bobs.uuid)).slice_name).toBe('Bob flights');

    // an owner sees their chart even when they no longer read its dataset, and may replace it
    const mine = await chart(bob.client, 'Shared stocks', stocks);
    await server.ctx.store.db.insertInto('slice_owners').values({ slice_id: mine.id, user_id: alice.id }).execute();
    const r = await upload(alice.client, mine.uuid, true);
    expect(r.status, r.text).toBe(200);
    expect(await rowOf(mine.uuid)).toMatchObject({ slice_name: 'Taken over', datasource_id: flights });
  });
});
