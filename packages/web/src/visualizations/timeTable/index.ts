import type { WebViz } from '../types';
import { definitionOf } from '../definitionOf';
import { THUMBNAILS } from '../thumbnails';
import { transformProps, type TimeTableProps } from './transformProps';

export const timeTableWebViz: WebViz<TimeTableProps> = {
  definition: definitionOf('time_table'),
  transformProps,
  loadComponent: () => import('./TimeTableChart').then((m) => m.TimeTableChart),
  thumbnail: THUMBNAILS.timeTable,
};
