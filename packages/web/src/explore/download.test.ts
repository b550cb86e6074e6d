import { describe, expect, it } from 'vitest';
import { CAPTURE_EXCLUDE_SELECTOR, exportFileName, fitTitle, keepInCapture } from './download';

describe('download file names', () => {
  it('comes from the chart name with a timestamp', () => {
    expect(exportFileName('Delays by origin / month', 'csv', new Date('2025-03-04T05:06:07Z'))).toBe(
      'Delays_by_origin_month_20250304050607.csv',
    );
  });
  it("is 'chart' for an unsaved chart", () => {
    expect(exportFileName('  ', 'png', new Date('2025-03-04T05:06:07Z'))).toBe('chart_20250304050607.png');
  });
});

describe('chart image capture', () => {
  const element = (matching: string[]) => ({
    nodeType: 1,
    matches: (selector: string) => matching.some((m) => selector.split(', ').includes(m)),
  });

  it("leaves a dashboard chart's tools (filter indicators, ⋮ menu) and drag handles out of the image", () => {
    expect(keepInCapture(element(['.rama-dash-chart-tools']))).toBe(false);
    expect(keepInCapture(element(['.rama-drag-handle']))).toBe(false);
    expect(keepInCapture(element(['[data-capture-exclude]']))).toBe(false);
    expect(CAPTURE_EXCLUDE_SELECTOR).toContain('.rama-dash-chart-tools');
  });
  it('keeps the chart itself and text nodes', () => {
    expect(keepInCapture(element([]))).toBe(true);
    expect(keepInCapture({ nodeType: 3 })).toBe(true);
  });
  it('cuts a long title with an ellipsis to fit the image width', () => {
    const measure = (t: string) => t.length * 10;
    expect(fitTitle('Delays', 100, measure)).toBe('Delays');
    const cut = fitTitle('Average departure delay by origin airport', 100, measure);
    expect(cut.endsWith('…')).toBe(true);
    expect(measure(cut)).toBeLessThanOrEqual(100);
    expect(cut).toBe('Average d…');
  });
});
