import { describe, expect, it } from 'vitest';
import * as CHART_TYPES from './chartTypes.js';
import { VIZ_DEFINITIONS } from './registry.js';

const DEFINITIONS = Object.values(CHART_TYPES).flat();

describe('the shared registry, one line a chart type folder', () => {
  it('holds every definition the folders export, each key once', () => {
    const keys = DEFINITIONS.map((d) => d.meta.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...VIZ_DEFINITIONS.keys()].sort()).toEqual([...keys].sort());
  });

  it('places no two types at the same gallery place, so the order never rests on the lines', () => {
    const orders = DEFINITIONS.map((d) => d.meta.order);
    expect(new Set(orders).size).toBe(orders.length);
    expect(orders.every((n) => Number.isFinite(n))).toBe(true);
  });

  it('lists the types by their order', () => {
    const orders = [...VIZ_DEFINITIONS.values()].map((d) => d.meta.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });
});
