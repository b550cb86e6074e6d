import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TileProxy } from './tileProxy.js';
import { mapboxStylePath, readTileSettings, tilesEnabled, upstreamTileUrl, validTile, validTileTemplate } from './tiles.js';

const home = () => mkdtempSync(join(tmpdir(), 'rama-tiles-'));

describe('tile settings', () => {
  it('no setting: no tiles, so the point map makes no network request', () => {
    const s = readTileSettings(home(), {});
    expect(tilesEnabled(s)).toBe(false);
    expect(upstreamTileUrl(s, 1, 0, 0, null)).toBeNull();
  });

  it('a tile server template from the environment, or from rama.config.json', () => {
    const env = {
      RAMA_MAP_TILE_URL: 'https://tile.example.org/{z}/{x}/{y}.png',
      RAMA_MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors',
    };
    const s = readTileSettings(home(), env);
    expect(s).toMatchObject({ url: env.RAMA_MAP_TILE_URL, attribution: '© OpenStreetMap contributors', maxZoom: 19 });
    expect(upstreamTileUrl(s, 3, 4, 5, 'mapbox://styles/mapbox/dark-v9')).toBe('https://tile.example.org/3/4/5.png');
    const h = home();
    writeFileSync(join(h, 'rama.config.json'), JSON.stringify({ RAMA_MAP_TILE_URL: 'http://tiles.local/{z}/{x}/{y}' }));
    expect(readTileSettings(h, {}).url).toBe('http://tiles.local/{z}/{x}/{y}');
    expect(readTileSettings(h, { RAMA_MAP_TILE_MAX_ZOOM: '12' }).maxZoom).toBe(12);
    expect(readTileSettings(h, { RAMA_MAP_TILE_MAX_ZOOM: 'deep' }).maxZoom).toBe(19);
  });

  it('a template that is not http(s) or lacks a placeholder turns tiles off', () => {
    expect(validTileTemplate('file:///etc/{z}/{x}/{y}')).toBe(false);
    expect(validTileTemplate('https://tile.example.org/{z}/{x}.png')).toBe(false);
    const s = readTileSettings(home(), { RAMA_MAP_TILE_URL: 'ftp://x/{z}/{x}/{y}' });
    expect(s.invalidUrl).toBe(true);
    expect(tilesEnabled(s)).toBe(false);
  });

  it('Mapbox: the chart style on api.mapbox.com with the key; an odd style is the default one', () => {
    const s = readTileSettings(home(), { MAPBOX_API_KEY: 'pk.abc' });
    expect(s.attribution).toBe('© Mapbox © OpenStreetMap');
    expect(upstreamTileUrl(s, 2, 1, 3, 'mapbox://styles/mapbox/dark-v9')).toBe(
      'https://api.mapbox.com/styles/v1/mapbox/dark-v9/tiles/256/2/1/3?access_token=pk.abc',
    );
    expect(mapboxStylePath('mapbox://styles/../../evil')).toBe('mapbox/light-v9');
    expect(mapboxStylePath('https://evil.example/style')).toBe('mapbox/light-v9');
    expect(mapboxStylePath('mapbox://styles/me/my-style_2')).toBe('me/my-style_2');
  });

  it('a tile is whole numbers inside its zoom level', () => {
    expect(validTile(3, 7, 0, 19)).toBe(true);
    expect(validTile(3, 8, 0, 19)).toBe(false);
    expect(validTile(20, 0, 0, 19)).toBe(false);
    expect(validTile(1.5, 0, 0, 19)).toBe(false);
    expect(validTile(-1, 0, 0, 19)).toBe(false);
  });
});

describe('TileProxy', () => {
  const settings = { url: 'https://tile.example.org/{z}/{x}/{y}.png', mapboxKey: null, attribution: null, maxZoom: 19 };
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

  it('fetches once, then answers from memory', async () => {
    const asked: string[] = [];
    const proxy = new TileProxy(settings, (async (url: string) => {
      asked.push(url);
      return new Response(png, { headers: { 'content-type': 'image/png' } });
    }) as typeof fetch);
    const a = await proxy.get(1, 0, 1, null);
    await proxy.get(1, 0, 1, null);
    expect(a).toEqual({ type: 'image/png', body: png });
    expect(asked).toEqual(['https://tile.example.org/1/0/1.png']);
  });

  it('an upstream error, or an answer that is not an image, is a 502 without the upstream address', async () => {
    const keyed = { ...settings, url: null, mapboxKey: 'pk.secret' };
    const failing = new TileProxy(keyed, (async () => new Response('nope', { status: 401 })) as unknown as typeof fetch);
    await expect(failing.get(1, 0, 0, null)).rejects.toMatchObject({ statusCode: 502 });
    await failing.get(1, 0, 0, null).catch((e: Error) => expect(e.message).not.toContain('pk.secret'));
    const html = new TileProxy(
      settings,
      (async () => new Response('<html>', { headers: { 'content-type': 'text/html' } })) as unknown as typeof fetch,
    );
    await expect(html.get(1, 0, 0, null)).rejects.toMatchObject({ statusCode: 502 });
    const down = new TileProxy(settings, (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch);
    await expect(down.get(1, 0, 0, null)).rejects.toMatchObject({ statusCode: 502 });
  });
});
