import { describe, expect, it } from 'vitest';
import { csvFileName, defaultDatasetName, MAX_DATASET_NAME } from './resultNames.js';

const AT = new Date(2026, 10, 28, 9, 5, 7);

describe('defaultDatasetName', () => {
  it('is the tab name and the local time to the second', () => {
    expect(defaultDatasetName('Delays by origin', AT)).toBe('Delays by origin 2026-11-28 09:05:07');
  });

  it('falls back to "Query" and stays within the name limit', () => {
    expect(defaultDatasetName('  ', AT)).toBe('Query 2026-11-28 09:05:07');
    expect(defaultDatasetName(null, AT)).toBe('Query 2026-11-28 09:05:07');
    expect(defaultDatasetName('x'.repeat(400), AT)).toHaveLength(MAX_DATASET_NAME);
  });
});

describe('csvFileName', () => {
  const utc = new Date(Date.UTC(2026, 10, 28, 16, 4, 59));
  it('is the tab name with safe characters and the UTC time', () => {
    expect(csvFileName('Delays by origin', utc)).toBe('Delays_by_origin_2026-11-28160459.csv');
    expect(csvFileName('a/b\\c"d', utc)).toBe('a_b_c_d_2026-11-28160459.csv');
  });

  it('falls back to "query"', () => {
    expect(csvFileName('', utc)).toBe('query_2026-11-28160459.csv');
  });
});
