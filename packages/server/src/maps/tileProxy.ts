/**
 * Fetches a tile from the configured source for the browser, with a short memory of recent tiles
 * (a dashboard opened by many people asks for the same ones). Upstream failures become a 502 whose
 * message never holds the upstream address (it may carry the Mapbox key).
 */
import { ErrorType } from '@rama/shared';
import { typedError } from '../http/errors.js';
import { upstreamTileUrl, type TileSettings } from './tiles.js';

const TIMEOUT_MS = 10_000;
/** A raster tile is tens of kilobytes; anything far larger is not a tile. */
const MAX_TILE_BYTES = 2 * 1024 * 1024;
const CACHE_ENTRIES = 512;

export interface Tile {
  type: string;
  body: Buffer;
}

export class TileProxy {
  private readonly cache = new Map<string, Tile>();

  constructor(
    private readonly settings: TileSettings,
    private readonly fetchTile: typeof fetch = fetch,
  ) {}

  async get(z: number, x: number, y: number, style: unknown): Promise<Tile> {
    const url = upstreamTileUrl(this.settings, z, x, y, style);
    if (url === null) throw typedError(404, 'Map tiles are not configured.', ErrorType.GENERIC_BACKEND_ERROR);
    const hit = this.cache.get(url);
    if (hit) {
      // most recently used last, so the oldest is evicted first
      this.cache.delete(url);
      this.cache.set(url, hit);
      return hit;
    }
    const tile = await this.fetchUpstream(url);
    this.cache.set(url, tile);
    if (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    return tile;
  }

  private async fetchUpstream(url: string): Promise<Tile> {
    const fail = (why: string) => typedError(502, `The map tile server did not return a tile (${why}).`, ErrorType.GENERIC_BACKEND_ERROR);
    let res: Response;
    try {
      // tile servers ask clients to say who they are (OpenStreetMap's tile usage policy)
      res = await this.fetchTile(url, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { 'user-agent': 'Rama BI (map tiles)', accept: 'image/*' },
      });
    } catch (e) {
      throw fail(e instanceof Error && e.name === 'TimeoutError' ? 'timed out' : 'unreachable');
    }
    if (!res.ok) throw fail(`HTTP ${res.status}`);
    const type = res.headers.get('content-type')?.split(';')[0].trim() ?? '';
    if (!type.startsWith('image/')) throw fail('not an image');
    const length = Number(res.headers.get('content-length') ?? 0);
    if (length > MAX_TILE_BYTES) throw fail('too large');
    const body = Buffer.from(await res.arrayBuffer());
    if (body.length > MAX_TILE_BYTES) throw fail('too large');
    return { type, body };
  }
}
