/**
 * One ECharts instance on a div. Each chart type registers only the ECharts parts it draws with
 * (`use([...])` from `echarts/core` in its own module), so the code for a type stays in its chunk.
 * The instance is created once, gets each new option whole (`notMerge`), follows the size it is
 * given and is disposed with the component.
 */
import { t } from '../../i18n';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { init, registerLocale, registerTheme, type EChartsCoreOption, type EChartsType } from 'echarts/core';
import langFR from 'echarts/lib/i18n/langFR.js';
import langDE from 'echarts/lib/i18n/langDE.js';
import type { Language } from '@rama/shared';
import { useThemeMode } from '../../core/ThemeProvider';
import { useLanguage } from '../../core/LanguageProvider';
import { DARK_ECHARTS_THEME, darkEChartsTheme, darkOption } from './darkOption';
import { prefersReducedMotion } from '../../core/motion';
import { withoutMotion } from './motion';
import './EChart.css';

registerTheme(DARK_ECHARTS_THEME, darkEChartsTheme);
// ECharts' own texts (toolbox titles, legend selector, its month names) in the page's language
registerLocale('FR', langFR);
registerLocale('DE', langDE);
const ECHARTS_LOCALES: Record<Language, string> = { en: 'EN', fr: 'FR', de: 'DE' };

/** Handlers by ECharts event name ('click', 'legendselectchanged', 'datazoom' …). */
export type EChartEventHandlers = Partial<Record<string, (params: unknown) => void>>;

export interface EChartProps {
  option: EChartsCoreOption;
  width: number;
  height: number;
  eventHandlers?: EChartEventHandlers;
  /** once per option, after ECharts has finished drawing it */
  onRendered?: () => void;
  className?: string;
}

/** On the chart's div while a right click's menu is open: its tooltip is not shown (EChart.css). */
export const MENU_OPEN_CLASS = 'rama-echart--menu-open';

export function EChart({ option, width, height, eventHandlers, onRendered, className }: EChartProps) {
  const divRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const sizeRef = useRef({ width, height });
  const awaitingRender = useRef(false);
  const drawnOnce = useRef(false);
  const onRenderedRef = useRef(onRendered);
  // a new look is a new instance (ECharts takes its theme at init), given the current option again
  const mode = useThemeMode();
  // so is a new language (ECharts takes its locale at init too)
  const { language } = useLanguage();

  useLayoutEffect(() => {
    onRenderedRef.current = onRendered;
  });

  useLayoutEffect(() => {
    const div = divRef.current;
    if (!div) return undefined;
    // SVG, not canvas: a hover changes two elements (the pointer line, the tooltip) and the browser
    // repaints just those; a canvas is repainted and re-uploaded whole on every mouse move, which
    // took ~70 ms a move for 20 × 1,000 points in Chromium without a GPU (bench/explore.mjs)
    const chart = init(div, mode === 'dark' ? DARK_ECHARTS_THEME : undefined, {
      renderer: 'svg',
      locale: ECHARTS_LOCALES[language],
      width: sizeRef.current.width,
      height: sizeRef.current.height,
    });
    chartRef.current = chart;
    chart.on('finished', () => {
      if (!awaitingRender.current) return;
      awaitingRender.current = false;
      onRenderedRef.current?.();
    });
    return () => {
      chartRef.current = null;
      drawnOnce.current = false;
      chart.dispose();
    };
  }, [mode, language]);

  useLayoutEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    awaitingRender.current = true;
    // a reader who asks for less motion (and a report capture, which must not catch a chart mid-way)
    // gets the chart drawn at once; so does a drawn chart given a new option for a new size (a
    // resized window or dashboard cell), which would otherwise grow again from nothing
    const resized = drawnOnce.current && (sizeRef.current.width !== width || sizeRef.current.height !== height);
    drawnOnce.current = true;
    const themed = mode === 'dark' ? darkOption(option) : option;
    chart.setOption(prefersReducedMotion() || resized ? withoutMotion(themed) : themed, { notMerge: true, lazyUpdate: true });
    // the size is read in the render that brought the option
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [option, mode]);

  useLayoutEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    if (sizeRef.current.width === width && sizeRef.current.height === height) return;
    sizeRef.current = { width, height };
    chart.resize({ width, height });
  }, [width, height]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || !eventHandlers) return undefined;
    const bound = Object.entries(eventHandlers).filter((e): e is [string, (p: unknown) => void] => typeof e[1] === 'function');
    for (const [name, handler] of bound) chart.on(name, handler);
    return () => {
      // on unmount the instance is disposed first (a layout effect), with its handlers
      if (chart.isDisposed()) return;
      for (const [name, handler] of bound) chart.off(name, handler);
    };
  }, [eventHandlers, mode]);

  // a right click opens the drill menu at the pointer: the tooltip, drawn above everything, would
  // cover it ("Drill to detail" hidden), so it is hidden from the right click until the menu goes
  // (the next press of a button elsewhere, or Escape)
  useEffect(() => {
    const div = divRef.current;
    if (!div) return undefined;
    const release = () => {
      div.classList.remove(MENU_OPEN_CLASS);
      document.removeEventListener('pointerdown', onPress, true);
      document.removeEventListener('keydown', onKey, true);
    };
    const onPress = (e: PointerEvent) => {
      if (e.button !== 2) release();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') release();
    };
    const onMenu = () => {
      chartRef.current?.dispatchAction({ type: 'hideTip' });
      div.classList.add(MENU_OPEN_CLASS);
      document.addEventListener('pointerdown', onPress, true);
      document.addEventListener('keydown', onKey, true);
    };
    div.addEventListener('contextmenu', onMenu);
    return () => {
      div.removeEventListener('contextmenu', onMenu);
      release();
    };
  }, []);

  const label = useMemo(() => describeOption(option), [option]);
  return <div ref={divRef} className={className} style={{ width, height }} role="img" aria-label={label} />;
}

/**
 * What a screen reader hears for the chart: the legend's entries (series or slice names, at most
 * 50), rather than every axis label and tick the drawing holds.
 */
export function describeOption(option: EChartsCoreOption): string {
  const names: string[] = [];
  const series = (option as { series?: unknown }).series;
  for (const s of Array.isArray(series) ? series : series ? [series] : []) {
    const one = s as { name?: unknown; type?: unknown; data?: unknown };
    if (one.type === 'pie' && Array.isArray(one.data)) {
      for (const d of one.data) if (typeof (d as { name?: unknown }).name === 'string') names.push((d as { name: string }).name);
    } else if (typeof one.name === 'string' && one.name) names.push(one.name);
    if (names.length >= 50) break;
  }
  return names.length ? t('visualizations:chartAria', { names: names.slice(0, 50).join(', ') }) : t('visualizations:chartAriaEmpty');
}
