/**
 * Dashboard import as a Gamma user against datasets they cannot read: a native filter naming a
 * hidden dataset's uuid is imported as one naming a missing dataset (no dataset bound), whether or
 * not the bundle carries that dataset, and the hidden dataset is never changed.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { parse, stringify } from 'yaml';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NativeFilter } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { dashboardTestWorld, type DashboardTestWorld } from '../test-support/dashboards.js';

type Doc = Record<string, unknown>;
type Bundle = Record<string, Doc>;

let server: TestServer;
let world: DashboardTestWorld;
let flightsUuid: string;
let stocksUuid: string;

const filter = (key: string, datasetUuid: string) => ({
  id: `NATIVE_FILTER-${key}`,
  type: 'NATIVE_FILTER',
  name: key,
  filterType: 'filter_select',
  targets: [{ datasetUuid, column: { name: key } }],
  controlValues: { multiSelect: true },
  defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
  chartsInScope: [],
  tabsInScope: [],
  description: '',
});

/** A dashboard bundle without charts whose filters read the given dataset uuids, plus `extra` files. */
function bundleOf(uuid: string, filters: Doc[], extra: Bundle = {}): Bundle {
  return {
    'metadata.yaml': { version: '1.0.0', type: 'Dashboard', timestamp: new Date().toISOString() },
    'dashboards/Filtered.yaml': {
      dashboard_title: 'Filtered',
      uuid,
      version: '1.0.0',
      metadata: { native_filter_configuration: filters },
    },
    ...extra,
  };
}

function upload(c: Client, files: Bundle, overwrite = false) {
  const zip = zipSync(
    Object.fromEntries(Object.entries(files).map(([name, doc]) => [`dashboard_export/${name}`, strToU8(stringify(doc))])),
  );
  const form = new FormData();
  form.append('formData', new Blob([zip as Uint8Array<ArrayBuffer>]), 'bundle.zip');
  if (overwrite) form.append('overwrite', 'true');
  return c.postForm<Record<string, unknown>>('/api/v1/dashboard/import/', form, { csrf: true });
}

async function download(c: Client, path: string): Promise<Bundle> {
  const cookie = (c as unknown as { cookieHeader(): string }).cookieHeader();
  const res = await fetch(server.url + path, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`export failed: ${res.status}`);
  const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const root = Object.keys(entries)[0].split('/')[0];
  const files: Bundle = {};
  for (const [name, bytes] of Object.entries(entries)) files[name.slice(root.length + 1)] = parse(strFromU8(bytes)) as Doc;
  return files;
}

const db = () => server.ctx.store.db;
const uuidOf = async (id: number) => (await db().selectFrom('tables').select('uuid').where('id', '=', id).executeTakeFirstOrThrow()).uuid;
async function targetsOf(uuid: string): Promise<Record<string, unknown[]>> {
  const row = await db().selectFrom('dashboards').select('json_metadata').where('uuid', '=', uuid).executeTakeFirstOrThrow();
  const filters = (JSON.parse(row.json_metadata as string) as { native_filter_configuration: NativeFilter[] }).native_filter_configuration;
  return Object.fromEntries(filters.map((f) => [f.name, f.targets as unknown[]]));
}

beforeAll(async () => {
  server = await startTestServer();
  // alice and bob are Gamma users who read flights only; stocks is hidden from them
  world = await dashboardTestWorld(server);
  flightsUuid = await uuidOf(world.flights);
  stocksUuid = await uuidOf(world.stocks);
});

afterAll(async () => {
  await server?.close();
});

describe('dashboard import of native filters on datasets the importer cannot read', () => {
  it('binds a hidden dataset no more than a missing one, even when the bundle carries it', async () => {
    const { alice } = world;
    expect((await alice.client.get(`/api/v1/dataset/${world.stocks}`)).status).toBe(404);
    const filters = [filter('hidden', stocksUuid), filter('missing', randomUUID()), filter('readable', flightsUuid)];

    const plain = randomUUID();
    const r = await upload(alice.client, bundleOf(plain, filters));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ message: 'OK', result: { created: [{ type: 'dashboard', uuid: plain }] } });
    expect(await targetsOf(plain)).toEqual({
      hidden: [{ column: { name: 'hidden' } }],
      missing: [{ column: { name: 'missing' } }],
      readable: [{ datasetId: world.flights, column: { name: 'readable' } }],
    });

    // the bundle brings the hidden dataset (and its database) too: still not bound, not replaced
    const stocksFiles = await download(world.admin, `/api/v1/dataset/export/?q=!(${world.stocks})`);
    const datasetFile = Object.keys(stocksFiles).find((f) => f.startsWith('datasets/')) as string;
    stocksFiles[datasetFile].description = 'planted by the import';
    const before = await db().selectFrom('tables').selectAll().where('id', '=', world.stocks).executeTakeFirstOrThrow();
    const count = (await db().selectFrom('tables').select('id').execute()).length;
    const carried = randomUUID();
    const carriedFiles = Object.fromEntries(Object.entries(stocksFiles).filter(([f]) => f !== 'metadata.yaml'));
    const withFile = await upload(alice.client, bundleOf(carried, filters, carriedFiles));
    expect(withFile.status, withFile.text).toBe(200);
    // the same answer but for the new dashboard: nothing of the hidden dataset is created or replaced
    expect(withFile.body).toMatchObject({
      message: 'OK',
      result: { created: [{ type: 'dashboard', uuid: carried }], updated: [], renamed: [] },
    });
    expect(await targetsOf(carried)).toEqual(await targetsOf(plain));
    expect(await db().selectFrom('tables').selectAll().where('id', '=', world.stocks).executeTakeFirstOrThrow()).toEqual(before);
    expect((await db().selectFrom('tables').select('id').execute()).length).toBe(count);
  });

  it('an admin binds the same filter; a dashboard being replaced keeps a hidden dataset it reads already', async () => {
    const { admin, alice } = world;
    const own = randomUUID();
    expect((await upload(admin, bundleOf(own, [filter('hidden', stocksUuid)]))).status).toBe(200);
    expect(await targetsOf(own)).toEqual({ hidden: [{ datasetId: world.stocks, column: { name: 'hidden' } }] });

    // alice owns that dashboard: replacing it keeps the filter's dataset, adding it elsewhere does not
    const dash = await db().selectFrom('dashboards').select('id').where('uuid', '=', own).executeTakeFirstOrThrow();
    await db().insertInto('dashboard_owners').values({ dashboard_id: dash.id, user_id: alice.id }).execute();
    const again = await upload(alice.client, bundleOf(own, [filter('hidden', stocksUuid), filter('added', stocksUuid)]), true);
    expect(again.status, again.text).toBe(200);
    expect(await targetsOf(own)).toEqual({
      hidden: [{ datasetId: world.stocks, column: { name: 'hidden' } }],
      added: [{ datasetId: world.stocks, column: { name: 'added' } }],
    });
  });
});
