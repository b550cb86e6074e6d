/** The map family's web halves (world map, country map, point map), registered together in registry.ts. */
import type { WebViz } from '../types';
import { worldMapWebViz } from './worldMap';
import { countryMapWebViz } from './countryMap';
import { mapboxWebViz } from './mapbox';

export const mapsWebViz = [worldMapWebViz, countryMapWebViz, mapboxWebViz] as WebViz[];
