import { describe, expect, it } from 'vitest';
import { exportFileName } from './download';

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
