/**
 * The web half of every visualization, keyed by `viz_type`: the shared definition plus
 * transformProps, the lazily loaded component and the gallery thumbnail. Each chart type's folder
 * declares its own in its `index.ts` (a `WebViz`, or several for a family such as the timeseries);
 * this file finds them, so a new type needs no line here. The order is the shared registry's
 * (`VIZ_DEFINITIONS`, the gallery's order).
 */
import { VIZ_DEFINITIONS } from '@rama/shared';
import type { WebViz } from './types';

const MODULES = import.meta.glob<Record<string, unknown>>('./**/index.ts', { eager: true });

function isWebViz(value: unknown): value is WebViz {
  return typeof value === 'object' && value !== null && 'definition' in value && 'transformProps' in value && 'loadComponent' in value;
}

function collect(modules: Record<string, Record<string, unknown>>): Map<string, WebViz> {
  const found = new Map<string, WebViz>();
  for (const [path, exports] of Object.entries(modules)) {
    for (const value of Object.values(exports).flatMap((v) => (Array.isArray(v) ? v : [v]))) {
      if (!isWebViz(value)) continue;
      const key = value.definition.meta.key;
      const other = found.get(key);
      if (other && other !== value) throw new Error(`Two web visualizations for "${key}" (one in ${path})`);
      found.set(key, value);
    }
  }
  return found;
}

const FOUND = collect(MODULES);
const ALL: WebViz[] = [...VIZ_DEFINITIONS.keys()].flatMap((key) => FOUND.get(key) ?? []);
const BY_KEY = new Map(ALL.map((v) => [v.definition.meta.key, v]));

export function getWebViz(vizType: string): WebViz | undefined {
  return BY_KEY.get(vizType);
}

/** Every type, in gallery order. */
export function webVizList(): WebViz[] {
  return ALL;
}
