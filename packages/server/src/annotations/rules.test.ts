import { describe, expect, it } from 'vitest';
import { annotationFieldErrors, nativeLayerRefs, overlapsRange, storedDttm } from './rules.js';

describe('annotation rules', () => {
  it('stores a date or date-time in UTC, taking one without a zone as UTC', () => {
    expect(storedDttm('2024-03-01')).toBe('2024-03-01T00:00:00');
    expect(storedDttm('2024-03-01 10:15')).toBe('2024-03-01T10:15:00');
    expect(storedDttm('2024-03-01T10:15:30.250Z')).toBe('2024-03-01T10:15:30');
    expect(storedDttm('2024-03-01T01:00:00+0200')).toBe('2024-02-29T23:00:00');
  });

  it('refuses text that is not a time and days that do not exist', () => {
    expect(storedDttm('yesterday')).toBeNull();
    expect(storedDttm('2023-02-29')).toBeNull();
    expect(storedDttm('2024-13-01')).toBeNull();
  });

  it('refuses an end before the start and JSON metadata that does not parse', () => {
    expect(annotationFieldErrors({ start_dttm: '2024-01-02', end_dttm: '2024-01-02' })).toEqual({});
    expect(annotationFieldErrors({ start_dttm: '2024-01-02', end_dttm: '2024-01-01', json_metadata: '[' })).toEqual({
      end_dttm: ['End date must be after start date'],
      json_metadata: ['JSON not valid'],
    });
  });

  it('shows an annotation that overlaps [since, until), open bounds admitting all', () => {
    const a = { start_dttm: '2024-01-10T00:00:00', end_dttm: '2024-01-20T00:00:00' };
    const d = (s: string) => new Date(`${s}T00:00:00Z`);
    expect(overlapsRange(a, d('2024-01-15'), d('2024-02-01'))).toBe(true);
    expect(overlapsRange(a, d('2024-01-20'), null)).toBe(true);
    expect(overlapsRange(a, d('2024-01-21'), null)).toBe(false);
    expect(overlapsRange(a, null, d('2024-01-10'))).toBe(false);
    expect(overlapsRange(a, null, null)).toBe(true);
  });

  it('picks the shown NATIVE layers of annotation_layers with a valid layer id', () => {
    expect(
      nativeLayerRefs([
        { name: 'A', sourceType: 'NATIVE', value: 3 },
        { name: 'B', sourceType: 'NATIVE', value: '4', show: true },
        { name: 'Hidden', sourceType: 'NATIVE', value: 5, show: false },
        { name: 'Chart', sourceType: 'table', value: 6 },
        { name: 'Bad', sourceType: 'NATIVE', value: 'x' },
        { sourceType: 'NATIVE', value: 7 },
      ]),
    ).toEqual([
      { name: 'A', layerId: 3 },
      { name: 'B', layerId: 4 },
    ]);
    expect(nativeLayerRefs('nope')).toEqual([]);
  });
});
