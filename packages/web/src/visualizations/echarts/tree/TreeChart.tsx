/**
 * The tree's component: the ECharts parts it draws with, registered in this chunk. A click opens
 * or closes a branch (not a cross-filter); a right click drills on the node's id.
 */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { TreeChart as ETreeChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { KeyedEChart } from '../KeyedEChart';
import type { TreeChartProps } from './transformProps';

registerEChartsParts([ETreeChart, TooltipComponent, SVGRenderer]);

const expandOnly = () => true;

export function TreeChart({ echartOptions, keyed, ...size }: TreeChartProps & ChartSize) {
  return <KeyedEChart option={echartOptions} keyed={keyed} onClick={expandOnly} {...size} />;
}
