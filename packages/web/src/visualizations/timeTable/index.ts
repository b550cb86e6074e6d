import type { WebViz } from '../types';
import { definitionOf } from '../definitionOf';
import { timeTableThumbnail } from './thumbnail';
import { transformProps, type TimeTableProps } from './transformProps';

export const timeTableWebViz: WebViz<TimeTableProps> = {
  definition: definitionOf('time_table'),
  transformProps,
  loadComponent: () => import('./TimeTableChart').then((m) => m.TimeTableChart),
  thumbnail: timeTableThumbnail,
};
