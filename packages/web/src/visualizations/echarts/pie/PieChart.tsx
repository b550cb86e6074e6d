/** The pie's component: the ECharts parts it draws with, registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { PieChart as EPieChart } from 'echarts/charts';
import { GraphicComponent, LegendPlainComponent, LegendScrollComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { EChart } from '../EChart';
import type { PieChartProps } from './transformProps';

registerEChartsParts([EPieChart, TooltipComponent, LegendScrollComponent, LegendPlainComponent, GraphicComponent, SVGRenderer]);

export function PieChart({ echartOptions, width, height, onRendered }: PieChartProps & ChartSize) {
  return <EChart option={echartOptions} width={width} height={height} onRendered={onRendered} />;
}
