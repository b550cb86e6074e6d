/**
 * The partition's component: holds the zoom (the box shown whole), lays the boxes out for it and
 * the chart's size, and draws them with ECharts' custom series registered in this chunk.
 */
import { useCallback, useMemo, useState } from 'react';
import { use as registerEChartsParts } from 'echarts/core';
import { CustomChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { KeyedEChart } from '../KeyedEChart';
import type { KeyedEvent } from '../keyedCrossFilter';
import { layoutPartition, zoomTarget, type PartitionZoom } from './layout';
import type { PartitionChartProps } from './transformProps';

registerEChartsParts([CustomChart, TooltipComponent, SVGRenderer]);

const zoomOf = (key: string): PartitionZoom => {
  const [metric, ...path] = key.split('/').map(Number);
  return { metric, path };
};

export function PartitionChart({ trees, settings, keyed, buildOption, ...size }: PartitionChartProps & ChartSize) {
  const [zoom, setZoom] = useState<PartitionZoom | null>(null);
  // new data may no longer hold the zoomed box: show everything then
  const shown = zoom && zoomTarget(trees, zoom) ? zoom : null;
  const rects = useMemo(
    () => layoutPartition(trees, settings, size.width, size.height, shown),
    [trees, settings, size.width, size.height, shown],
  );
  const option = useMemo(() => buildOption(rects), [buildOption, rects]);
  const filtering = Boolean(size.interaction?.emitCrossFilter);
  const onClick = useCallback(
    (e: KeyedEvent) => {
      const item = e.data as { filterKey?: string; back?: boolean } | undefined;
      if (!item?.filterKey) return true;
      if (filtering && !item.back) return false;
      const next = zoomOf(item.filterKey);
      const same = shown && next.metric === shown.metric && next.path.join('/') === shown.path.join('/');
      // the box shown whole goes back to its parent; a band's root back to every metric
      if (same || next.path.length === 0) setZoom(next.path.length && same ? { metric: next.metric, path: next.path.slice(0, -1) } : null);
      else setZoom(next);
      return true;
    },
    [filtering, shown],
  );
  return <KeyedEChart option={option} keyed={keyed} onClick={onClick} {...size} />;
}
