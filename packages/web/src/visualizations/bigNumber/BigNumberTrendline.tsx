/** Big number with trendline: the text above a small area chart of the series. */
import { useEffect } from 'react';
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../types';
import { EChart } from '../echarts/EChart';
import { BigNumberView, textBlockHeight } from './BigNumberView';
import type { BigNumberProps } from './transformProps';

registerEChartsParts([LineChart, GridComponent, TooltipComponent, SVGRenderer]);

/** Below this the line says nothing; the number is shown alone. */
const MIN_TREND_HEIGHT = 24;

export function BigNumberTrendline({ width, height, onRendered, ownState: _o, setOwnState: _s, ...props }: BigNumberProps & ChartSize) {
  const trendHeight = props.trendline ? Math.floor(height - textBlockHeight(props, width, height)) : 0;
  const drawsTrend = props.trendline !== null && props.headline !== null && trendHeight >= MIN_TREND_HEIGHT;

  useEffect(() => {
    if (drawsTrend) return undefined;
    const frame = requestAnimationFrame(() => onRendered?.());
    return () => cancelAnimationFrame(frame);
  }, [drawsTrend, props.headline, width, height, onRendered]);

  return (
    <BigNumberView props={props} width={width} height={height}>
      {drawsTrend && props.trendline ? (
        <EChart option={props.trendline} width={width} height={trendHeight} onRendered={onRendered} />
      ) : null}
    </BigNumberView>
  );
}
