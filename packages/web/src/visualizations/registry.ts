/**
 * The web half of every visualization, keyed by `viz_type`: the shared definition plus
 * transformProps, the lazily loaded component and the gallery thumbnail.
 */
import type { WebViz } from './types';
import { timeseriesWebViz } from './echarts/timeseries';
import { pieWebViz } from './echarts/pie';
import { bigNumberTotalWebViz, bigNumberWebViz } from './bigNumber';
import { tableWebViz } from './table';
import { pivotTableWebViz } from './pivotTable';
import { distributionWebViz } from './echarts/distribution';
import { flowWebViz } from './echarts/flow';
import { otherWebViz } from './other';
import { mapsWebViz } from './echarts/maps';

const ALL: WebViz[] = [
  tableWebViz,
  ...timeseriesWebViz,
  pieWebViz,
  bigNumberTotalWebViz,
  bigNumberWebViz,
  pivotTableWebViz,
  ...distributionWebViz,
  ...flowWebViz,
  ...otherWebViz,
  ...mapsWebViz,
] as WebViz[];

const BY_KEY = new Map(ALL.map((v) => [v.definition.meta.key, v]));

export function getWebViz(vizType: string): WebViz | undefined {
  return BY_KEY.get(vizType);
}

/** Every type, in gallery order. */
export function webVizList(): WebViz[] {
  return ALL;
}
