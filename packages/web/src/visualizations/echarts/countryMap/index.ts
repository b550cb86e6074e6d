import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { countryMapThumbnail } from './thumbnail';
import { transformProps, type CountryMapChartProps } from './transformProps';

export const countryMapWebViz: WebViz<CountryMapChartProps> = {
  definition: definitionOf('country_map'),
  transformProps,
  loadComponent: () => import('./CountryMapChart').then((m) => m.CountryMapChart),
  thumbnail: countryMapThumbnail,
};
