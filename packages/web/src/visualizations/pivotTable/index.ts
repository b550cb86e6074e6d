/** The pivot table visualization (`pivot_table_v2`): rows × columns × metrics, aggregated, totalled and subtotalled in the browser. */
import { getVizDefinition } from '@rama/shared';
import type { WebViz } from '../types';
import { pivotTableThumbnail } from './thumbnail';
import { transformPivotTableProps, type PivotTableChartProps } from './transformProps';

export const pivotTableWebViz: WebViz<PivotTableChartProps> = {
  definition: getVizDefinition('pivot_table_v2')!,
  transformProps: transformPivotTableProps,
  loadComponent: () => import('./PivotTableChart').then((m) => m.PivotTableChart),
  thumbnail: pivotTableThumbnail,
};
