/**
 * Country map shapes an administrator adds: `RAMA_HOME/maps/<country>.geojson`, a GeoJSON
 * FeatureCollection whose features carry their ISO 3166-2 code in `properties.ISO` (the peer's
 * country files' layout). Only a key matching COUNTRY_MAP_KEY_PATTERN names a file, so a request
 * can never reach outside the folder; files are read, checked to be a FeatureCollection and kept
 * in memory until they change on disk.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isCountryMapKey } from '@rama/shared';

/** A larger file is refused: browsers cannot draw it well either. */
export const MAX_MAP_FILE_BYTES = 32 * 1024 * 1024;

export type CountryMapFile = { status: 'ok'; body: string } | { status: 'missing' } | { status: 'invalid'; reason: string };

interface Cached {
  mtimeMs: number;
  size: number;
  result: CountryMapFile;
}

export class CountryMapFiles {
  private readonly cache = new Map<string, Cached>();

  constructor(private readonly home: string) {}

  /** The folder admins put map files in. */
  get folder(): string {
    return join(this.home, 'maps');
  }

  async read(country: string): Promise<CountryMapFile> {
    if (!isCountryMapKey(country)) return { status: 'missing' };
    const file = join(this.folder, `${country}.geojson`);
    let info;
    try {
      info = await stat(file);
    } catch {
      this.cache.delete(country);
      return { status: 'missing' };
    }
    if (!info.isFile()) return { status: 'missing' };
    const cached = this.cache.get(country);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.result;
    const result = info.size > MAX_MAP_FILE_BYTES ? tooLarge(info.size) : checked(await readFile(file, 'utf8'));
    this.cache.set(country, { mtimeMs: info.mtimeMs, size: info.size, result });
    return result;
  }
}

const tooLarge = (size: number): CountryMapFile => ({
  status: 'invalid',
  reason: `The map file is ${Math.round(size / 1024 / 1024)} MB; at most ${MAX_MAP_FILE_BYTES / 1024 / 1024} MB is served.`,
});

/** A FeatureCollection, re-serialized so that what leaves the server is plain JSON whatever the file held. */
function checked(text: string): CountryMapFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { status: 'invalid', reason: 'The map file is not valid JSON.' };
  }
  const fc = parsed as { type?: unknown; features?: unknown };
  if (!fc || fc.type !== 'FeatureCollection' || !Array.isArray(fc.features)) {
    return { status: 'invalid', reason: 'The map file is not a GeoJSON FeatureCollection.' };
  }
  return { status: 'ok', body: JSON.stringify(parsed) };
}
