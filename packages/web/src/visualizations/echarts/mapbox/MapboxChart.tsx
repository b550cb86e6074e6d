/**
 * The point map's component: the offline base map (world countries, US states) on a geo component
 * that pans and zooms — or, when an administrator configured a tile source, map tiles under it.
 * On each zoom the points are clustered again at the new scale and only the marker series are
 * replaced, so the view stays where the user put it; "Live render" re-clusters on every zoom
 * step, without it once the zooming pauses. Tiles follow every pan and zoom.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert } from 'antd';
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { getInstanceByDom, use as registerEChartsParts, type EChartsType } from 'echarts/core';
import { ScatterChart } from 'echarts/charts';
import { GeoComponent, GraphicComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { EChart, type EChartEventHandlers } from '../EChart';
import { baseLayer } from '../geo/baseShapes';
import { ensureMap } from '../geo/registerMaps';
import { mapboxSeries } from './clusters';
import { nextZoom } from './nextZoom';
import { REFERENCE_PLACES, loadTileConfig, tilesGraphic, viewportFromPixels, visibleTiles, withTiles, type TileConfig } from './tiles';
import { BASE_MAP_NAME, type MapboxChartProps } from './transformProps';

registerEChartsParts([ScatterChart, GeoComponent, TooltipComponent, GraphicComponent, SVGRenderer]);
// asked and read while the chart's query runs (the chunk loads first), so the first draw waits for neither
void loadTileConfig();
ensureMap(BASE_MAP_NAME, baseLayer);

/** How long zooming must pause before re-clustering when "Live render" is off. */
const SETTLE_MS = 250;

type Pending = { clusters: number | null; settle: ReturnType<typeof setTimeout> | null; tiles: number | null };

export function MapboxChart({ model, echartOptions, error, width, height, onRendered }: MapboxChartProps & ChartSize) {
  const holder = useRef<HTMLDivElement>(null);
  const zoom = useRef(1);
  const pending = useRef<Pending>({ clusters: null, settle: null, tiles: null });
  const [tiles, setTiles] = useState<TileConfig | null>(null);
  const latest = useRef({ model, tiles, width, height });

  useEffect(() => {
    let live = true;
    void loadTileConfig().then((cfg) => live && setTiles(cfg));
    return () => {
      live = false;
    };
  }, []);

  const option = useMemo(
    () =>
      tiles?.enabled ? withTiles(echartOptions as Record<string, unknown>, model.view, tiles, model.style, width, height) : echartOptions,
    [echartOptions, tiles, model, width, height],
  );

  // new data, settings or size draw a new option: the view starts over at the fitted zoom
  useEffect(() => {
    latest.current = { model, tiles, width, height };
    zoom.current = 1;
  }, [model, tiles, width, height, option]);

  useEffect(() => {
    const p = pending.current;
    return () => {
      if (p.clusters !== null) cancelAnimationFrame(p.clusters);
      if (p.tiles !== null) cancelAnimationFrame(p.tiles);
      if (p.settle !== null) clearTimeout(p.settle);
    };
  }, []);

  const eventHandlers = useMemo((): EChartEventHandlers => {
    const chart = (): EChartsType | undefined => {
      const div = holder.current?.firstElementChild;
      const found = div instanceof HTMLElement ? getInstanceByDom(div) : undefined;
      return found && !found.isDisposed() ? found : undefined;
    };
    const recluster = () => {
      pending.current.clusters = null;
      pending.current.settle = null;
      chart()?.setOption({ series: mapboxSeries(latest.current.model, zoom.current) }, { lazyUpdate: true });
    };
    const retile = () => {
      pending.current.tiles = null;
      const c = chart();
      const { tiles: cfg, model: m, width: w, height: h } = latest.current;
      if (!c || !cfg?.enabled) return;
      const [a, b] = REFERENCE_PLACES;
      const aPx = c.convertToPixel({ geoIndex: 0 }, a) as [number, number] | undefined;
      const bPx = c.convertToPixel({ geoIndex: 0 }, b) as [number, number] | undefined;
      const viewport = aPx && bPx ? viewportFromPixels(a, aPx, b, bPx, w, h) : null;
      // the tiles are replaced as a whole: merged, ECharts keeps stale tiles and drops new ones
      if (viewport) {
        const elements = tilesGraphic(visibleTiles(viewport, cfg.maxZoom), m.style, cfg.attribution, w, h);
        c.setOption({ graphic: { elements } }, { replaceMerge: ['graphic'], lazyUpdate: true });
      }
    };
    return {
      georoam: (params: unknown) => {
        const { model: m, tiles: cfg } = latest.current;
        const p = pending.current;
        if (cfg?.enabled && p.tiles === null) p.tiles = requestAnimationFrame(retile);
        const before = zoom.current;
        zoom.current = nextZoom(before, (params as { zoom?: unknown }).zoom, m.minZoom, m.maxZoom);
        if (zoom.current === before) return; // a pan: the clusters stay as they are
        if (m.renderWhileDragging) {
          if (p.clusters === null) p.clusters = requestAnimationFrame(recluster);
        } else {
          if (p.settle !== null) clearTimeout(p.settle);
          p.settle = setTimeout(recluster, SETTLE_MS);
        }
      },
    };
  }, []);

  if (error) {
    return (
      <div style={{ width, height, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
        <Alert type="error" showIcon title={error} />
      </div>
    );
  }
  // the tile settings are asked for once per page, while the chunk loads; the map waits for them
  // so that it is drawn once, with or without tiles
  return (
    <div ref={holder} style={{ width, height }}>
      {tiles && <EChart option={option} width={width} height={height} onRendered={onRendered} eventHandlers={eventHandlers} />}
    </div>
  );
}
