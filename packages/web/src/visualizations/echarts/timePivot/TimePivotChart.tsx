/** The time pivot's component: the ECharts parts it draws with, registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, LegendScrollComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { EChart } from '../EChart';
import type { TimePivotChartProps } from './transformProps';

registerEChartsParts([LineChart, GridComponent, TooltipComponent, LegendScrollComponent, LegendPlainComponent, SVGRenderer]);

export function TimePivotChart({ echartOptions, width, height, onRendered }: TimePivotChartProps & ChartSize) {
  return <EChart option={echartOptions} width={width} height={height} onRendered={onRendered} />;
}
