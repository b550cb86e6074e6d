/** The radar's component: the ECharts parts it draws with, registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { RadarChart as ERadarChart } from 'echarts/charts';
import { LegendPlainComponent, LegendScrollComponent, RadarComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { ElementEChart } from '../ElementEChart';
import type { RadarChartProps } from './transformProps';

registerEChartsParts([ERadarChart, RadarComponent, TooltipComponent, LegendScrollComponent, LegendPlainComponent, SVGRenderer]);

export function RadarChart({ echartOptions, elements, ...size }: RadarChartProps & ChartSize) {
  return <ElementEChart option={echartOptions} elements={elements} {...size} />;
}
