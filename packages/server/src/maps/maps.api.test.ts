import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { loggedInUser } from '../test-support/users.js';

let server: TestServer;
let gamma: Client;

const bavaria = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { ISO: 'DE-BY', NAME_1: 'Bayern' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [9, 47],
            [13, 47],
            [13, 50],
            [9, 50],
            [9, 47],
          ],
        ],
      },
    },
  ],
};

beforeAll(async () => {
  server = await startTestServer({}, { examples: false });
  const admin = await server.admin();
  gamma = (await loggedInUser(server, admin, 'gina', ['Gamma'])).client;
  const folder = join(server.ctx.config.home, 'maps');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'germany.geojson'), JSON.stringify(bavaria));
  writeFileSync(join(folder, 'broken.geojson'), '{"type": "Feature"');
  writeFileSync(join(folder, 'notmap.geojson'), '{"type": "Feature", "geometry": null}');
  // a file outside the folder that a crafted key must not reach
  writeFileSync(join(server.ctx.config.home, 'secret.geojson'), JSON.stringify(bavaria));
  mkdirSync(join(folder, 'folder.geojson'));
  symlinkSync(join(folder, 'germany.geojson'), join(folder, 'bavaria.geojson'));
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/v1/country_map/<country>', () => {
  it('answers only a logged-in user', async () => {
    const r = await server.client().get('/api/v1/country_map/germany');
    expect(r.status).toBe(401);
  });

  it('serves the map file an admin placed in RAMA_HOME/maps as GeoJSON', async () => {
    const r = await gamma.get<typeof bavaria>('/api/v1/country_map/germany');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/geo\+json/);
    expect(r.body).toEqual(bavaria);
    // an admin may link a file in rather than copy it
    expect((await gamma.get('/api/v1/country_map/bavaria')).status).toBe(200);
  });

  it('a country without a file is 404, so the chart can say an admin can add one', async () => {
    const r = await gamma.get<{ message: string }>('/api/v1/country_map/france');
    expect(r.status).toBe(404);
    expect(r.body.message).toMatch(/maps\/<country>\.geojson/);
    expect((await gamma.get('/api/v1/country_map/folder')).status).toBe(404);
  });

  it('only plain keys name a file: nothing outside the maps folder, no other file type', async () => {
    for (const key of ['..%2Fsecret', '%2E%2E%2Fsecret', 'Germany', 'germany.geojson', 'ger%00many', '_germany', 'a'.repeat(65)]) {
      const r = await gamma.get(`/api/v1/country_map/${key}`);
      expect(r.status, key).toBe(404);
    }
  });

  it('a file that is not a GeoJSON FeatureCollection is not served', async () => {
    for (const key of ['broken', 'notmap']) {
      const r = await gamma.get<{ errors: { message: string; error_type: string }[] }>(`/api/v1/country_map/${key}`);
      expect(r.status, key).toBe(500);
      expect(r.body.errors[0].error_type).toBe('GENERIC_BACKEND_ERROR');
      expect(r.body.errors[0].message).toMatch(/not valid JSON|not a GeoJSON FeatureCollection/);
    }
  });

  it('a changed file is served as it now is', async () => {
    const folder = join(server.ctx.config.home, 'maps');
    const changed = {
      ...bavaria,
      features: [...bavaria.features, { ...bavaria.features[0], properties: { ISO: 'DE-BW', NAME_1: 'Baden-Württemberg' } }],
    };
    writeFileSync(join(folder, 'germany.geojson'), JSON.stringify(changed, null, 2));
    const r = await gamma.get<typeof bavaria>('/api/v1/country_map/germany');
    expect(r.body.features).toHaveLength(2);
  });

  it('no state-changing verb exists on the route', async () => {
    const r = await gamma.request('PUT', '/api/v1/country_map/germany', bavaria);
    expect([404, 405]).toContain(r.status);
  });
});

describe('map tiles', () => {
  it('without a tile setting there are no tiles: the point map draws its offline map', async () => {
    const r = await gamma.get<{ result: { enabled: boolean } }>('/api/v1/map/tiles');
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ enabled: false, attribution: null, max_zoom: null });
    expect((await gamma.get('/api/v1/map/tile/1/0/0')).status).toBe(404);
  });

  describe('with RAMA_MAP_TILE_URL', () => {
    let tileServer: Server;
    let withTiles: TestServer;
    let user: Client;
    const asked: string[] = [];
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    beforeAll(async () => {
      tileServer = createServer((req, res) => {
        asked.push(req.url ?? '');
        res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      });
      await new Promise<void>((resolve) => tileServer.listen(0, '127.0.0.1', resolve));
      const port = (tileServer.address() as AddressInfo).port;
      // the map routes read the tile settings as the server starts
      process.env.RAMA_MAP_TILE_URL = `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`;
      process.env.RAMA_MAP_TILE_ATTRIBUTION = '© Test tiles';
      try {
        withTiles = await startTestServer({}, { examples: false });
      } finally {
        delete process.env.RAMA_MAP_TILE_URL;
        delete process.env.RAMA_MAP_TILE_ATTRIBUTION;
      }
      user = (await loggedInUser(withTiles, await withTiles.admin(), 'tess', ['Gamma'])).client;
    });

    afterAll(async () => {
      await withTiles?.close();
      await new Promise((resolve) => tileServer?.close(resolve));
    });

    it('says tiles are on, with their credit', async () => {
      const r = await user.get<{ result: unknown }>('/api/v1/map/tiles');
      expect(r.body.result).toEqual({ enabled: true, attribution: '© Test tiles', max_zoom: 19 });
    });

    it('serves a tile from the configured server through Rama, to logged-in users only', async () => {
      const r = await user.get('/api/v1/map/tile/3/2/5');
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/png');
      expect(asked).toEqual(['/tiles/3/2/5.png']);
      expect((await withTiles.client().get('/api/v1/map/tile/3/2/5')).status).toBe(401);
    });

    it('only tiles of the grid: nothing else reaches the tile server', async () => {
      const before = asked.length;
      for (const path of ['3/8/0', '30/0/0', '1/-1/0', '1/0/0.5', '1/0/%2e%2e']) {
        expect((await user.get(`/api/v1/map/tile/${path}`)).status, path).toBe(404);
      }
      expect(asked.length).toBe(before);
    });
  });
});
