/** The table visualization (`table`): aggregate or raw rows, formats, cell bars, conditional formatting, totals. */
import { getVizDefinition } from '@rama/shared';
import type { WebViz } from '../types';
import { tableThumbnail } from './thumbnail';
import { transformTableProps } from './transformProps';
import type { TableChartProps } from './types';

export const tableWebViz: WebViz<TableChartProps> = {
  definition: getVizDefinition('table')!,
  transformProps: transformTableProps,
  loadComponent: () => import('./TableChart').then((m) => m.TableChart),
  thumbnail: tableThumbnail,
};
