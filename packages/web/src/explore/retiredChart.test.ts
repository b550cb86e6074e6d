import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@rama/shared';
import { retiredConversion } from './retiredChart';

const fd = (viz_type: string, more: Record<string, unknown> = {}) => ({ viz_type, datasource: '1__table', ...more }) as QueryFormData;

describe('converting a retired chart type (issue 31: "opens with … a one-click conversion")', () => {
  it('converts an event flow chart with its own conversion (a table of the raw rows)', () => {
    const out = retiredConversion(fd('event_flow', { all_columns_x: 'event', entity: 'user_id', all_columns: ['ts'] }));
    expect(out && 'formData' in out ? out.formData.viz_type : null).toBe('table');
  });

  it('has nothing to convert for a type that is not retired, current or unknown', () => {
    expect(retiredConversion(fd('echarts_timeseries_bar'))).toBeNull();
    expect(retiredConversion(fd('no_such_type'))).toBeNull();
  });

  it('offers only current types Rama draws', () => {
    for (const type of ['event_flow', 'markup', 'separator', 'iframe', 'deck_arc', 'deck_scatter', 'line_multi']) {
      const out = retiredConversion(fd(type));
      if (out === null) continue;
      const target = 'formData' in out ? out.formData.viz_type : out.vizType;
      expect(typeof target).toBe('string');
    }
  });
});
