/**
 * The country map's component: the country's shapes (bundled, or fetched once from the server),
 * registered with ECharts, then the subdivisions drawn. A country without shapes shows what an
 * admin can do about it. In Explore a click zooms on a subdivision and a second click zooms out;
 * on a dashboard with cross-filtering a click filters.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { GeoComponent, GraphicComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { EChart } from '../EChart';
import { useInteractiveOption } from '../useEChartInteraction';
import { ensureMap } from '../geo/registerMaps';
import { interactiveRegionOption, useRegionHandlers } from '../geo/regionInteraction';
import { countryMapOption, type CountryShapes } from './option';
import { MissingCountryMap, loadCountryShapes, loadedCountryShapes } from './shapes';
import type { CountryMapChartProps } from './transformProps';

registerEChartsParts([GeoComponent, TooltipComponent, GraphicComponent, SVGRenderer]);
// the bundled US states are read while the chart's query runs (the chunk loads first)
const usa = loadedCountryShapes('usa');
if (usa) ensureMap(usa.mapName, () => usa.collection);

type Props = CountryMapChartProps & ChartSize;

function Message({ text, width, height, onRendered }: { text: string; width: number; height: number; onRendered?: () => void }) {
  // a chart that cannot draw is still done: dashboards and reports stop waiting for it
  useEffect(() => onRendered?.(), [text, onRendered]);
  return (
    <div style={{ width, height, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <Alert type="warning" showIcon title={text} />
    </div>
  );
}

function CountryMapDrawing({ shapes, ...props }: Props & { shapes: CountryShapes }) {
  const { width, height, onRendered, interaction, regionFilters, regions, legend, format, metricName } = props;
  const [focus, setFocus] = useState<string | null>(null);
  ensureMap(shapes.mapName, () => shapes.collection);
  const base = useMemo(
    () => countryMapOption({ regions, legend, format, metricName }, shapes, width, height, focus),
    [regions, legend, format, metricName, shapes, width, height, focus],
  );
  const option = useInteractiveOption(base, interaction, (o, crossFilter, animate) =>
    interactiveRegionOption(o, regionFilters, crossFilter, animate),
  );
  const eventHandlers = useRegionHandlers(interaction, regionFilters, (key) =>
    setFocus((current) => (key && key !== current ? key : null)),
  );
  return <EChart option={option} width={width} height={height} onRendered={onRendered} eventHandlers={eventHandlers} />;
}

export function CountryMapChart(props: Props) {
  const { t } = useTranslation('visualizations');
  const { country, countryLabel, width, height, onRendered } = props;
  const [state, setState] = useState<{ country: string; shapes: CountryShapes | null; missing: boolean; error: string | null }>(() => ({
    country: country ?? '',
    shapes: country ? loadedCountryShapes(country) : null,
    missing: false,
    error: null,
  }));
  useEffect(() => {
    if (!country || (state.country === country && (state.shapes || state.missing || state.error))) return undefined;
    let live = true;
    loadCountryShapes(country).then(
      (shapes) => live && setState({ country, shapes, missing: false, error: null }),
      (e: unknown) =>
        live &&
        setState({ country, shapes: null, missing: e instanceof MissingCountryMap, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [country, state]);

  const size = { width, height, onRendered };
  if (!country) return <Message text={t('countryMap.chooseCountry')} {...size} />;
  if (state.country !== country || (!state.shapes && !state.missing && !state.error)) return <div style={{ width, height }} />;
  if (state.missing) {
    return <Message text={t('countryMap.noMap', { country: countryLabel, file: `maps/${country}.geojson` })} {...size} />;
  }
  if (!state.shapes)
    return (
      <Message text={t('countryMap.loadFailed', { country: countryLabel, error: state.error ?? t('countryMap.unknownError') })} {...size} />
    );
  return <CountryMapDrawing key={country} {...props} shapes={state.shapes} />;
}
