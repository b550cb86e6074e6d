import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorType } from '@rama/shared';
import type { AppContext } from '../context.js';
import { requireUser } from '../http/auth.js';
import { HttpError, notFound, typedError } from '../http/errors.js';
import { CountryMapFiles } from './countryMaps.js';
import { TileProxy } from './tileProxy.js';
import { readTileSettings, tilesEnabled, validTile } from './tiles.js';

/** Tiles a user may ask for in a minute: panning a large map loads a few dozen at a time. */
const TILES_PER_MINUTE = 1200;

/**
 * The maps' server side, all read-only and for logged-in users:
 * - `GET /api/v1/country_map/<country>`: the subdivisions an admin added for a country (see
 *   countryMaps.ts); 404 without a file, so the chart can say an admin can add one.
 * - `GET /api/v1/map/tiles`: whether map tiles are configured (tiles.ts), and their credit.
 * - `GET /api/v1/map/tile/<z>/<x>/<y>?style=`: one tile, fetched from the configured source.
 */
export function mapRoutes(app: FastifyInstance, ctx: AppContext): void {
  const files = new CountryMapFiles(ctx.config.home);
  const settings = readTileSettings(ctx.config.home);
  if (settings.invalidUrl) ctx.log.warn('RAMA_MAP_TILE_URL is not an http(s) URL with {z}, {x} and {y}: map tiles are off');
  const tiles = new TileProxy(settings);

  app.get('/api/v1/country_map/:country', async (req, reply) => {
    requireUser(req);
    const { country } = req.params as { country: string };
    const file = await files.read(country);
    if (file.status === 'missing')
      throw notFound("No map for this country: an admin can add it as maps/<country>.geojson in Rama's home folder.");
    if (file.status === 'invalid') {
      req.log.warn({ country, reason: file.reason }, 'country map file not served');
      throw typedError(500, `The map of "${country}" cannot be read: ${file.reason}`, ErrorType.GENERIC_BACKEND_ERROR);
    }
    return reply.header('cache-control', 'private, max-age=300').type('application/geo+json; charset=utf-8').send(file.body);
  });

  app.get('/api/v1/map/tiles', async (req) => {
    requireUser(req);
    const enabled = tilesEnabled(settings);
    return { result: { enabled, attribution: enabled ? settings.attribution : null, max_zoom: enabled ? settings.maxZoom : null } };
  });

  app.get(
    '/api/v1/map/tile/:z/:x/:y',
    {
      config: {
        rateLimit: {
          max: TILES_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (req: FastifyRequest) => (req.principal ? `user:${req.principal.id}` : `ip:${req.ip}`),
          errorResponseBuilder: (_req: unknown, c: { statusCode: number }) =>
            new HttpError(c.statusCode, { message: 'Too many map tiles. Please slow down.' }),
        },
      },
    },
    async (req, reply) => {
      requireUser(req);
      if (!tilesEnabled(settings)) throw notFound('Map tiles are not configured.');
      const p = req.params as Record<string, string>;
      const [z, x, y] = [p.z, p.x, p.y].map((v) => (/^\d{1,8}$/.test(v) ? Number(v) : Number.NaN));
      if (!validTile(z, x, y, settings.maxZoom)) throw notFound('No such map tile.');
      const tile = await tiles.get(z, x, y, (req.query as { style?: unknown }).style);
      return reply.header('cache-control', 'private, max-age=86400').type(tile.type).send(tile.body);
    },
  );
}
