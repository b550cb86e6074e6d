/**
 * The word cloud's component. `echarts-wordcloud` registers the `wordCloud` series on import (it
 * lays the words out on a canvas and draws them as ECharts text, so the SVG renderer draws them).
 */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import 'echarts-wordcloud';
import type { ChartSize } from '../../types';
import { ElementEChart } from '../ElementEChart';
import type { WordCloudChartProps } from './transformProps';

registerEChartsParts([TooltipComponent, SVGRenderer]);

export function WordCloudChart({ echartOptions, elements, ...size }: WordCloudChartProps & ChartSize) {
  return <ElementEChart option={echartOptions} elements={elements} styleKey="textStyle" {...size} />;
}
