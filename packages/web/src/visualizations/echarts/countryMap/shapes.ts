/**
 * Where a country's subdivisions come from: the United States from us-atlas (bundled), any other
 * country from the GeoJSON file an admin placed in `RAMA_HOME/maps/<country>.geojson`, served by
 * `GET /api/v1/country_map/<country>`. A file's features carry their ISO 3166-2 code in
 * `properties.ISO` and their name in `NAME_1` (or `NAME_2` for second-level divisions, `name`),
 * as the peer's country files do. Loaded once per page.
 */
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { isCountryMapKey } from '@rama/shared';
import type { RegionCollection, RegionProperties } from '../geo/atlas';
import { usStatesAlbers } from '../geo/usShapes';
import type { CountryShapes } from './option';

const loaded = new Map<string, CountryShapes>();
const loading = new Map<string, Promise<CountryShapes>>();

type FileProperties = Record<string, unknown> | null;

const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null;

/** A map file's features as regions keyed by their ISO code (upper case); features without geometry are dropped. */
export function regionsOfFile(file: FeatureCollection<Geometry | null, FileProperties>): RegionCollection {
  const features = (Array.isArray(file?.features) ? file.features : []).flatMap((f): Feature<Geometry, RegionProperties>[] => {
    if (!f?.geometry || (f.geometry.type !== 'Polygon' && f.geometry.type !== 'MultiPolygon')) return [];
    const p = f.properties ?? {};
    const label = (text(p.ID_2) ? text(p.NAME_2) : null) ?? text(p.NAME_1) ?? text(p.name) ?? text(p.ISO) ?? '';
    const key = text(p.ISO)?.toUpperCase() ?? label;
    return [{ type: 'Feature', geometry: f.geometry, properties: { name: key, label } }];
  });
  return { type: 'FeatureCollection', features };
}

/** The shapes when they are already in (the United States always are). */
export function loadedCountryShapes(country: string): CountryShapes | null {
  if (country === 'usa' && !loaded.has(country)) {
    loaded.set(country, { mapName: 'rama-country-usa', collection: usStatesAlbers(), projected: true });
  }
  return loaded.get(country) ?? null;
}

/** Thrown when the server has no map file for the country (an admin has not added one). */
export class MissingCountryMap extends Error {}

export function loadCountryShapes(country: string): Promise<CountryShapes> {
  const ready = loadedCountryShapes(country);
  if (ready) return Promise.resolve(ready);
  if (!isCountryMapKey(country)) return Promise.reject(new MissingCountryMap(country));
  let pending = loading.get(country);
  if (!pending) {
    pending = fetch(`/api/v1/country_map/${country}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(async (r) => {
        if (r.status === 404) throw new MissingCountryMap(country);
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        const shapes: CountryShapes = {
          mapName: `rama-country-${country}`,
          collection: regionsOfFile((await r.json()) as FeatureCollection<Geometry | null, FileProperties>),
          projected: false,
        };
        loaded.set(country, shapes);
        return shapes;
      })
      .finally(() => loading.delete(country));
    loading.set(country, pending);
  }
  return pending;
}
