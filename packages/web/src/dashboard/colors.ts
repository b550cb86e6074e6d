/**
 * Dashboard colours (issue 12 part 5; spec section 3 "Dashboard metadata": color_scheme,
 * label_colors, shared_label_colors, map_label_colors): one shared categorical scale per
 * dashboard, so a label has the same colour in every chart. The dashboard's colour scheme, when
 * set, replaces each chart's; without one, charts of the same scheme share a scale. `label_colors`
 * always win. The labels the stored `map_label_colors` names are given out first, in its order,
 * so colours stay put from one visit to the next.
 */
import { CategoricalColorScale, getCategoricalScheme } from '@rama/shared';
import type { LabelColorScale } from '../visualizations/types';

export interface DashboardColorOptions {
  /** json_metadata.color_scheme (null: each chart's own) */
  colorScheme: string | null;
  /** json_metadata.label_colors: forced colours */
  labelColors: Record<string, string>;
  /** json_metadata.map_label_colors as stored: the labels to give colours to first */
  mapLabelColors?: Record<string, string>;
}

/** What PUT /{id}/colors stores about the labels seen. */
export interface LabelColorSnapshot {
  map_label_colors: Record<string, string>;
  /** labels drawn by more than one chart */
  shared_label_colors: string[];
}

export class DashboardColorRegistry {
  private readonly scales = new Map<string, CategoricalColorScale>();
  /** label → the colour it was first drawn with */
  private readonly used = new Map<string, string>();
  /** label → the charts that drew it */
  private readonly chartsOfLabel = new Map<string, Set<number>>();
  private readonly views = new Map<string, LabelColorScale>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: DashboardColorOptions) {
    const stored = Object.entries(options.mapLabelColors ?? {}).filter(([, color]) => typeof color === 'string');
    if (options.colorScheme) {
      // one scheme for every chart: the stored labels' colours are the scheme's (it may have changed)
      const scale = this.scaleOf(this.schemeFor(null));
      for (const [label] of stored) this.used.set(label, scale.getColor(label));
    } else {
      for (const [label, color] of stored) this.used.set(label, color);
    }
  }

  /** The scheme a chart draws with here: the dashboard's, else the chart's own. */
  schemeFor(chartScheme: string | null | undefined): string {
    return getCategoricalScheme(this.options.colorScheme || chartScheme).id;
  }

  private scaleOf(schemeId: string): CategoricalColorScale {
    let scale = this.scales.get(schemeId);
    if (!scale) {
      scale = new CategoricalColorScale(schemeId, this.options.labelColors);
      // the stored labels take their colours first, in the stored order
      for (const label of Object.keys(this.options.mapLabelColors ?? {})) scale.getColor(label);
      this.scales.set(schemeId, scale);
    }
    return scale;
  }

  /** The scale one chart draws with: the shared one, noting which labels the chart drew. Stable per chart and scheme. */
  scaleForChart(chartId: number, chartScheme: string | null | undefined): LabelColorScale {
    const schemeId = this.schemeFor(chartScheme);
    const key = `${chartId}\u0000${schemeId}`;
    let view = this.views.get(key);
    if (!view) {
      const scale = this.scaleOf(schemeId);
      view = {
        getColor: (label) => {
          const color = scale.getColor(label);
          this.note(chartId, label === null || label === undefined ? '' : String(label), color);
          return color;
        },
      };
      this.views.set(key, view);
    }
    return view;
  }

  private note(chartId: number, label: string, color: string): void {
    let changed = false;
    if (this.used.get(label) !== color) {
      this.used.set(label, color);
      changed = true;
    }
    let charts = this.chartsOfLabel.get(label);
    if (!charts) {
      charts = new Set();
      this.chartsOfLabel.set(label, charts);
    }
    if (!charts.has(chartId)) {
      charts.add(chartId);
      if (charts.size === 2) changed = true;
    }
    if (changed) for (const listener of this.listeners) listener();
  }

  /** Every label given a colour (stored or drawn), and the labels more than one chart drew. */
  snapshot(): LabelColorSnapshot {
    const shared = [...this.chartsOfLabel].filter(([, charts]) => charts.size > 1).map(([label]) => label);
    return { map_label_colors: Object.fromEntries(this.used), shared_label_colors: shared.sort() };
  }

  /** Called when a label gets a new colour or becomes shared (the caller debounces the sync). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

function sameMap(a: Record<string, string>, b: Record<string, string>): boolean {
  const ak = Object.keys(a);
  if (ak.length !== Object.keys(b).length) return false;
  return ak.every((k) => b[k] === a[k]);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const sortedB = [...b].sort();
  return [...a].sort().every((v, i) => v === sortedB[i]);
}

/** Does the snapshot differ from what json_metadata holds (so a sync is worth sending)? */
export function labelColorsChanged(
  stored: { map_label_colors?: Record<string, string>; shared_label_colors?: string[] | Record<string, string> },
  next: LabelColorSnapshot,
): boolean {
  const storedShared = Array.isArray(stored.shared_label_colors)
    ? stored.shared_label_colors
    : Object.keys(stored.shared_label_colors ?? {});
  return !sameMap(stored.map_label_colors ?? {}, next.map_label_colors) || !sameList(storedShared, next.shared_label_colors);
}
