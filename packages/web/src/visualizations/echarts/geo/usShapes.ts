import statesAlbersTopology from 'us-atlas/states-albers-10m.json';
import { once, stateRegions, type RegionCollection } from './atlas';

/** US states in Albers USA (Alaska and Hawaii inset; coordinates already projected, y down). */
export const usStatesAlbers = once((): RegionCollection => ({ type: 'FeatureCollection', features: stateRegions(statesAlbersTopology) }));
