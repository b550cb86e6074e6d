/**
 * Registers a map's shapes with ECharts under a name, once per page (a second registration of the
 * same name would re-parse the shapes on every chart drawn).
 */
import { registerMap } from 'echarts/core';
import type { RegionCollection } from './atlas';

const registered = new Set<string>();

export function ensureMap(name: string, shapes: () => RegionCollection): void {
  if (registered.has(name)) return;
  registerMap(name, shapes() as unknown as Parameters<typeof registerMap>[1]);
  registered.add(name);
}
