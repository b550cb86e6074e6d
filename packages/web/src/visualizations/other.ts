/** The "other" family's web types (mostly the BI server's legacy ones), registered as one entry in registry.ts. */
import type { WebViz } from './types';
import { parallelCoordinatesWebViz } from './echarts/parallelCoordinates';
import { bulletWebViz } from './echarts/bullet';
import { horizonWebViz } from './horizon';
import { pairedTTestWebViz } from './pairedTTest';
import { timePivotWebViz } from './echarts/timePivot';
import { timeTableWebViz } from './timeTable';
import { handlebarsWebViz } from './handlebars';

export const otherWebViz = [
  parallelCoordinatesWebViz,
  bulletWebViz,
  horizonWebViz,
  pairedTTestWebViz,
  timePivotWebViz,
  timeTableWebViz,
  handlebarsWebViz,
] as WebViz[];
