import worldTopology from 'world-atlas/countries-110m.json';
import { ANTARCTICA, atlasFeatures, countryRegion, once, type RegionCollection } from './atlas';

/** The world's countries, keyed by ISO alpha-3 (a few disputed areas by their atlas name). */
export const worldCountries = once((): RegionCollection => ({
  type: 'FeatureCollection',
  features: atlasFeatures(worldTopology, 'countries')
    .filter((f) => f.id !== ANTARCTICA)
    .map(countryRegion),
}));
