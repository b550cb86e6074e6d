/**
 * The map shapes Rama ships, as GeoJSON for ECharts' `registerMap`: world-atlas countries (110m)
 * and us-atlas states, converted from TopoJSON with topojson-client once per page. Each shape's
 * `name` is the key charts match data to (ISO alpha-3 for countries, ISO 3166-2 for US states) and
 * `label` the name a user reads. Each atlas is its own module (worldShapes, usShapes, baseShapes),
 * so a map type's chunk carries only the JSON it draws.
 */
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { countryOfShape, usStateByFips } from '@rama/shared';
import { splitAtAntimeridian } from './antimeridian';

export interface RegionProperties {
  /** the key data is matched to */
  name: string;
  /** what a user reads */
  label: string;
}

export type RegionCollection = FeatureCollection<Geometry, RegionProperties>;

type AtlasProperties = { name?: string } | null;
type AtlasFeature = Feature<Geometry, AtlasProperties>;

/** ISO numeric id of Antarctica: left off the world map, where it would take a quarter of the height. */
export const ANTARCTICA = '010';
export const USA = '840';

export function atlasFeatures(topology: unknown, object: string): AtlasFeature[] {
  const topo = topology as Topology;
  const collection = feature(topo, topo.objects[object] as GeometryCollection<AtlasProperties>);
  return collection.features;
}

const region = (f: AtlasFeature, name: string, label: string): Feature<Geometry, RegionProperties> => ({
  type: 'Feature',
  geometry: splitAtAntimeridian(f.geometry),
  properties: { name, label },
});

export function countryRegion(f: AtlasFeature): Feature<Geometry, RegionProperties> {
  const atlasName = f.properties?.name ?? String(f.id ?? '');
  const country = countryOfShape(f.id, atlasName);
  return region(f, country?.cca3 ?? atlasName, country?.name ?? atlasName);
}

export function stateRegions(topology: unknown): Feature<Geometry, RegionProperties>[] {
  return atlasFeatures(topology, 'states').map((f) => {
    const state = usStateByFips(f.id);
    const label = state?.name ?? f.properties?.name ?? String(f.id ?? '');
    return region(f, state?.iso ?? label, label);
  });
}

export const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};
