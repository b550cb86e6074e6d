import worldTopology from 'world-atlas/countries-110m.json';
import statesTopology from 'us-atlas/states-10m.json';
import { USA, atlasFeatures, countryRegion, once, stateRegions, type RegionCollection } from './atlas';

/** The point map's base layer in longitude/latitude: the world, with the United States by state. */
export const baseLayer = once((): RegionCollection => ({
  type: 'FeatureCollection',
  features: [
    ...atlasFeatures(worldTopology, 'countries')
      .filter((f) => f.id !== USA)
      .map(countryRegion),
    ...stateRegions(statesTopology),
  ],
}));
