/** The chord diagram's component: ECharts' chord series, registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { ChordChart as EChordChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { KeyedEChart } from '../KeyedEChart';
import type { ChordChartProps } from './transformProps';

registerEChartsParts([EChordChart, TooltipComponent, SVGRenderer]);

export function ChordChart({ echartOptions, keyed, ...size }: ChordChartProps & ChartSize) {
  return <KeyedEChart option={echartOptions} keyed={keyed} {...size} />;
}
