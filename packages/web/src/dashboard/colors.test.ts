import { describe, expect, it } from 'vitest';
import { CategoricalColorScale } from '@rama/shared';
import { DashboardColorRegistry, labelColorsChanged } from './colors';

describe('dashboard colours (issue 12 part 5: shared label colours, label_colors overrides)', () => {
  it('the same label gets the same colour in every chart of the dashboard', () => {
    const colors = new DashboardColorRegistry({ colorScheme: 'bnbColors', labelColors: {} });
    const a = colors.scaleForChart(1, 'supersetColors');
    const b = colors.scaleForChart(2, null);
    const sfo = a.getColor('SFO');
    a.getColor('LAX');
    expect(b.getColor('LAX')).toBe(a.getColor('LAX'));
    expect(b.getColor('SFO')).toBe(sfo);
    expect(b.getColor('SEA')).not.toBe(sfo);
  });

  it("the dashboard's colour scheme overrides each chart's", () => {
    const colors = new DashboardColorRegistry({ colorScheme: 'bnbColors', labelColors: {} });
    expect(colors.schemeFor('supersetColors')).toBe('bnbColors');
    expect(colors.scaleForChart(1, 'supersetColors').getColor('x')).toBe(new CategoricalColorScale('bnbColors').getColor('x'));
    const none = new DashboardColorRegistry({ colorScheme: null, labelColors: {} });
    expect(none.schemeFor('bnbColors')).toBe('bnbColors');
  });

  it('label_colors win over the scheme', () => {
    const colors = new DashboardColorRegistry({ colorScheme: null, labelColors: { SFO: '#123456' } });
    expect(colors.scaleForChart(1, null).getColor('SFO')).toBe('#123456');
  });

  it('the stored labels keep their colours from one visit to the next', () => {
    const first = new DashboardColorRegistry({ colorScheme: 'supersetColors', labelColors: {} });
    const chart = first.scaleForChart(1, null);
    chart.getColor('b');
    chart.getColor('a');
    const stored = first.snapshot().map_label_colors;
    const next = new DashboardColorRegistry({ colorScheme: 'supersetColors', labelColors: {}, mapLabelColors: stored });
    // drawn in the other order this time
    expect(next.scaleForChart(3, null).getColor('a')).toBe(stored.a);
    expect(next.scaleForChart(3, null).getColor('b')).toBe(stored.b);
  });

  it('labels drawn by more than one chart are the shared ones; changes are announced', () => {
    const colors = new DashboardColorRegistry({ colorScheme: null, labelColors: {} });
    let calls = 0;
    const stop = colors.subscribe(() => (calls += 1));
    colors.scaleForChart(1, null).getColor('x');
    colors.scaleForChart(1, null).getColor('x');
    expect(calls).toBe(1);
    colors.scaleForChart(2, null).getColor('x');
    expect(calls).toBe(2);
    stop();
    expect(colors.snapshot().shared_label_colors).toEqual(['x']);
  });

  it('a sync is needed only when the colours differ from what json_metadata holds', () => {
    const snap = { map_label_colors: { a: '#111111' }, shared_label_colors: ['a'] };
    expect(labelColorsChanged({ map_label_colors: { a: '#111111' }, shared_label_colors: ['a'] }, snap)).toBe(false);
    expect(labelColorsChanged({ map_label_colors: { a: '#222222' }, shared_label_colors: ['a'] }, snap)).toBe(true);
    expect(labelColorsChanged({ map_label_colors: { a: '#111111' }, shared_label_colors: { a: '#111111' } }, snap)).toBe(false);
    expect(labelColorsChanged({}, snap)).toBe(true);
  });
});
