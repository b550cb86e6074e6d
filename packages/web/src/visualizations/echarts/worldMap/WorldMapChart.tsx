/** The world map's component: the world's countries registered once, the option drawn on a geo component. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { ScatterChart } from 'echarts/charts';
import { GeoComponent, GraphicComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { EChart } from '../EChart';
import { useInteractiveOption } from '../useEChartInteraction';
import { worldCountries } from '../geo/worldShapes';
import { ensureMap } from '../geo/registerMaps';
import { interactiveRegionOption, useRegionHandlers } from '../geo/regionInteraction';
import { WORLD_MAP_NAME } from './shapes';
import type { WorldMapChartProps } from './transformProps';

registerEChartsParts([ScatterChart, GeoComponent, TooltipComponent, GraphicComponent, SVGRenderer]);
// the shapes are read while the chart's query runs (the chunk loads first), not after its data arrives
ensureMap(WORLD_MAP_NAME, worldCountries);

export function WorldMapChart({ echartOptions, regionFilters, width, height, onRendered, interaction }: WorldMapChartProps & ChartSize) {
  const option = useInteractiveOption(echartOptions, interaction, (o, crossFilter, animate) =>
    interactiveRegionOption(o, regionFilters, crossFilter, animate),
  );
  const eventHandlers = useRegionHandlers(interaction, regionFilters);
  return <EChart option={option} width={width} height={height} onRendered={onRendered} eventHandlers={eventHandlers} />;
}
