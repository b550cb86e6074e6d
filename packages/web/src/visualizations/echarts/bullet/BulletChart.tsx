/** The bullet chart's component: the ECharts parts it draws with, registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { BarChart, ScatterChart } from 'echarts/charts';
import { GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { EChart } from '../EChart';
import type { BulletChartProps } from './transformProps';

registerEChartsParts([BarChart, ScatterChart, GridComponent, MarkLineComponent, TooltipComponent, SVGRenderer]);

export function BulletChart({ echartOptions, width, height, onRendered }: BulletChartProps & ChartSize) {
  return <EChart option={echartOptions} width={width} height={height} onRendered={onRendered} />;
}
